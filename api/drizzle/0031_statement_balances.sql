-- A statement's entries move each member account's cached balance once: the sum of its entries,
-- applied when the statement has inserted them all, instead of an update per entry. A statement
-- that writes many journals at once (follow trading's mirrors of one lead position into hundreds
-- of copies) changes each account one time rather than three. The guards are the same: an entry
-- in another currency than its account's is refused, a member's available, held or margin money
-- still cannot end a statement below zero (the constraint on the row), and house balances stay
-- uncached. The accounts are locked in id order, so two statements that share accounts queue
-- rather than deadlock, and as an update locks them (not FOR UPDATE, which would wait on the key
-- share each entry's foreign key check holds on its account).
CREATE FUNCTION ledger_apply_entries() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_wrong record;
BEGIN
  SELECT e.currency AS entry_currency, e.account_id, a.currency AS account_currency INTO v_wrong
    FROM new_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE a.currency IS DISTINCT FROM e.currency LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'entry in % for account % in %', v_wrong.entry_currency, v_wrong.account_id, v_wrong.account_currency;
  END IF;
  PERFORM 1 FROM ledger_accounts
    WHERE id IN (SELECT account_id FROM new_entries) AND member_id IS NOT NULL
    ORDER BY id FOR NO KEY UPDATE;
  UPDATE ledger_accounts a SET balance = a.balance + moved.amount
    FROM (SELECT account_id, sum(amount) AS amount FROM new_entries GROUP BY account_id) moved
    WHERE a.id = moved.account_id AND a.member_id IS NOT NULL AND moved.amount <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER entries_apply ON entries;
--> statement-breakpoint
DROP FUNCTION ledger_apply_entry();
--> statement-breakpoint
CREATE TRIGGER entries_apply AFTER INSERT ON entries REFERENCING NEW TABLE AS new_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_apply_entries();
