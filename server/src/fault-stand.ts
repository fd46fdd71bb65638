import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { checkLedger, type Database, isHealthy } from "@kabuto/api";
import { flatQuote, localRedisUrl, openTestDatabase, rowsOf, testRedisPrefix } from "@kabuto/api/testing";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { type FaultProxy, startFaultProxy } from "./fault-proxy.ts";
import { testEnv } from "./testing.ts";

/**
 * The fault suite's stand (`*.fault.test.ts`): service-mode processes (the API, and a gateway or
 * a worker where a case needs one) on a database and a Redis prefix of their own, each reaching
 * PostgreSQL and Redis through a `FaultProxy`, so a test can break either way while members use
 * the product. The test itself reads the database and Redis directly, past the proxies, to count
 * rows and check the ledger. Only tests use it.
 */
export interface FaultStand {
  /** The API's base URL (`…/api/v1`). */
  api: string;
  /** Each process the stand runs, by role. */
  processes: Record<string, RoleProcess>;
  /** The test's own way to the database, past the proxy. */
  database: Database;
  postgres: FaultProxy;
  redis: FaultProxy;
  /** The test's own way to Redis, past the proxy; the stand's keys start with `prefix`. */
  redisDirect: Redis;
  redisUrl: string;
  prefix: string;
  /** What the API process wrote (its warnings and errors), for a failure's message. */
  output(): string;
  /** Whether the API process is still running: a fault must never take it down. */
  running(): boolean;
  close(): Promise<void>;
}

/** One service-mode process of a role, as `server/src/bin/<role>.ts` runs it in a deployment. */
export interface RoleProcess {
  /** Where it listens (`http://127.0.0.1:<port>`). */
  url: string;
  running(): boolean;
  /** What it wrote last (warnings and errors). */
  output(): string;
  /** Starts it (again) and waits until its health says ok. */
  start(): Promise<void>;
  /** SIGKILL: no goodbye, as a crash or an OOM kill. */
  kill(): Promise<void>;
}

export type FaultRole = "api" | "gateway" | "worker";

const root = path.resolve(import.meta.dirname, "../..");

/** How much of a process's output a stand keeps: the end of it is what explains a failure. */
const outputCharsMax = 20_000;

/** How long a start waits for a process to say it is healthy: a first start migrates and seeds. */
const startWaitMsMax = 60_000;

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `url` with its host and port replaced by the proxy's. */
function through(url: string, proxy: FaultProxy): string {
  const parsed = new URL(url);
  parsed.hostname = "127.0.0.1";
  parsed.port = String(proxy.port);
  return parsed.toString();
}

function target(url: string, defaultPort: number): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port || defaultPort) };
}

/**
 * Waits until `check` holds, polling; hooks and helpers cannot use expect.poll. `what` may be a
 * function, read when it gives up (to show what the API wrote meanwhile).
 */
export async function until(
  check: () => Promise<boolean>,
  what: string | (() => string),
  waitMsMax = 30_000,
): Promise<void> {
  const deadline = Date.now() + waitMsMax;
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`gave up waiting for ${typeof what === "string" ? what : what()}`);
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

