-- Stop and stop-limit orders (逆指値) wait in the broker's own engine until the last trade crosses
-- their trigger. A waiting stop is a pending order with a trigger and no trigger time; firing it
-- sets `triggered_at_ms` in one conditional update, so two workers fire it once. A stop is valid
-- for one trading date (`valid_date`), after whose close the worker cancels it and releases its hold.
-- A closing order (a stop, or a limit as take-profit) names the position it closes instead of
-- opening one.
ALTER TABLE "orders" ADD COLUMN "trigger_units" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "triggered_at_ms" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "valid_date" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closes_position_id" bigint;--> statement-breakpoint
-- A trailing stop: how far its trigger follows the best price; the worker only ever moves the trigger towards the price.
ALTER TABLE "orders" ADD COLUMN "trail_units" bigint;--> statement-breakpoint
-- Each worker pass reads the waiting stops its symbols' last prices cross, by symbol, side and trigger,
-- so a pass costs the stops that fire rather than all that wait; a closing position cancels the
-- orders that would close it.
CREATE INDEX "orders_waiting_stops_idx" ON "orders" USING btree ("symbol","side","trigger_units") WHERE status = 'pending' AND trigger_units IS NOT NULL AND triggered_at_ms IS NULL;--> statement-breakpoint
CREATE INDEX "orders_trailing_stops_idx" ON "orders" USING btree ("id") WHERE status = 'pending' AND trail_units IS NOT NULL AND trigger_units IS NOT NULL AND triggered_at_ms IS NULL;--> statement-breakpoint
CREATE INDEX "orders_closes_position_idx" ON "orders" USING btree ("closes_position_id") WHERE status = 'pending' AND closes_position_id IS NOT NULL;--> statement-breakpoint
-- The worker's other two reads stay off the waiting stops: the lapsed day orders by date, and the
-- orders it may fill (resting limits and fired stops) in order.
CREATE INDEX "orders_day_orders_idx" ON "orders" USING btree ("valid_date","id") WHERE status = 'pending' AND valid_date IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_fillable_idx" ON "orders" USING btree ("id") WHERE status = 'pending' AND (trigger_units IS NULL OR triggered_at_ms IS NOT NULL);
