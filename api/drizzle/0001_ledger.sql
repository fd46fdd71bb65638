CREATE TABLE "entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"journal_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journals" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"member_id" uuid,
	"ref" text,
	"memo" text,
	"created_at_ms" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" uuid,
	"purpose" text NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_accounts_owner" UNIQUE NULLS NOT DISTINCT("member_id","purpose","currency")
);
--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_journal_id_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journals" ADD CONSTRAINT "journals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entries_journal_idx" ON "entries" USING btree ("journal_id");--> statement-breakpoint
CREATE INDEX "entries_account_idx" ON "entries" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "journals_member_idx" ON "journals" USING btree ("member_id","id");--> statement-breakpoint
-- The ledger is append-only: journals and entries are never updated, deleted or truncated;
-- mistakes are reversed by new journals.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END $$;
--> statement-breakpoint
CREATE TRIGGER entries_append_only BEFORE UPDATE OR DELETE ON entries FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER entries_no_truncate BEFORE TRUNCATE ON entries FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER journals_append_only BEFORE UPDATE OR DELETE ON journals FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER journals_no_truncate BEFORE TRUNCATE ON journals FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- An entry moves its account's cached balance in the same transaction, and must be in the
-- account's currency.
CREATE FUNCTION ledger_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account_currency text;
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id
    RETURNING currency INTO account_currency;
  IF account_currency IS DISTINCT FROM NEW.currency THEN
    RAISE EXCEPTION 'entry in % for account % in %', NEW.currency, NEW.account_id, account_currency;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER entries_apply BEFORE INSERT ON entries FOR EACH ROW EXECUTE FUNCTION ledger_apply_entry();
--> statement-breakpoint
-- No one edits a balance: only an entry (through the trigger above) may move it.
CREATE FUNCTION ledger_guard_balance() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'balances move only through journal entries';
  END IF;
  IF NEW.member_id IS DISTINCT FROM OLD.member_id OR NEW.purpose <> OLD.purpose OR NEW.currency <> OLD.currency THEN
    RAISE EXCEPTION 'ledger accounts keep their owner, purpose and currency';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_guard_balance();
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Every journal sums to zero per currency, checked when the transaction commits.
CREATE FUNCTION ledger_check_journal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM entries WHERE journal_id = NEW.journal_id GROUP BY currency HAVING sum(amount) <> 0) THEN
    RAISE EXCEPTION 'journal % does not balance', NEW.journal_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER entries_balanced AFTER INSERT ON entries DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_journal();
--> statement-breakpoint
-- A member's available, held and margin money never goes below zero; a loss beyond it is a
-- visible debt in the member's deficit account.
ALTER TABLE ledger_accounts ADD CONSTRAINT member_balance_not_negative
  CHECK (member_id IS NULL OR purpose = 'deficit' OR balance >= 0);
