-- The daily check-in: one row per member per Tokyo day; the primary key makes a second check-in
-- the same day (from any process) a no-op, so points are earned once.
CREATE TABLE checkins (
  member_id uuid NOT NULL REFERENCES members(id),
  tokyo_date text NOT NULL,
  streak integer NOT NULL CHECK (streak >= 1),
  points integer NOT NULL CHECK (points >= 0),
  created_at_ms bigint NOT NULL,
  PRIMARY KEY (member_id, tokyo_date)
);
--> statement-breakpoint
-- Points turned into cash: each row is paid by the reward journal it names.
CREATE TABLE reward_conversions (
  id bigserial PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  points integer NOT NULL CHECK (points > 0),
  yen_minor bigint NOT NULL CHECK (yen_minor > 0),
  journal_id bigint NOT NULL REFERENCES journals(id),
  tokyo_date text NOT NULL,
  created_at_ms bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX reward_conversions_member_idx ON reward_conversions (member_id, id);
--> statement-breakpoint
-- Points and conversions are a record of what was earned and paid: never edited, never removed.
CREATE TRIGGER checkins_append_only BEFORE UPDATE OR DELETE ON checkins FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER reward_conversions_append_only BEFORE UPDATE OR DELETE ON reward_conversions FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- The app's role may add check-ins and conversions but never change or remove them.
REVOKE UPDATE, DELETE, TRUNCATE ON checkins, reward_conversions FROM kabuto_app;
--> statement-breakpoint
-- Loans and credit lines change state but are never removed: a deleted loan would orphan its journals.
REVOKE DELETE ON loans, credit_lines FROM kabuto_app;
