-- The ledger's commit-time checks run once per statement that wrote journals or entries, rather
-- than once per row. Until now a constraint trigger deferred to commit fired for every journal (its
-- link in the trail) and for every entry (its journal's balance), so a statement writing follow
-- trading's mirrors of one lead position into a thousand copies (three thousand journals, six
-- thousand entries) spent most of its commit in nine thousand trigger calls, each with its own
-- queries and, for a link, its own advisory lock and chain lookup.
--
-- A constraint trigger can only fire per row, and the checks must stay at commit, when a journal's
-- entries are all there. So each statement that inserts journals or entries queues one row here
-- (a statement-level trigger, from the statement's transition table): the ids of the journals it
-- wrote, to be linked, or of the journals its entries belong to, to be balanced. The row's own
-- constraint trigger, deferred to commit, does that set's work in a few queries and removes the
-- row, so the table is empty outside a transaction. What is checked is unchanged: every journal
-- an entry was added to must sum to zero per currency at commit (an entry added to an old journal
-- included), and every new journal is linked into its chain at commit, the journals of one
-- transaction in the order they were inserted, with the same chain, seq and hash as before
-- (`journal_digest` and `trail_hash` still define them; the ledger check recomputes through them).
-- A deferred trigger fires on the row as queued even if it was changed or removed before commit,
-- and the app role may not change it, so the app cannot skip a set's check.
CREATE TABLE ledger_pending (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  journal_ids bigint[] NOT NULL,
  -- true: new journals, to be linked; false: journals that got entries, to be balanced.
  link boolean NOT NULL
);
--> statement-breakpoint
REVOKE UPDATE, TRUNCATE ON ledger_pending FROM kabuto_app;
--> statement-breakpoint
-- The functions below look a set's rows up by their keys, whatever the planner believes. Their
-- tables grow by thousands of rows a set, faster than their statistics follow, and on stale
-- statistics a set's lookups were planned as a hash join over the whole of journals or ledger
-- accounts: a set's checks then grew with every follower, not with the set. The same holds for
-- the entries' balance update (migration 0030), so it is given the same settings.
ALTER FUNCTION ledger_apply_entries() SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off;
--> statement-breakpoint
CREATE FUNCTION ledger_queue_journals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_pending (journal_ids, link)
    SELECT array_agg(id), true FROM new_journals HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An entry's journal and account must exist: checked here for the statement's entries together,
-- in place of the two foreign keys, which checked (and key-share locked) them one entry at a time,
-- nine thousand lookups for a set of mirrors, and every entry on a house account locking that one
-- row, where concurrent sets queued on its shared lock. Neither can go away after the check:
-- journals and ledger accounts are never deleted, truncated or renumbered (the triggers refuse it).
CREATE FUNCTION ledger_queue_entries() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  v_journals bigint[];
  v_missing bigint;
BEGIN
  SELECT array_agg(DISTINCT journal_id) INTO v_journals FROM new_entries;
  IF v_journals IS NULL THEN
    RETURN NULL;
  END IF;
  SELECT u.id INTO v_missing FROM unnest(v_journals) AS u(id)
    WHERE NOT EXISTS (SELECT 1 FROM journals j WHERE j.id = u.id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'entry refused: journal % does not exist', v_missing USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT e.account_id INTO v_missing FROM (SELECT DISTINCT account_id FROM new_entries) e
    WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a WHERE a.id = e.account_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'entry refused: ledger account % does not exist', v_missing USING ERRCODE = 'foreign_key_violation';
  END IF;
  INSERT INTO ledger_pending (journal_ids, link) VALUES (v_journals, false);
  RETURN NULL;
END $$;
--> statement-breakpoint
ALTER TABLE entries DROP CONSTRAINT entries_journal_id_journals_id_fk;
--> statement-breakpoint
ALTER TABLE entries DROP CONSTRAINT entries_account_id_ledger_accounts_id_fk;
--> statement-breakpoint
-- A link's journal must exist, checked per statement in place of the foreign key (a set's links
-- are one statement at its commit).
CREATE FUNCTION journal_links_check() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  v_missing bigint;
BEGIN
  SELECT l.journal_id INTO v_missing FROM new_links l
    WHERE NOT EXISTS (SELECT 1 FROM journals j WHERE j.id = l.journal_id) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'link refused: journal % does not exist', v_missing USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
ALTER TABLE journal_links DROP CONSTRAINT journal_links_journal_id_fkey;
--> statement-breakpoint
CREATE TRIGGER journal_links_checked AFTER INSERT ON journal_links REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION journal_links_check();
--> statement-breakpoint
-- What the foreign keys also refused: renumbering a ledger account an entry names, or truncating
-- the accounts.
CREATE OR REPLACE FUNCTION ledger_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.id <> OLD.id THEN
    RAISE EXCEPTION 'renumbering ledger account % refused', OLD.id;
  END IF;
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'balances move only through journal entries';
  END IF;
  IF NEW.member_id IS DISTINCT FROM OLD.member_id OR NEW.purpose <> OLD.purpose OR NEW.currency <> OLD.currency THEN
    RAISE EXCEPTION 'ledger accounts keep their owner, purpose and currency';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts FOR EACH STATEMENT
  EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- One queued set at commit: its journals balanced, or linked. A link's chain is locked (the same
-- transaction advisory lock as before, chains in order) and its last link read once per chain; the
-- set's digests are read in one query and its links written in one statement.
CREATE FUNCTION ledger_settle() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  v_bad bigint;
  r record;
  v_n int := 0;
  v_chain text;
  v_seq bigint;
  v_prev text;
  v_ids bigint[] := '{}';
  v_chains text[] := '{}';
  v_seqs bigint[] := '{}';
  v_prevs text[] := '{}';
  v_hashes text[] := '{}';
