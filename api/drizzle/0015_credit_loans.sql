-- Credit loans. What a member owes is a ledger account of its own (purpose 'loan'), negative by
-- the amount owed, like the deficit account: a draw moves money from it to available cash, a day's
-- interest deepens it against the house's loans account, a repayment brings it back towards zero.
ALTER TABLE ledger_accounts DROP CONSTRAINT member_balance_not_negative;
--> statement-breakpoint
ALTER TABLE ledger_accounts ADD CONSTRAINT member_balance_not_negative
  CHECK (member_id IS NULL OR purpose IN ('deficit', 'loan') OR balance >= 0);
--> statement-breakpoint
-- Nobody can repay more than they owe: a loan account never goes above zero.
ALTER TABLE ledger_accounts ADD CONSTRAINT member_loan_not_positive
  CHECK (member_id IS NULL OR purpose <> 'loan' OR balance <= 0);
--> statement-breakpoint
-- Set by operations with a reason in the audit log; null until they set one.
ALTER TABLE members ADD COLUMN credit_score integer CHECK (credit_score BETWEEN 0 AND 1000);
--> statement-breakpoint
CREATE TABLE credit_lines (
  member_id uuid NOT NULL REFERENCES members(id),
  currency text NOT NULL,
  line_minor bigint NOT NULL CHECK (line_minor >= 0),
  updated_at_ms bigint NOT NULL,
  updated_by uuid,
  PRIMARY KEY (member_id, currency)
);
--> statement-breakpoint
CREATE TABLE loans (
  id bigserial PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id),
  currency text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'settled')),
  annual_rate_ppm integer NOT NULL CHECK (annual_rate_ppm >= 0),
  -- What is still owed on this loan; together they equal the member's loan account in its currency.
  principal_minor bigint NOT NULL DEFAULT 0 CHECK (principal_minor >= 0),
  interest_minor bigint NOT NULL DEFAULT 0 CHECK (interest_minor >= 0),
  -- A day's fraction of a minor unit, carried so the sum of daily interest is exact.
  interest_carry bigint NOT NULL DEFAULT 0 CHECK (interest_carry >= 0),
  -- Over the loan's life, for its record: interest posted and money repaid.
  interest_total_minor bigint NOT NULL DEFAULT 0,
  repaid_minor bigint NOT NULL DEFAULT 0,
  -- The last Tokyo date whose interest is posted; the day before the draw until the first accrual.
  accrued_through text,
  reason text,
  created_at_ms bigint NOT NULL,
  decided_at_ms bigint,
  decided_by uuid,
  settled_at_ms bigint,
  CHECK (status IN ('approved') OR (principal_minor = 0 AND interest_minor = 0))
);
--> statement-breakpoint
CREATE INDEX loans_member_idx ON loans (member_id, id);
--> statement-breakpoint
CREATE INDEX loans_status_idx ON loans (status, id);
