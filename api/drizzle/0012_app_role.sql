-- Two roles: the owner of the tables runs these migrations; the API, worker, feed and gateway
-- connect as kabuto_app, which is neither owner nor superuser. Only an owner or a superuser can
-- disable, drop or skip (session_replication_role) the ledger's and the audit log's triggers,
-- so the app role cannot undo them, and it holds no UPDATE, DELETE or TRUNCATE on the
-- append-only tables either. The role is created without a login: its password is the
-- operator's to set (ALTER ROLE kabuto_app LOGIN PASSWORD ...; docker-compose's init script
-- does it), never a secret in this file. Where one URL serves both (embedded PGlite, or
-- DATABASE_MIGRATION_URL unset) the role exists but nobody connects as it.
-- Roles belong to the whole server, so two databases migrating at once (tests) may both find
-- it missing: the loser of that race takes the winner's role.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'kabuto_app') THEN
    BEGIN
      CREATE ROLE kabuto_app NOLOGIN;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END IF;
END $$;
--> statement-breakpoint
-- Grants on the schema the migrations create their tables in, whichever that is.
DO $$
DECLARE
  target text := current_schema();
BEGIN
  -- Without a table or function of its own the app role can fire no trigger it wrote: a trigger
  -- of its own that updated a balance would pass the balance guard, which lets only nested
  -- (trigger) updates through. So neither a table in the schema nor a temporary one.
  EXECUTE format('REVOKE CREATE ON SCHEMA %I FROM PUBLIC', target);
  EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO kabuto_app', current_database());
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO kabuto_app', target);
  -- Rows: read, write, change, remove (sessions, idempotency keys, watchlists...). No TRUNCATE,
  -- REFERENCES or TRIGGER. ledger_accounts keeps UPDATE: entries move member balances through
  -- a trigger that runs as the app, and the ledger locks accounts FOR UPDATE; its own trigger
  -- refuses any other change of a balance.
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO kabuto_app', target);
  EXECUTE format('GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA %I TO kabuto_app', target);
  -- The append-only tables: the ledger and the audit log are only ever added to.
  EXECUTE format(
    'REVOKE UPDATE, DELETE, TRUNCATE ON %I.journals, %I.entries, %I.audit_log FROM kabuto_app',
    target, target, target);
  -- Records of money and of people change state but are never removed: the app deletes
  -- watchlist rows and nothing else of these. A deleted idempotency key would let a retry act
  -- twice; a deleted order, position or fund request would orphan its journals.
  EXECUTE format(
    'REVOKE DELETE ON %1$I.orders, %1$I.positions, %1$I.ledger_accounts, %1$I.deposits, '
    '%1$I.withdrawals, %1$I.fx_quotes, %1$I.idempotency_keys, %1$I.members, %1$I.staff '
    'FROM kabuto_app',
    target);
  -- Tables later migrations create get the same grants; a new append-only table's migration
  -- revokes UPDATE and DELETE on it as the one above does.
  EXECUTE format(
    'ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO kabuto_app',
    target);
  EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA %I GRANT USAGE, SELECT ON SEQUENCES TO kabuto_app', target);
END $$;
