-- New shares (IPO): offerings operations create, members' subscriptions (one per member per
-- offering), and each offering's published draw. Money moves only through journals: a winner's
-- payment is an `ipo_payment` hold (available -> held) that listing day turns into the position.
CREATE TABLE ipo_offerings (
  id bigserial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  market text NOT NULL CHECK (market IN ('JP', 'US')),
  name_ja text NOT NULL,
  name_en text NOT NULL,
  name_zh_hant text NOT NULL,
  sector text NOT NULL,
  -- The price band (仮条件) and, once decided, the offer price: minor units a share.
  band_low_minor bigint NOT NULL CHECK (band_low_minor > 0),
  band_high_minor bigint NOT NULL CHECK (band_high_minor >= band_low_minor),
  offer_price_minor bigint CHECK (offer_price_minor BETWEEN band_low_minor AND band_high_minor),
  units_offered integer NOT NULL CHECK (units_offered > 0),
  -- Trading days in the exchange's zone; the windows' times are the rules module's.
  book_open_date text NOT NULL,
  book_close_date text NOT NULL,
  price_date text NOT NULL,
  payment_end_date text NOT NULL,
  listing_date text NOT NULL,
  lockup_days integer NOT NULL DEFAULT 0 CHECK (lockup_days >= 0),
  release_multiple_ppm integer CHECK (release_multiple_ppm > 1000000),
  -- open (book-building by the clock), priced, drawn, listed: what the clock cannot say.
  stage text NOT NULL DEFAULT 'open' CHECK (stage IN ('open', 'priced', 'drawn', 'listed')),
  -- The draw's secret seed, published at the draw; its SHA-256 is public from the start.
  seed text NOT NULL,
  commitment text NOT NULL,
  -- When the payment deadline's lapse and waitlist pass ran.
  lapsed_at_ms bigint,
  created_at_ms bigint NOT NULL,
  updated_at_ms bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE ipo_subscriptions (
  id bigserial PRIMARY KEY,
  offering_id bigint NOT NULL REFERENCES ipo_offerings(id),
  member_id uuid NOT NULL REFERENCES members(id),
  -- The declared price, minor units a share; null for "at the offer price" (strike).
  price_minor bigint CHECK (price_minor > 0),
  units integer NOT NULL CHECK (units > 0),
  -- Secret to the member's entry hash: SHA-256(code | id | salt).
  salt text NOT NULL,
  state text NOT NULL CHECK (state IN ('declared', 'cancelled', 'excluded', 'lost', 'waitlisted', 'won', 'paid', 'lapsed', 'allotted')),
  exclusion text CHECK (exclusion IN ('below_price', 'insufficient_cash')),
  units_won integer NOT NULL DEFAULT 0 CHECK (units_won >= 0),
  waitlist_place integer,
  pay_by_ms bigint,
  paid_minor bigint CHECK (paid_minor > 0),
  payment_journal_id bigint REFERENCES journals(id),
  position_id bigint REFERENCES positions(id),
  created_at_ms bigint NOT NULL,
  updated_at_ms bigint NOT NULL,
  CHECK (state NOT IN ('paid', 'allotted') OR (paid_minor IS NOT NULL AND payment_journal_id IS NOT NULL))
);
--> statement-breakpoint
-- One subscription per member per new share; a cancelled one makes room for a new one.
CREATE UNIQUE INDEX ipo_subscriptions_one_per_member ON ipo_subscriptions (offering_id, member_id) WHERE state <> 'cancelled';
--> statement-breakpoint
CREATE INDEX ipo_subscriptions_member_idx ON ipo_subscriptions (member_id, id);
--> statement-breakpoint
CREATE INDEX ipo_subscriptions_offering_idx ON ipo_subscriptions (offering_id, state);
--> statement-breakpoint
-- The published draw: the seed, the eligible entries in order, who won and the waitlist.
CREATE TABLE ipo_draws (
  offering_id bigint PRIMARY KEY REFERENCES ipo_offerings(id),
  seed text NOT NULL,
  units_offered integer NOT NULL,
  entries jsonb NOT NULL,
  won jsonb NOT NULL,
  waitlist jsonb NOT NULL,
  drawn_at_ms bigint NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER ipo_draws_append_only BEFORE UPDATE OR DELETE ON ipo_draws FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- A published draw is never rewritten; offerings and subscriptions change state but are never removed.
REVOKE UPDATE, DELETE, TRUNCATE ON ipo_draws FROM kabuto_app;
--> statement-breakpoint
REVOKE DELETE, TRUNCATE ON ipo_offerings, ipo_subscriptions FROM kabuto_app;
