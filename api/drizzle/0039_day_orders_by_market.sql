-- The expiry of day orders looks for each market's lapsed orders: Tokyo's through Tokyo's date,
-- New York's through New York's. While the two dates differ, a range on the date alone takes in
-- every order valid through the later one (all the waiting stops of the day), so the index leads
-- with the market (the symbol's prefix) and each market reads only its own lapsed orders. It
-- replaces the index on the date alone, which no other query reads. PTS orders lapse by their
-- session's end instead (`orders_pts_lapse_idx`).
DROP INDEX IF EXISTS "orders_day_orders_idx";--> statement-breakpoint
CREATE INDEX "orders_day_orders_market_idx" ON "orders" USING btree (split_part("symbol", ':', 1), "valid_date", "id") WHERE status = 'pending' AND valid_date IS NOT NULL AND lapses_at_ms IS NULL;
