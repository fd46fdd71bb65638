-- The invitation reward: paid to the inviter once an invited member is verified and has made a
-- first deposit. The primary key is the invitee, so a member earns their inviter one reward at
-- most, however often verification is approved or deposits arrive, from any process. A row
-- without a journal records a reward the year's cap left nothing of (yen_minor 0).
CREATE TABLE invitation_rewards (
  invitee_id uuid PRIMARY KEY REFERENCES members(id),
  inviter_id uuid NOT NULL REFERENCES members(id),
  yen_minor bigint NOT NULL CHECK (yen_minor >= 0),
  journal_id bigint REFERENCES journals(id),
  tokyo_date text NOT NULL,
  created_at_ms bigint NOT NULL,
  CHECK ((yen_minor = 0) = (journal_id IS NULL))
);
--> statement-breakpoint
CREATE INDEX invitation_rewards_inviter_idx ON invitation_rewards (inviter_id, created_at_ms);
--> statement-breakpoint
-- Who invited whom is read by inviter (the invitation screen, the reward hook).
CREATE INDEX members_invited_by_idx ON members (invited_by);
--> statement-breakpoint
-- A reward taken back by operations (abuse): the adjusting journal that took it back, the reward
-- journal it reversed (once: the primary key), the staff member and their reason.
CREATE TABLE reward_reversals (
  reward_journal_id bigint PRIMARY KEY REFERENCES journals(id),
  member_id uuid NOT NULL REFERENCES members(id),
  journal_id bigint NOT NULL REFERENCES journals(id),
  yen_minor bigint NOT NULL CHECK (yen_minor > 0),
  staff_id uuid NOT NULL,
  reason text NOT NULL,
  tokyo_date text NOT NULL,
  created_at_ms bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX reward_reversals_member_idx ON reward_reversals (member_id, created_at_ms);
--> statement-breakpoint
CREATE TRIGGER invitation_rewards_append_only BEFORE UPDATE OR DELETE ON invitation_rewards FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER reward_reversals_append_only BEFORE UPDATE OR DELETE ON reward_reversals FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- The app's role may record rewards and reversals but never change or remove them.
REVOKE UPDATE, DELETE, TRUNCATE ON invitation_rewards, reward_reversals FROM kabuto_app;
