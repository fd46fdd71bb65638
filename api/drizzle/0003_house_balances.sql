-- House accounts (fees, tax, clearing...) take an entry from nearly every journal. Caching
-- their balance made every transaction wait for the one before it on the same row, so only
-- member balances are cached; a house balance is the sum of its entries when asked for.
CREATE OR REPLACE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_currency text;
  account_member uuid;
BEGIN
  SELECT currency, member_id INTO account_currency, account_member FROM ledger_accounts WHERE id = NEW.account_id;
  IF account_currency IS DISTINCT FROM NEW.currency THEN
    RAISE EXCEPTION 'entry in % for account % in %', NEW.currency, NEW.account_id, account_currency;
  END IF;
  IF account_member IS NOT NULL THEN
    UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  END IF;
  RETURN NEW;
END $$;