async function roleProcess(role: FaultRole, env: Record<string, string>): Promise<RoleProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The API answers health under its prefix; the other roles at the root.
  const health = role === "api" ? `${url}/api/v1/health` : `${url}/health`;
  let child: ChildProcess | undefined;
  let output = "";
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;
  return {
    url,
    running,
    output: () => output,
    async start() {
      const started = spawn(process.execPath, [path.join(root, `server/src/bin/${role}.ts`)], {
        env: { ...process.env, ...env, PORT: String(port) },
        stdio: ["ignore", "pipe", "pipe"],
      });
      child = started;
      const keep = (chunk: Buffer) => {
        output = (output + chunk.toString()).slice(-outputCharsMax);
      };
      started.stdout?.on("data", keep);
      started.stderr?.on("data", keep);
      await until(
        async () => {
          if (!running()) throw new Error(`the ${role} exited during start:\n${output}`);
          return fetch(health).then(
            (response) => response.ok,
            () => false,
          );
        },
        `the ${role} to be healthy`,
        startWaitMsMax,
      );
    },
    async kill() {
      const current = child;
      if (!current || !running()) return;
      const exited = new Promise((resolve) => current.once("exit", resolve));
      current.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * Starts the roles (each in its own process; a worker beside the API, a gateway after it) behind the two proxies, on
 * PostgreSQL (DATABASE_URL or the local server) and Redis (REDIS_URL or the local one).
 */
export async function openFaultStand(
  options: {
    roles?: readonly FaultRole[];
    /** Roles made ready but not started, for a test to start once its data is in place. */
    startLater?: readonly FaultRole[];
    env?: Record<string, string>;
  } = {},
): Promise<FaultStand> {
  const opened = await openTestDatabase({ server: true });
  if (!opened.url || !opened.ownerUrl) throw new Error("the fault suite needs a PostgreSQL server");
  const redisUrl = process.env.REDIS_URL ?? localRedisUrl;
  const postgres = await startFaultProxy(target(opened.url, 5432));
  const redis = await startFaultProxy(target(redisUrl, 6379));
  const prefix = testRedisPrefix();
  const redisDirect = new Redis(redisUrl);
  const uploads = await mkdtemp(path.join(tmpdir(), "kabuto-faults-"));
  const env = testEnv({
    DATABASE_URL: through(opened.url, postgres),
    // The schema is the test's; only the serving connections go through the proxy.
    DATABASE_MIGRATION_URL: opened.ownerUrl,
    REDIS_URL: through(redisUrl, redis),
    REDIS_PREFIX: prefix,
    UPLOAD_DIR: path.join(uploads, "uploads"),
    SEED_DEMO: "1",
    // Warnings and errors only: what a fault makes a process say, kept for a failure's message.
    LOG_LEVEL: "warn",
    ...options.env,
  });
  const processes: Record<string, RoleProcess> = {};
  for (const role of ["api", ...(options.roles ?? []), ...(options.startLater ?? [])] as FaultRole[]) {
    processes[role] ??= await roleProcess(role, env);
  }
  const api = processes.api as RoleProcess;
  const stand: FaultStand = {
    api: `${api.url}/api/v1`,
    processes,
    database: opened.database,
    postgres,
    redis,
    redisDirect,
    redisUrl,
    prefix,
    output: () => api.output(),
    running: () => api.running(),
    async close() {
      for (const each of Object.values(processes)) await each.kill();
      await postgres.close();
      await redis.close();
      const keys = await redisDirect.keys(`${prefix}*`);
      if (keys.length > 0) await redisDirect.del(...keys);
      redisDirect.disconnect();
      await opened.drop();
      await rm(uploads, { recursive: true, force: true });
    },
  };
  try {
    // The roles that migrate (the API, a worker) start side by side: the migration's advisory
    // lock lets one run it while the other waits, and the two starts share the machine's cores
    // instead of taking turns. A gateway, which reads the schema without migrating, waits for the API.
    const now = Object.entries(processes).filter(
      ([role]) => !options.startLater?.includes(role as FaultRole),
    );
    const migrating = (role: string) => role === "api" || role === "worker";
    await Promise.all(now.filter(([role]) => migrating(role)).map(([, each]) => each.start()));
    for (const [role, each] of now) if (!migrating(role)) await each.start();
  } catch (error) {
    await stand.close();
    throw error;
  }
  return stand;
}

/**
 * A market at one price, as the feed would publish it: a book deep enough that every market
 * order of a test fills there, and a quote (what a withdrawal values open positions at).
 */
export async function putMarket(stand: FaultStand, symbol: string, price: string): Promise<void> {
  const book = { symbol, bids: [{ price, size: 1e9 }], asks: [{ price, size: 1e9 }] };
  const quote = flatQuote(symbol, price);
  for (const [topic, data] of [
    [`book:${symbol}`, book],
    [`quote:${symbol}`, quote],
  ] as const) {
    await stand.redisDirect.set(
      `${stand.prefix}state:${topic}`,
      JSON.stringify({ topic, epoch: "faults", seq: 1, ts: Date.now(), data }),
    );
  }
}

/** Whether the ledger check finds every balance and journal whole. */
export async function ledgerClean(database: Database): Promise<boolean> {
  return isHealthy(await checkLedger(database.db));
}

/** How many rows each table a keyed request writes holds for these members. */
export async function memberRows(
  database: Database,
  memberIds: readonly string[],
): Promise<{ orders: number; positions: number; withdrawals: number; deposits: number; keys: number }> {
  const ids = sql.join(
    memberIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = rowsOf(
    await database.db.execute(sql`
      select (select count(*)::int from orders where member_id in (${ids})) as orders,
        (select count(*)::int from positions where member_id in (${ids})) as positions,
        (select count(*)::int from withdrawals where member_id in (${ids})) as withdrawals,
        (select count(*)::int from deposits where member_id in (${ids})) as deposits,
        (select count(*)::int from idempotency_keys where member_id in (${ids})) as keys`),
  );
  return row as { orders: number; positions: number; withdrawals: number; deposits: number; keys: number };
}

/** A member's available yen, in minor units. */
export async function availableYen(database: Database, memberId: string): Promise<bigint> {
  const [row] = rowsOf(
    await database.db.execute(sql`
      select balance::text as balance from ledger_accounts
      where member_id = ${memberId} and purpose = 'available' and currency = 'JPY'`),
  );
  return BigInt(String(row?.balance ?? "0"));
}