BEGIN
  DELETE FROM ledger_pending WHERE id = NEW.id;
  IF NOT NEW.link THEN
    SELECT journal_id INTO v_bad FROM entries WHERE journal_id = ANY (NEW.journal_ids)
      GROUP BY journal_id, currency HAVING sum(amount) <> 0 ORDER BY journal_id LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'journal % does not balance', v_bad;
    END IF;
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('journal-chain:' || c.chain, 0))
    FROM (SELECT DISTINCT coalesce(member_id::text, 'house') AS chain FROM journals
            WHERE id = ANY (NEW.journal_ids) ORDER BY 1) c;
  FOR r IN
    SELECT j.id, coalesce(j.member_id::text, 'house') AS chain,
      concat_ws('|', j.id, j.kind, coalesce(j.member_id::text, ''), coalesce(j.ref, ''), coalesce(j.memo, ''),
        coalesce(j.memo_code, ''), coalesce(j.memo_params::text, ''), j.created_at_ms,
        (SELECT coalesce(string_agg(concat_ws(':', e.id, e.account_id, e.currency, e.amount), ',' ORDER BY e.id), '')
           FROM entries e WHERE e.journal_id = j.id)) AS digest
    FROM unnest(NEW.journal_ids) WITH ORDINALITY AS u(id, ord) JOIN journals j ON j.id = u.id
    ORDER BY 2, u.ord
  LOOP
    IF v_chain IS DISTINCT FROM r.chain THEN
      v_chain := r.chain;
      SELECT seq, hash INTO v_seq, v_prev FROM journal_links WHERE chain = v_chain ORDER BY seq DESC LIMIT 1;
      v_seq := coalesce(v_seq, 0);
      v_prev := coalesce(v_prev, repeat('0', 64));
    END IF;
    v_n := v_n + 1;
    v_seq := v_seq + 1;
    v_ids[v_n] := r.id;
    v_chains[v_n] := v_chain;
    v_seqs[v_n] := v_seq;
    v_prevs[v_n] := v_prev;
    v_prev := encode(sha256(convert_to(v_prev || '|' || coalesce(r.digest, ''), 'UTF8')), 'hex');
    v_hashes[v_n] := v_prev;
  END LOOP;
  INSERT INTO journal_links (journal_id, chain, seq, prev_hash, hash)
    SELECT * FROM unnest(v_ids, v_chains, v_seqs, v_prevs, v_hashes);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_pending_settled AFTER INSERT ON ledger_pending DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_settle();
--> statement-breakpoint
DROP TRIGGER entries_balanced ON entries;
--> statement-breakpoint
DROP TRIGGER journals_linked ON journals;
--> statement-breakpoint
DROP FUNCTION ledger_check_journal();
--> statement-breakpoint
DROP FUNCTION journal_link();
--> statement-breakpoint
CREATE TRIGGER journals_queued AFTER INSERT ON journals REFERENCING NEW TABLE AS new_journals
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_queue_journals();
--> statement-breakpoint
CREATE TRIGGER entries_queued AFTER INSERT ON entries REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_queue_entries();
--> statement-breakpoint
-- A link's hashes are 64 lowercase hex digits, as before, checked without the bounded repetition
-- `{64}`, which PostgreSQL's regular expressions run slowly: the two checks cost a set of 1,500
-- links 30 ms of its commit, now a few.
ALTER TABLE journal_links
  DROP CONSTRAINT journal_links_prev_hash_check,
  DROP CONSTRAINT journal_links_hash_check,
  ADD CONSTRAINT journal_links_prev_hash_check CHECK (length(prev_hash) = 64 AND prev_hash !~ '[^0-9a-f]'),
  ADD CONSTRAINT journal_links_hash_check CHECK (length(hash) = 64 AND hash !~ '[^0-9a-f]');
