-- Dividends. The schedule is not stored: every process computes it from the instrument catalog
-- (shared/src/dividends/schedule.ts). What is stored is each payment on a position, once: the
-- unique key on (position, dividend) lets two workers, or a retry after a crash, try the same
-- payment and only the first write it; its journal is written in the same transaction.
CREATE TABLE dividend_entitlements (
  id bigserial PRIMARY KEY,
  -- `JP:7203@2027-03-30`: the symbol and the ex-date.
  dividend_id text NOT NULL,
  position_id bigint NOT NULL REFERENCES positions(id),
  member_id uuid NOT NULL REFERENCES members(id),
  symbol text NOT NULL,
  currency text NOT NULL,
  ex_date text NOT NULL,
  side text NOT NULL CHECK (side IN ('long', 'short')),
  quantity bigint NOT NULL CHECK (quantity > 0),
  -- The payment per share in the instrument's price units (JP tenths of a yen, US $0.0001).
  per_share_units bigint NOT NULL CHECK (per_share_units > 0),
  gross_minor bigint NOT NULL CHECK (gross_minor >= 0),
  withheld_minor bigint NOT NULL CHECK (withheld_minor >= 0),
  -- Signed: what the member received (long) or paid (short).
  net_minor bigint NOT NULL,
  journal_id bigint NOT NULL REFERENCES journals(id),
  created_at_ms bigint NOT NULL,
  CONSTRAINT dividend_entitlements_once UNIQUE (position_id, dividend_id)
);
--> statement-breakpoint
CREATE INDEX dividend_entitlements_member_idx ON dividend_entitlements (member_id, id);
--> statement-breakpoint
-- The worker finds positions closed since an ex-date began by symbol and close time (open ones
-- have positions_holding_idx).
CREATE INDEX positions_closed_idx ON positions (symbol, closed_at_ms) WHERE closed_at_ms IS NOT NULL;
--> statement-breakpoint
-- The house's dividends accounts exist from the start, so two first payments never race to create them.
INSERT INTO ledger_accounts (member_id, purpose, currency)
VALUES (NULL, 'dividends', 'JPY'), (NULL, 'dividends', 'USD'), (NULL, 'tax', 'JPY'), (NULL, 'tax', 'USD')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A payment is a record of money moved: never edited, never removed.
CREATE TRIGGER dividend_entitlements_append_only BEFORE UPDATE OR DELETE ON dividend_entitlements FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON dividend_entitlements FROM kabuto_app;
