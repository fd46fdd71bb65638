-- Day trading (one-day margin). A day-trade position is an ordinary position marked as such: it
-- opened under the day-trade margin rule and the worker closes it at the day's cut-off.
ALTER TABLE positions ADD COLUMN day_trade boolean NOT NULL DEFAULT false;
--> statement-breakpoint
-- The worker's cut-off looks only at open day trades.
CREATE INDEX positions_day_trade_holding_idx ON positions (id) WHERE day_trade AND status = 'holding';
--> statement-breakpoint
-- A member's application to day trade, reviewed by operations: pending, then approved or rejected
-- (with the reviewer's reason). One live (pending or approved) application per member.
CREATE TABLE day_trade_applications (
  id bigserial PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  -- When the member agreed to the risks and the forced close, as the agreement screen states them.
  agreed_at_ms bigint NOT NULL,
  created_at_ms bigint NOT NULL,
  decided_at_ms bigint,
  decided_by uuid,
  reason text,
  CHECK ((status = 'pending') = (decided_at_ms IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX day_trade_applications_live ON day_trade_applications (member_id)
  WHERE status IN ('pending', 'approved');
--> statement-breakpoint
CREATE INDEX day_trade_applications_status_idx ON day_trade_applications (status, id);
--> statement-breakpoint
-- Applications change state but are never removed: the review is part of the member's record.
REVOKE DELETE, TRUNCATE ON day_trade_applications FROM kabuto_app;
