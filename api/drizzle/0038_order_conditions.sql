-- The TSE's execution conditions on a Tokyo limit order at the TSE: `ioc` (filled at once or
-- cancelled at once), `funari` (不成: a limit during the day, a market order at the day's close
-- if it has not filled), `open` and `close` (寄付, 引け: traded only in the day's opening or
-- closing auction). Null for an ordinary order, and for every order before now.
ALTER TABLE "orders" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_condition" CHECK (
  "condition" IS NULL OR ("condition" IN ('ioc', 'funari', 'open', 'close') AND "venue" = 'tse' AND "type" = 'limit')
);
