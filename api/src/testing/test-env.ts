import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";
import { type Config, loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { createRedisThrottleStore } from "../security/redis-throttle-store.ts";
import { MemoryThrottleStore, type ThrottleStore } from "../security/throttle.ts";

/** How many times (20 ms apart) dropping a test database waits for its connections to close. */
const disconnectWaitAttemptsMax = 100;

/** The PostgreSQL server of service-mode tests when DATABASE_URL is not set: the local one. */
export const localPostgresUrl = "postgres://postgres@127.0.0.1:5432/postgres";

/** The role the product serves as in service mode (migration 0012 creates it, without a login). */
export const appRoleName = "kabuto_app";
/**
 * The app role's password on a test server: a server that trusts local clients ignores it, one
 * that asks for passwords gets it. Never a deployment's: there the operator sets one.
 */
const appRoleTestPassword = "kabuto-app-test";
/**
 * One advisory lock id, taken on the server's admin database, for giving the app role its
 * login: roles are shared by every database of the server, and two test files changing the same
 * role at once would fail with "tuple concurrently updated".
 */
const appRoleLockId = 724_002;
/** The advisory lock (on the admin database) under which one test process builds the migrated template. */
const templateLockId = 724_003;
/** The migrations every test database is made from: its template is built from these. */
const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

/**
 * Each test file gets a database of its own: a fresh PostgreSQL database on the server named
 * by DATABASE_URL when it is set (as in CI), otherwise an in-memory PGlite. Both run the same
 * migrations, so the suite means the same thing in either. A test of service mode itself asks
 * for a server and gets the local PostgreSQL when DATABASE_URL is unset.
 *
 * On a server the migrations run as its superuser (the owner) and the database serves as the
 * app role `kabuto_app`, as a deployment with DATABASE_MIGRATION_URL does, so every test also
 * shows the app role may do what the product does. PGlite has one user.
 */
export async function openTestDatabase(
  options: {
    server?: boolean;
    /**
     * Serve as the owner instead: for tests of the database's own guards, which must hold even
     * for the owner, and which simulate damage only an owner could do.
     */
    asOwner?: boolean;
  } = {},
): Promise<{
  database: Database;
  /** Where the database serves from: the app role's URL on a server, unless `asOwner`. */
  url: string | undefined;
  /** The owner's (superuser's) URL of the same database: what DATABASE_MIGRATION_URL would be. */
  ownerUrl: string | undefined;
  drop(): Promise<void>;
}> {
  // `server`: the test is about service mode itself, so PGlite will not do.
  const serverUrl = process.env.DATABASE_URL ?? (options.server ? localPostgresUrl : undefined);
  if (!serverUrl) {
    const database = await openDatabase({});
    return { database, url: undefined, ownerUrl: undefined, drop: () => database.close() };
  }
  const name = `kabuto_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const appRole = !options.asOwner;
  // The app role's login first: the template's migration creates the role too, and both change it.
  if (appRole) await giveAppRoleLogin(admin);
  const template = await migratedTemplate(admin, serverUrl);
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const ownerUrl = new URL(serverUrl);
  ownerUrl.pathname = `/${name}`;
  // A database's own privileges are not copied from its template: grant them as migration 0012 does.
  await withClient(ownerUrl.toString(), async (owner) => {
    await owner.query(`revoke temporary on database ${name} from public`);
    await owner.query(`grant connect on database ${name} to ${appRoleName}`);
  });
  const url = new URL(ownerUrl);
  if (appRole) {
    url.username = appRoleName;
    url.password = appRoleTestPassword;
  }
  const database = await openDatabase({ url: url.toString(), migrationUrl: ownerUrl.toString() });
  return {
    database,
    url: url.toString(),
    ownerUrl: ownerUrl.toString(),
    async drop() {
      await database.close();
      await withClient(serverUrl, async (cleanup) => {
        await waitForDisconnects(cleanup, name);
        await cleanup.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * The pool's end() resolves before its sockets have closed; a forced drop (or a rename) would
 * kill those sessions mid-goodbye and their clients would throw. Wait (briefly) for them to go first.
 */
async function waitForDisconnects(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < disconnectWaitAttemptsMax; attempt += 1) {
    const open = await admin.query("select count(*)::int as n from pg_stat_activity where datname = $1", [
      name,
    ]);
    if (open.rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** This process's template, once it is known to exist on the server. */
let templateReady: Promise<string> | undefined;

/**
 * The name of a database on the server that holds every migration and nothing else, built once
 * for the current migrations (its name carries their hash) and cloned for each test database:
 * `create database ... template` copies files, where migrating each database from empty took
 * most of a second of every test file's set-up. A clone then runs the migrations as any start
 * does, and finds none left. One process builds it, under a lock, into a database of its own
 * that it renames only when migrated, so no clone is ever made of a half-migrated one.
 */
function migratedTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  templateReady ??= buildTemplate(admin, serverUrl).catch((error: unknown) => {
    templateReady = undefined;
    throw error;
  });
  return templateReady;
}

async function buildTemplate(admin: pg.Client, serverUrl: string): Promise<string> {
  const digest = createHash("sha256");
  for (const file of readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort()) {
    if (file.endsWith(".sql") || file.endsWith(".json"))
      digest.update(file).update(readFileSync(path.join(migrationsFolder, file)));
  }
  const template = `kabuto_template_${digest.digest("hex").slice(0, 16)}`;
  const exists = async () =>
    (await admin.query("select 1 from pg_database where datname = $1", [template])).rowCount === 1;
  if (await exists()) return template;
  await admin.query("select pg_advisory_lock($1)", [templateLockId]);
  try {
    if (await exists()) return template;
    const building = `${template}_${randomBytes(4).toString("hex")}`;
    await admin.query(`create database ${building}`);
    const url = new URL(serverUrl);
    url.pathname = `/${building}`;
    const database = await openDatabase({ url: url.toString() });
    await database.close();
    await waitForDisconnects(admin, building);
    await admin.query(`alter database ${building} rename to ${template}`);
    return template;
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [templateLockId]);
  }
}

/**
 * What a product process is given to serve on a test database, as a deployment gives it: the
 * app role's URL and the owner's for migrations on a server, nothing on PGlite.
 */
export function databaseSettings(opened: {
  url: string | undefined;
  ownerUrl: string | undefined;
}): Record<string, string> {
  if (!opened.url || !opened.ownerUrl) return {};
  return { DATABASE_URL: opened.url, DATABASE_MIGRATION_URL: opened.ownerUrl };
}

/**
 * What an operator (or docker-compose's init script) does before the first start: the app role
 * with a login. The migration then finds it and only grants it its privileges.
 */
async function giveAppRoleLogin(admin: pg.Client): Promise<void> {
  await admin.query("select pg_advisory_lock($1)", [appRoleLockId]);
  try {
    // Another file's migration may create the role (without a login) between a look and a
    // CREATE, so the CREATE falls back to an ALTER.
    const grant = `login password '${appRoleTestPassword}'`;
    await admin.query(`do $$ begin create role ${appRoleName} ${grant};
      exception when duplicate_object or unique_violation then alter role ${appRoleName} ${grant}; end $$`);
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [appRoleLockId]);
  }
}

/** A Redis key prefix no other test run shares. */
export function testRedisPrefix(): string {
  return `kabuto-test:${randomBytes(6).toString("hex")}:`;
}

/** The Redis of throttle tests that need one whatever the run was given: REDIS_URL's, or the local one. */
export const localRedisUrl = "redis://127.0.0.1:6379";

/**
 * The attempt counters of a test app: Redis under a prefix of its own when REDIS_URL is set (as
 * in CI) or `kind` asks for it, otherwise the in-process store of embedded mode.
 */
export function openTestThrottle(kind?: "memory" | "redis"): ThrottleStore {
  const redisUrl = process.env.REDIS_URL ?? (kind === "redis" ? localRedisUrl : undefined);
  if (kind === "memory" || !redisUrl) return new MemoryThrottleStore();
  const prefix = testRedisPrefix();
  const store = createRedisThrottleStore({ url: redisUrl, prefix });
  return {
    ...store,
    // The run's counters go with it, rather than lingering in a shared Redis for their window.
    async close() {
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
      await store.close();
    },
  };
}

/** The API's settings in tests; the composition package's tests start from these too. */
export const testSettings: Readonly<Record<string, string>> = {
  NODE_ENV: "test",
  MARKET_HOURS: "always",
  // Tests change member flags in the database directly and expect the next request to see them.
  SESSION_CACHE_MS: "0",
  // Suites register many members from 127.0.0.1; the registration throttle has tests of its own.
  REGISTRATIONS_PER_ADDRESS_HOUR: "100000",
  // Suites about trading or money test the rules they are about; the gates have suites of their own.
  KYC_REQUIRED_FOR_TRADING: "0",
  FUND_HOURS: "always",
  // Service-mode processes of the composition package's tests share it, as a deployment's do;
  // a test value, never a deployment's.
  DEVICE_COOKIE_SECRET: "kabuto-test-device-cookie-secret-not-for-use",
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ ...testSettings, ...overrides });
}
