import { AsyncLocalStorage } from "node:async_hooks";
import { mkdirSync } from "node:fs";
import type { Socket } from "node:net";
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
 * How long PostgreSQL keeps a transaction its client left idle (`idle_in_transaction_session_timeout`)
 * before it rolls it back and frees its locks: the server's half of a silent network. A healthy
 * transaction's statements follow each other within milliseconds (a Redis command inside one
 * waits a second at most), so half a minute never cuts one short; a transaction whose client gave
 * its connection up (`timeoutMs`) holds the member's rows no longer than that, and the member's
 * retries meanwhile wait on them and are answered 503.
 */
export const idleInTransactionMs = 30_000;

/** A longer bound for the statements `patiently` runs, in this async context. */
const patience = new AsyncLocalStorage<number>();

/**
 * Runs `work` with each of its statements allowed `boundMs` instead of the pool's bound: for a
 * job known to be long (the ledger check reads every entry), never for a member's request.
 */
export function patiently<T>(boundMs: number, work: () => PromiseLike<T>): Promise<T> {
  // Awaited inside the context: a Drizzle query is a thenable that runs only once awaited.
  return patience.run(boundMs, async () => await work());
}

/** A statement that got no answer in time; its connection was destroyed. 503, as a refused connection is. */
export class DatabaseTimeout extends Error {
  readonly code = "ETIMEDOUT";
}

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
  /**
   * The most a statement, a new connection or a wait for a free one may take on PostgreSQL
   * before it fails (and the request is answered 503): the bound on a silent network
   * (`DATABASE_TIMEOUT_MS`). Unset or 0, nothing is bounded (a script, a test's own connection).
   */
  timeoutMs?: number | undefined;
}): Promise<Database> {
  const migrate = options.migrate ?? true;
  if (options.url) {
    if (migrate) await migratePostgres(options.migrationUrl ?? options.url);
    return openPostgres(options.url, options.onConnectionError ?? (() => undefined), options.timeoutMs || 0);
  }
  return openPglite(options.dataDir, migrate);
}

function openPostgres(url: string, onConnectionError: (error: Error) => void, timeoutMs: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSizeMax,
    // No JIT compilation: the product's statements touch a few rows each (a set's thousands at
    // most, by key), and on tables that grow by thousands of rows a set, faster than their
    // statistics, the planner's estimates pass the JIT thresholds, when compiling cost a statement
    // more than running it (a follow set's read of its copies' cash: 50 ms compiling, 60 running;
    // with optimisation and inlining past the next threshold, hundreds).
    options: "-c jit=off",
    ...(timeoutMs > 0
      ? {
          // A new connection that has not finished its start-up, or a wait for a free one, fails
          // after this ("timeout exceeded when trying to connect", answered 503).
          connectionTimeoutMillis: timeoutMs,
          idle_in_transaction_session_timeout: idleInTransactionMs,
        }
      : {}),
  });
  // node-postgres emits a broken connection's error on the pool (an idle connection) or on the
  // client (one a transaction holds between its queries), and an 'error' event nobody hears ends
  // the process: one PostgreSQL restart would take every API process down with it. The query
  // that was using the connection fails on its own and is answered 503 (`isDatabaseUnavailable`);
  // the pool drops the connection when it is released and opens a new one for the next query.
  pool.on("error", onConnectionError);
  pool.on("connect", (client) => {
    client.on("error", onConnectionError);
    if (timeoutMs > 0) boundStatements(client, timeoutMs);
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return { db, kind: "postgres", ping: () => ping(db), close: () => pool.end() };
}

/**
 * Makes each statement on `client` fail after `timeoutMs` (or `patiently`'s bound) without an
 * answer, destroying the connection rather than leaving it to the pool: on a silent network
 * (packets dropped, the connection open) a statement otherwise waits for the kernel to give
 * the connection up, a quarter of an hour, and the member's request with it.
 *
 * node-postgres's own `query_timeout` is not enough: it fails the statement but keeps the
 * connection, with the statement still in flight, so the transaction's ROLLBACK queues behind it
 * (another wait) and the pool then hands the connection to the next request. Destroyed instead
 * (reset, so the kernel stops sending what it had not yet delivered: a COMMIT still in its buffer
 * is not sent when the network heals), every later statement on it fails at once and the pool opens a fresh one.
 *
 * Nor are the server's and the kernel's own bounds: a server-side `statement_timeout` would
 * cancel a slow statement only, never one lost on the network, and race this bound on a slow
 * server (its cancel arriving as an error of its own); TCP keepalive (`keepAlive`) probes only a
 * connection with nothing in flight, at the kernel's pace (minutes), and the pool already closes
 * a connection idle for ten seconds.
 *
 * What the server had already received runs on: a COMMIT it got commits whole, with the key's
 * stored answer, so the member's retry (told 503) replays it; a transaction it was in the middle
 * of is rolled back when the server sees the connection close or, on a network that stays
 * silent, after `idleInTransactionMs`. Either way the request acted once or not at all.
 */
function boundStatements(client: pg.PoolClient, timeoutMs: number): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const stream = () => (client as unknown as { connection: { stream: Socket } }).connection.stream;
  const bounded = (...args: unknown[]): unknown => {
    const last = args.at(-1);
    const first = args[0] as { submit?: unknown } | undefined;
    // Streams (a cursor) pace themselves; nothing in the product uses them.
    if (typeof first?.submit === "function") return query(...args);
    const boundMs = patience.getStore() ?? timeoutMs;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      const socket = stream();
      if (typeof socket.resetAndDestroy === "function") socket.resetAndDestroy();
      else socket.destroy();
    }, boundMs);
    const failure = (error: unknown) =>
      timedOut
        ? new DatabaseTimeout(`PostgreSQL did not answer within ${boundMs} ms; the connection was dropped`, {
            cause: error,
          })
        : error;
    if (typeof last === "function") {
      return query(...args.slice(0, -1), (error: unknown, result: unknown) => {
        clearTimeout(timer);
        (last as (error: unknown, result: unknown) => void)(error ? failure(error) : error, result);
      });
    }
    return (query(...args) as Promise<unknown>).then(
      (result) => {
        clearTimeout(timer);
        return result;
      },
      (error: unknown) => {
        clearTimeout(timer);
        throw failure(error);
      },
    );
  };
  (client as unknown as { query: typeof bounded }).query = bounded;
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
