-- Follow (copy) trading. A lead trader is a member operations approved, with a public profile
-- (nickname, avatar, bio) and never their name or balances; their record is computed from their
-- own journals and positions, so nothing here stores a return.
CREATE TABLE lead_traders (
  member_id uuid PRIMARY KEY REFERENCES members(id),
  nickname text NOT NULL,
  avatar text NOT NULL,
  bio text NOT NULL DEFAULT '',
  -- The book the lead trades and is copied in: JPY for Tokyo, USD for US stocks.
  currency text NOT NULL CHECK (currency IN ('JPY', 'USD')),
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'suspended')),
  applied_at_ms bigint NOT NULL,
  decided_at_ms bigint,
  decided_by uuid,
  reason text
);
--> statement-breakpoint
CREATE UNIQUE INDEX lead_traders_nickname_idx ON lead_traders (lower(nickname));
--> statement-breakpoint
CREATE INDEX lead_traders_status_idx ON lead_traders (status, applied_at_ms);
--> statement-breakpoint
-- A follower copying a lead. The copy's cash is the member's `copy` ledger account, shared out
-- between their copies by the journals' refs (`copy:<id>`); invested is what was put in less what
-- was taken out, equal to the copy_in and copy_out journals (the ledger check compares them).
CREATE TABLE copies (
  id bigserial PRIMARY KEY,
  follower_id uuid NOT NULL REFERENCES members(id),
  lead_id uuid NOT NULL REFERENCES lead_traders(member_id),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('active', 'stopped')),
  stop_pct integer NOT NULL CHECK (stop_pct BETWEEN 5 AND 95),
  period_days integer NOT NULL CHECK (period_days > 0),
  profit_share_pct integer NOT NULL CHECK (profit_share_pct BETWEEN 0 AND 50),
  invested_minor bigint NOT NULL CHECK (invested_minor >= 0),
  -- The realised profit a share was already paid on: the high-water mark.
  high_water_minor bigint NOT NULL DEFAULT 0 CHECK (high_water_minor >= 0),
  -- The lead's positions with a larger id are mirrored: those opened after the copy began.
  after_position_id bigint NOT NULL,
  started_at_ms bigint NOT NULL,
  ends_at_ms bigint NOT NULL,
  stopped_at_ms bigint,
  stop_reason text CHECK (stop_reason IN ('member', 'stop_loss', 'time_limit', 'lead_suspended')),
  CHECK (follower_id <> lead_id),
  CHECK ((status = 'stopped') = (stopped_at_ms IS NOT NULL))
);
--> statement-breakpoint
-- One running copy of a lead per follower.
CREATE UNIQUE INDEX copies_active_idx ON copies (follower_id, lead_id) WHERE status = 'active';
--> statement-breakpoint
CREATE INDEX copies_lead_idx ON copies (lead_id, status);
--> statement-breakpoint
CREATE INDEX copies_follower_idx ON copies (follower_id, id);
--> statement-breakpoint
-- Each lead position a copy saw: mirrored (with the follower's position) or skipped (it rounded
-- to zero units). The primary key is what makes mirroring idempotent: a second worker, or a pass
-- after a crash, cannot mirror the same lead position into the same copy twice.
CREATE TABLE mirrors (
  copy_id bigint NOT NULL REFERENCES copies(id),
  lead_position_id bigint NOT NULL REFERENCES positions(id),
  follower_position_id bigint UNIQUE REFERENCES positions(id),
  quantity integer NOT NULL CHECK (quantity >= 0),
  status text NOT NULL CHECK (status IN ('skipped', 'open', 'closed')),
  created_at_ms bigint NOT NULL,
  PRIMARY KEY (copy_id, lead_position_id),
  CHECK ((status = 'skipped') = (follower_position_id IS NULL))
);
--> statement-breakpoint
CREATE INDEX mirrors_open_idx ON mirrors (lead_position_id) WHERE status = 'open';
--> statement-breakpoint
-- Copies and mirrors change state but are never removed: their journals name them.
REVOKE DELETE, TRUNCATE ON lead_traders, copies, mirrors FROM kabuto_app;
