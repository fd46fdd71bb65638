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
--> statement-breakpoint
-- The tamper-evident trail: each journal and each audit record is linked to the one before it in
-- its chain by a hash over its own content and the previous link's hash, so a row changed or
-- removed by anyone who can get past the append-only triggers (the tables' owner) no longer
-- matches, and the ledger check names where. A member's journals form a chain of their own: their
-- writers already queue on the member, so no journal waits for another member's. The audit log,
-- written by staff actions only, is one chain. A link is written by a trigger deferred to commit,
-- when the journal's entries are all there; the chain's advisory lock is held only for that.
CREATE TABLE journal_links (
  journal_id bigint PRIMARY KEY REFERENCES journals (id),
  -- The member's id, or 'house' for a journal of no member.
  chain text NOT NULL,
  seq bigint NOT NULL CHECK (seq > 0),
  prev_hash text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  UNIQUE (chain, seq)
);
--> statement-breakpoint
CREATE TABLE audit_links (
  audit_id bigint PRIMARY KEY REFERENCES audit_log (id),
  seq bigint NOT NULL UNIQUE CHECK (seq > 0),
  prev_hash text NOT NULL CHECK (prev_hash ~ '^[0-9a-f]{64}$'),
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
-- What a journal's link commits to: its row and its entries in id order, as text.
CREATE FUNCTION journal_digest(p_id bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws('|', j.id, j.kind, coalesce(j.member_id::text, ''), coalesce(j.ref, ''), coalesce(j.memo, ''),
    coalesce(j.memo_code, ''), coalesce(j.memo_params::text, ''), j.created_at_ms,
    (SELECT coalesce(string_agg(concat_ws(':', e.id, e.account_id, e.currency, e.amount), ',' ORDER BY e.id), '')
       FROM entries e WHERE e.journal_id = j.id))
  FROM journals j WHERE j.id = p_id
$$;
--> statement-breakpoint
CREATE FUNCTION audit_digest(p_id bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT concat_ws('|', a.id, coalesce(a.staff_id::text, ''), a.action, a.target, coalesce(a.before::text, ''),
    coalesce(a.after::text, ''), coalesce(a.reason, ''), coalesce(a.ip, ''), a.at_ms)
  FROM audit_log a WHERE a.id = p_id
$$;
--> statement-breakpoint
CREATE FUNCTION trail_hash(p_prev text, p_digest text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(p_prev || '|' || coalesce(p_digest, ''), 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION journal_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_chain text := coalesce(NEW.member_id::text, 'house');
  v_seq bigint;
  v_prev text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('journal-chain:' || v_chain, 0));
  SELECT seq, hash INTO v_seq, v_prev FROM journal_links WHERE chain = v_chain ORDER BY seq DESC LIMIT 1;
  v_seq := coalesce(v_seq, 0) + 1;
  v_prev := coalesce(v_prev, repeat('0', 64));
  INSERT INTO journal_links (journal_id, chain, seq, prev_hash, hash)
    VALUES (NEW.id, v_chain, v_seq, v_prev, trail_hash(v_prev, journal_digest(NEW.id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION audit_link() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_seq bigint;
  v_prev text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('audit-chain', 0));
  SELECT seq, hash INTO v_seq, v_prev FROM audit_links ORDER BY seq DESC LIMIT 1;
  v_seq := coalesce(v_seq, 0) + 1;
  v_prev := coalesce(v_prev, repeat('0', 64));
  INSERT INTO audit_links (audit_id, seq, prev_hash, hash)
    VALUES (NEW.id, v_seq, v_prev, trail_hash(v_prev, audit_digest(NEW.id)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The rows already there are linked in id order, then every new one at its commit.
DO $$
DECLARE
  r record;
  v_seq bigint;
  v_prev text;
BEGIN
  FOR r IN SELECT id, coalesce(member_id::text, 'house') AS chain FROM journals ORDER BY id LOOP
    SELECT seq, hash INTO v_seq, v_prev FROM journal_links WHERE chain = r.chain ORDER BY seq DESC LIMIT 1;
    v_seq := coalesce(v_seq, 0) + 1;
    v_prev := coalesce(v_prev, repeat('0', 64));
    INSERT INTO journal_links VALUES (r.id, r.chain, v_seq, v_prev, trail_hash(v_prev, journal_digest(r.id)));
  END LOOP;
  FOR r IN SELECT id FROM audit_log ORDER BY id LOOP
    SELECT seq, hash INTO v_seq, v_prev FROM audit_links ORDER BY seq DESC LIMIT 1;
    v_seq := coalesce(v_seq, 0) + 1;
    v_prev := coalesce(v_prev, repeat('0', 64));
    INSERT INTO audit_links VALUES (r.id, v_seq, v_prev, trail_hash(v_prev, audit_digest(r.id)));
  END LOOP;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journals_linked AFTER INSERT ON journals DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION journal_link();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER audit_log_linked AFTER INSERT ON audit_log DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION audit_link();
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON journal_links FROM kabuto_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON audit_links FROM kabuto_app;
--> statement-breakpoint
-- Each proof-of-liabilities snapshot pins the trail: the newest link of every chain as the snapshot
-- was written, and a digest of them all that the public page publishes. A chain rewritten after it
-- from some row on (every later link recomputed, so the chain alone still looks whole) no longer
-- ends where the snapshot says it did.
CREATE TABLE proof_trail_heads (
  snapshot_id bigint NOT NULL REFERENCES proof_snapshots (id),
  chain text NOT NULL,
  seq bigint NOT NULL,
  hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{64}$'),
  PRIMARY KEY (snapshot_id, chain)
);
--> statement-breakpoint
CREATE TABLE proof_trails (
  snapshot_id bigint PRIMARY KEY REFERENCES proof_snapshots (id),
  -- SHA-256 of every head as 'chain:seq:hash', in chain order, joined by commas.
  digest text NOT NULL CHECK (digest ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON proof_trail_heads FROM kabuto_app;
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON proof_trails FROM kabuto_app;
