-- Alerts on the last five minutes: a move of so many percent either way (`move_5m`) and a volume
-- spike of so many times the usual five minutes (`volume_spike`). A notice of one keeps the
-- figure that met it.
ALTER TABLE alerts DROP CONSTRAINT alerts_kind_check;--> statement-breakpoint
ALTER TABLE alerts ADD CONSTRAINT alerts_kind_check
  CHECK (kind IN ('price_above', 'price_below', 'change_above', 'change_below', 'move_5m', 'volume_spike'));--> statement-breakpoint
ALTER TABLE alert_notices ADD COLUMN figure text;
