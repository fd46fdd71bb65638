-- Every fill keeps the book it was priced against, written in the same transaction as the fill:
-- the feed's epoch and seq of the book, the side of it the fill walked as it stood (`seen`), what
-- it took of each level (`taken`), and the result (the exact notional in price units × shares
-- and the average). `npm run fills:replay` walks the stored levels again and compares the
-- result with the order, the position and the journal. An opening and a close are one row each
-- (`kind`); a block trade or a new share's allotment is off the book (`off_book`): no epoch, no
-- levels, the agreed price only. The app role may add rows, never change or remove them.
CREATE TABLE fill_books (
  position_id bigint NOT NULL REFERENCES positions (id),
  kind text NOT NULL CHECK (kind IN ('open', 'close')),
  order_id bigint REFERENCES orders (id),
  market text NOT NULL CHECK (market IN ('JP', 'US')),
  symbol text NOT NULL,
  side text NOT NULL CHECK (side IN ('long', 'short')),
  quantity integer NOT NULL CHECK (quantity > 0),
  off_book boolean NOT NULL DEFAULT false,
  epoch text,
  seq bigint,
  seen jsonb NOT NULL DEFAULT '[]',
  taken jsonb NOT NULL DEFAULT '[]',
  scaled_notional numeric NOT NULL,
  average_units numeric NOT NULL,
  price text NOT NULL,
  filled_at_ms bigint NOT NULL,
  -- A position opens once and closes once: the fill is its position and its kind, no id of its own.
  PRIMARY KEY (position_id, kind),
  CONSTRAINT fill_books_stamped CHECK (off_book OR (epoch IS NOT NULL AND seq IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX fill_books_day_idx ON fill_books (market, filled_at_ms);
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON fill_books FROM kabuto_app;
