-- Block trades: offerings operations publish (立会外分売: a block at a fixed price, drawn by equal
-- lottery when oversubscribed), instruments open to negotiated bids (ToSTNeT: a member's own price
-- within the band), and members' applications to either. Money moves only through journals: an
-- application's `block_hold` (available -> held), its `block_release`, and the position's opening.
CREATE TABLE block_offerings (
  id bigserial PRIMARY KEY,
  symbol text NOT NULL,
  market text NOT NULL CHECK (market IN ('JP', 'US')),
  currency text NOT NULL CHECK (currency IN ('JPY', 'USD')),
  -- The fixed price a share, as the ledger writes a price (a plain decimal of major units).
  price text NOT NULL,
  shares_offered integer NOT NULL CHECK (shares_offered > 0),
  min_shares integer NOT NULL CHECK (min_shares > 0),
  max_shares integer NOT NULL CHECK (max_shares >= min_shares),
  opens_at_ms bigint NOT NULL,
  closes_at_ms bigint NOT NULL CHECK (closes_at_ms > opens_at_ms),
  lockup_days integer NOT NULL DEFAULT 0 CHECK (lockup_days >= 0),
  -- The draw's secret seed, published once drawn; its SHA-256 is public from the start.
  seed text NOT NULL,
  commitment text NOT NULL,
  allotted_at_ms bigint,
  created_at_ms bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE block_instruments (
  symbol text PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('JP', 'US')),
  min_shares integer NOT NULL CHECK (min_shares > 0),
  max_shares integer NOT NULL CHECK (max_shares >= min_shares),
  opened_at_ms bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE block_applications (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('offering', 'bid')),
  offering_id bigint REFERENCES block_offerings(id),
  member_id uuid NOT NULL REFERENCES members(id),
  symbol text NOT NULL,
  market text NOT NULL CHECK (market IN ('JP', 'US')),
  currency text NOT NULL CHECK (currency IN ('JPY', 'USD')),
  -- A buy, or (negotiated bids only) a sell of one whole long position the member holds.
  side text NOT NULL DEFAULT 'buy' CHECK (side IN ('buy', 'sell')),
  source_position_id bigint REFERENCES positions(id),
  shares integer NOT NULL CHECK (shares > 0),
  price text NOT NULL,
  -- A buy holds shares x price + fee; a sell holds its selling fee and tax (nothing when both are 0).
  held_minor bigint NOT NULL CHECK (held_minor >= 0),
  fee_minor bigint NOT NULL CHECK (fee_minor >= 0),
  -- The Tokyo date it was made: the member's daily purchase limit counts by it.
  day text NOT NULL,
  state text NOT NULL CHECK (state IN ('pending', 'passed', 'rejected', 'withdrawn')),
  shares_filled integer NOT NULL DEFAULT 0 CHECK (shares_filled >= 0 AND shares_filled <= shares),
  reason text,
  salt text NOT NULL,
  hold_journal_id bigint REFERENCES journals(id),
  position_id bigint REFERENCES positions(id),
  decided_by uuid,
  created_at_ms bigint NOT NULL,
  decided_at_ms bigint,
  CHECK ((kind = 'offering') = (offering_id IS NOT NULL)),
  CHECK ((side = 'sell') = (source_position_id IS NOT NULL)),
  CHECK (side = 'buy' OR kind = 'bid'),
  CHECK ((held_minor > 0) = (hold_journal_id IS NOT NULL)),
  CHECK (state <> 'passed' OR position_id IS NOT NULL)
);
--> statement-breakpoint
-- One live application per member per offering: the draw gives each member one equal chance.
CREATE UNIQUE INDEX block_applications_one_per_member ON block_applications (offering_id, member_id)
  WHERE offering_id IS NOT NULL AND state IN ('pending', 'passed');
--> statement-breakpoint
-- One pending sell bid per position: a position is sold once.
CREATE UNIQUE INDEX block_applications_one_sell_per_position ON block_applications (source_position_id)
  WHERE source_position_id IS NOT NULL AND state = 'pending';
--> statement-breakpoint
CREATE INDEX block_applications_member_idx ON block_applications (member_id, id);
--> statement-breakpoint
CREATE INDEX block_applications_state_idx ON block_applications (state, id);
--> statement-breakpoint
-- The published draw of an offering: the seed, the entries in order and who won.
CREATE TABLE block_draws (
  offering_id bigint PRIMARY KEY REFERENCES block_offerings(id),
  seed text NOT NULL,
  units_offered integer NOT NULL,
  entries jsonb NOT NULL,
  won jsonb NOT NULL,
  drawn_at_ms bigint NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER block_draws_append_only BEFORE UPDATE OR DELETE ON block_draws FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON block_draws FROM kabuto_app;
--> statement-breakpoint
-- Applications and offerings change state but are never removed.
REVOKE DELETE, TRUNCATE ON block_offerings, block_applications FROM kabuto_app;
