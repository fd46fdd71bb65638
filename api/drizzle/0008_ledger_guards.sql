-- The audit log is append-only like the ledger: no staff action can be edited or erased.
CREATE FUNCTION audit_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the audit log is append-only: % on % refused', TG_OP, TG_TABLE_NAME;
END $$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_refuse_change();
--> statement-breakpoint
-- A member has at most one open fund request at a time ("another fund operation in progress").
CREATE UNIQUE INDEX deposits_one_pending ON deposits (member_id) WHERE status = 'pending';
--> statement-breakpoint
CREATE UNIQUE INDEX withdrawals_one_open ON withdrawals (member_id) WHERE status IN ('pending', 'checked');
