-- The TSE's execution conditions on a Tokyo limit order at the TSE: `ioc` (filled at once or
-- cancelled at once) and `funari` (不成: a limit during the day, a market order at the day's close
-- if it has not filled). Null for an ordinary order, and for every order before now.
ALTER TABLE "orders" ADD COLUMN "condition" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_condition" CHECK (
  "condition" IS NULL OR ("condition" IN ('ioc', 'funari') AND "venue" = 'tse' AND "type" = 'limit')
);
