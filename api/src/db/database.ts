import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The one database type the services see: the same query builder over node-postgres or PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "postgres" | "pglite";
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");
/** One lock id for every process of the product, so only one of them migrates at a time. */
const migrationLockId = 724_001;
/**
 * Connections per API process: PostgreSQL does best with a few busy connections per core, and
 * several API processes share one server.
 */
const poolSizeMax = 10;

/**
 * Opens PostgreSQL (`url`) or the embedded PGlite in `dataDir`, and runs the migrations unless
 * told not to: a role that only reads (the gateway looking up sessions) leaves the schema to
 * the roles that own it.
 *
 * On PostgreSQL the migrations run on `migrationUrl`, the owner of the tables, and the product
 * then serves on `url`, the app role (`kabuto_app`, migration 0012), which can neither change
 * the ledger's rows nor switch off the triggers that guard them. Without `migrationUrl` both
 * are `url`: one role that owns what it serves, as before the split. PGlite has one user, so
 * there the triggers are the only guard.
 */
export async function openDatabase(options: {
  url?: string | undefined;
  migrationUrl?: string | undefined;
  dataDir?: string | undefined;
  migrate?: boolean;
  /**
   * Hears a connection to PostgreSQL that broke while no query was waiting on it (a restart, a
   * network cut); the next query on the pool opens a new one, or fails and is answered 503.
   */
  onConnectionError?: (error: Error) => void;
}): Promise<Database> {
  const migrate = options.migrate ?? true;
  if (options.url) {
    if (migrate) await migratePostgres(options.migrationUrl ?? options.url);
    return openPostgres(options.url, options.onConnectionError ?? (() => undefined));
  }
  return openPglite(options.dataDir, migrate);
}

function openPostgres(url: string, onConnectionError: (error: Error) => void): Database {
  const pool = new pg.Pool({ connectionString: url, max: poolSizeMax });
  // node-postgres emits a broken connection's error on the pool (an idle connection) or on the
  // client (one a transaction holds between its queries), and an 'error' event nobody hears ends
  // the process: one PostgreSQL restart would take every API process down with it. The query
  // that was using the connection fails on its own and is answered 503 (`isDatabaseUnavailable`);
  // the pool drops the connection when it is released and opens a new one for the next query.
  pool.on("error", onConnectionError);
  pool.on("connect", (client) => client.on("error", onConnectionError));
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return { db, kind: "postgres", ping: () => ping(db), close: () => pool.end() };
}

/** Runs the migrations on a connection of its own, which closes before the product serves. */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [migrationLockId]);
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [migrationLockId]).catch(() => undefined);
    await client.end();
  }
}

async function openPglite(dataDir: string | undefined, migrate: boolean): Promise<Database> {
  let location = "memory://";
  if (dataDir) {
    location = path.resolve(dataDir, "pglite");
    mkdirSync(location, { recursive: true });
  }
  const client = await PGlite.create(location);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  if (migrate) await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
  return {
    db,
    kind: "pglite",
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
