-- The PTS (a second venue for Tokyo's names) and the smart route. An order names where it went:
-- `tse`, `pts` or `smart` for a Tokyo name, null for a US one (one venue there); every Tokyo
-- order before now went to the TSE. A filled order keeps its route: the shares done at the PTS
-- (the rest at the TSE) and what the smart route saved the member against the TSE's own book, in
-- minor units. A PTS order lapses when the PTS session it was placed in ends (`lapses_at_ms`),
-- not at the TSE's close; null where the PTS never closes (MARKET_HOURS=always).
ALTER TABLE "orders" ADD COLUMN "venue" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pts_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "saved_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lapses_at_ms" bigint;--> statement-breakpoint
UPDATE "orders" SET "venue" = 'tse' WHERE "symbol" LIKE 'JP:%';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_venue" CHECK (
  ("symbol" LIKE 'JP:%' AND "venue" IN ('tse', 'pts', 'smart')) OR ("symbol" NOT LIKE 'JP:%' AND "venue" IS NULL)
);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_route" CHECK (
  "pts_quantity" >= 0 AND "pts_quantity" <= "quantity" AND "saved_minor" >= 0
);--> statement-breakpoint
-- The worker lapses pending PTS orders by the end of their session.
CREATE INDEX "orders_pts_lapse_idx" ON "orders" USING btree ("lapses_at_ms", "id") WHERE status = 'pending' AND lapses_at_ms IS NOT NULL;--> statement-breakpoint
-- A fill that walked the PTS's book keeps that book's epoch and seq beside the TSE's (`epoch`,
-- `seq`, null for a fill at the PTS alone); each level of `seen` and `taken` it walked names its
-- venue (`{"price", "size", "venue"}`), in the order the fill took them, so a replay walks the
-- same levels to the same price and counts the shares done at each venue.
ALTER TABLE "fill_books" ADD COLUMN "pts_epoch" text;--> statement-breakpoint
ALTER TABLE "fill_books" ADD COLUMN "pts_seq" bigint;--> statement-breakpoint
ALTER TABLE "fill_books" DROP CONSTRAINT "fill_books_stamped";--> statement-breakpoint
ALTER TABLE "fill_books" ADD CONSTRAINT "fill_books_stamped" CHECK (
  "off_book" OR ("epoch" IS NOT NULL AND "seq" IS NOT NULL) OR ("pts_epoch" IS NOT NULL AND "pts_seq" IS NOT NULL)
);
