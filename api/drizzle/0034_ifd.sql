-- IFD and IFDOCO (一括注文): a resting order may carry the closing orders to place on the position
-- it opens, in the same transaction as its fill: a take-profit limit, a stop-loss stop, or both,
-- which then make an OCO on that position. Prices in the market's price units.
ALTER TABLE "orders" ADD COLUMN "ifd_legs" jsonb;--> statement-breakpoint
-- A closing order an IFD placed names its parent and its leg; one of each per parent, however
-- many workers fill the parent.
ALTER TABLE "orders" ADD COLUMN "parent_order_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ifd_leg" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_ifd_leg_idx" ON "orders" USING btree ("parent_order_id","ifd_leg") WHERE parent_order_id IS NOT NULL;
