-- Proof of liabilities: a snapshot of what the broker owes each member, a Merkle sum tree per
-- currency over it, and each member's leaf and path, so a member's proof is served as it was
-- built. All three are history: the app role may add rows and never change or remove one.
CREATE TABLE proof_snapshots (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('daily', 'on_demand')),
  -- The Tokyo date it was taken on: the worker takes one 'daily' snapshot per date.
  tokyo_date text NOT NULL,
  taken_at_ms bigint NOT NULL,
  depth integer NOT NULL CHECK (depth BETWEEN 1 AND 30),
  -- Who asked for an on-demand snapshot, and their idempotency key, so a retry takes none twice.
  requested_by uuid REFERENCES staff (id),
  request_key text,
  CHECK ((kind = 'daily') = (requested_by IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX proof_snapshots_daily_idx ON proof_snapshots (tokyo_date) WHERE kind = 'daily';
--> statement-breakpoint
CREATE UNIQUE INDEX proof_snapshots_request_idx ON proof_snapshots (requested_by, request_key)
  WHERE request_key IS NOT NULL;
--> statement-breakpoint
CREATE INDEX proof_snapshots_taken_idx ON proof_snapshots (taken_at_ms DESC, id DESC);
--> statement-breakpoint
CREATE TABLE proof_roots (
  snapshot_id bigint NOT NULL REFERENCES proof_snapshots (id),
  currency text NOT NULL,
  -- The root's SHA-256, hex, and its sum: what the broker owes members in this currency.
  root text NOT NULL CHECK (root ~ '^[0-9a-f]{64}$'),
  total bigint NOT NULL CHECK (total >= 0),
  -- What members owe the house in this currency (deficits and loans), kept out of the tree.
  debts bigint NOT NULL CHECK (debts >= 0),
  PRIMARY KEY (snapshot_id, currency)
);
--> statement-breakpoint
CREATE TABLE proof_leaves (
  snapshot_id bigint NOT NULL REFERENCES proof_snapshots (id),
  member_id uuid NOT NULL REFERENCES members (id),
  currency text NOT NULL,
  -- Drawn afresh for each snapshot; the leaf hashes currency, member id, salt and amount.
  salt text NOT NULL,
  leaf_index integer NOT NULL CHECK (leaf_index >= 0),
  -- The balances counted, never negative: the leaf's amount is their sum.
  available bigint NOT NULL CHECK (available >= 0),
  held bigint NOT NULL CHECK (held >= 0),
  margin bigint NOT NULL CHECK (margin >= 0),
  copy bigint NOT NULL CHECK (copy >= 0),
  -- The siblings from the leaf up: their hashes one after another (64 hex digits each) and sums.
  sibling_hashes text NOT NULL CHECK (sibling_hashes ~ '^([0-9a-f]{64})+$'),
  sibling_sums bigint[] NOT NULL,
  PRIMARY KEY (snapshot_id, member_id, currency)
);
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON proof_snapshots FROM kabuto_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON proof_roots FROM kabuto_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON proof_leaves FROM kabuto_app;
