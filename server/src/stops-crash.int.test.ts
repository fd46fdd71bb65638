import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { checkLedger, type Database, isHealthy } from "@kabuto/api";
import {
  call,
  databaseSettings,
  flatQuote,
  fund,
  openTestDatabase,
  registerMember,
  rowsOf,
  seedDemo,
} from "@kabuto/api/testing";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "./platform.ts";
import { testEnv } from "./testing.ts";

/**
 * Issue #26's crash: the worker process is killed (SIGKILL, no goodbye) at random moments while
 * it fires and fills the sell stops of 150 members whose trigger the price has just crossed, and
 * started again, the last time as two workers racing. Afterwards every stop fired once and filled once: each member holds exactly one
 * position, its hold was taken and released once and its opening posted once, and the ledger is
 * whole. The members and their stops are made through an API process; the worker runs as its own
 * process, as in a deployment, on the same PostgreSQL database and Redis prefix.
 */
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const root = path.resolve(import.meta.dirname, "../..");
const prefix = `kabuto-stops-crash:${randomBytes(4).toString("hex")}:`;
const workerPort = 4500 + Math.floor(Math.random() * 200);
const toyota = "JP:7203";
const memberCount = 150;

let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;
let workerEnv: Record<string, string>;
let platform: Platform | undefined;
let workers: ChildProcess[] = [];
let redis: Redis;
let api: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Toyota at one price, quote and book, as the feed would leave them in Redis, stamped now. */
async function toyotaAt(price: string): Promise<void> {
  const now = Date.now();
  const book = { symbol: toyota, bids: [{ price, size: 1e9 }], asks: [{ price, size: 1e9 }] };
  const quote = flatQuote(toyota, price, { tradeMs: now });
  const seq = now;
  await redis.set(
    `${prefix}state:book:${toyota}`,
    JSON.stringify({ topic: `book:${toyota}`, epoch: "stops-crash", seq, ts: now, data: book }),
  );
  await redis.set(
    `${prefix}state:quote:${toyota}`,
    JSON.stringify({ topic: `quote:${toyota}`, epoch: "stops-crash", seq, ts: now, data: quote }),
  );
}

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, "server/src/bin/worker.ts")], {
    env: { ...process.env, ...workerEnv },
    stdio: "ignore",
  });
  workers.push(child);
  return child;
}

/** Kills every worker started so far. */
async function killWorker(): Promise<void> {
  const running = workers.filter((child) => child.exitCode === null && child.signalCode === null);
  workers = [];
  await Promise.all(
    running.map((child) => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      return exited;
    }),
  );
}

async function counts(): Promise<{ fired: number; filled: number }> {
  const [row] = rowsOf(
    await database.db.execute(sql`
      select count(*) filter (where triggered_at_ms is not null)::int as fired,
        count(*) filter (where status = 'filled')::int as filled
      from orders where type = 'stop'`),
  );
  return { fired: Number(row?.fired), filled: Number(row?.filled) };
}

beforeAll(async () => {
  const opened = await openTestDatabase({ server: true });
  database = opened.database;
  dropDatabase = opened.drop;
  redis = new Redis(redisUrl);
  await toyotaAt("2650");
  const settings = {
    ...databaseSettings(opened),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    MARKET_HOURS: "always",
  };
  workerEnv = testEnv({ ...settings, PORT: String(workerPort) });
  await seedDemo(database.db, Date.now());
  platform = await startPlatform(testEnv({ ...settings, PORT: "0" }), ["api"], 0);
  api = `${platform.url}/api/v1`;
}, 60_000);

afterAll(async () => {
  await killWorker();
  await platform?.close();
  if (redis) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
  await dropDatabase?.();
});

describe("a worker killed while it fires and fills 150 crossed stops", () => {
  it("leaves, after a restart, each stop fired once and filled once, each hold taken and given back once", async () => {
    const members: string[] = [];
    const queue = Array.from({ length: memberCount }, (_, n) => n);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (queue.shift() !== undefined) {
          const member = await registerMember(api, database);
          await fund(database, member.memberId, "JPY", 1_000_000n);
          await toyotaAt("2650");
          const placed = await call(
            `${api}/orders`,
            "POST",
            { symbol: toyota, side: "short", type: "stop", quantity: 100, leverage: 1, triggerPrice: "2640" },
            member.auth,
          );
          expect(placed.status).toBe(201);
          members.push(member.memberId);
        }
      }),
    );
    expect(members).toHaveLength(memberCount);
    expect(await counts()).toEqual({ fired: 0, filled: 0 });

    // The price falls through every trigger; start the worker, kill it a random moment after it
    // begins firing; again.
    let kills = 0;
    let killedMidway = 0;
    for (let round = 0; round < 3; round += 1) {
      const before = await counts();
      if (before.filled >= memberCount) break;
      await toyotaAt("2600");
      const child = startWorker();
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the worker exited by itself (${child.exitCode})`);
        const now = await counts();
        if (now.fired > before.fired || now.filled > before.filled) break;
        await sleep(20);
      }
      await sleep(Math.random() * 300);
      await killWorker();
      kills += 1;
      if ((await counts()).filled < memberCount) killedMidway += 1;
    }
    // The kills must have landed while stops were still to fill, or this test proved nothing.
    expect(kills).toBeGreaterThanOrEqual(2);
    expect(killedMidway).toBeGreaterThanOrEqual(1);

    await toyotaAt("2600");
    startWorker();
    await expect
      .poll(async () => (await counts()).filled, { timeout: 90_000, interval: 200 })
      .toBe(memberCount);
    await killWorker();

    const books = rowsOf(
      await database.db.execute(sql`
        select m.id,
          (select count(*)::int from orders o where o.member_id = m.id and o.type = 'stop' and o.status = 'filled') as filled,
          (select count(*)::int from positions p where p.member_id = m.id) as positions,
          (select count(*)::int from journals j where j.member_id = m.id and j.kind = 'order_hold') as holds,
          (select count(*)::int from journals j where j.member_id = m.id and j.kind = 'order_release') as releases,
          (select count(*)::int from journals j where j.member_id = m.id and j.kind = 'open') as opens
        from members m where m.id = any(${sql.param(members)}::uuid[])`),
    );
    expect(books).toHaveLength(memberCount);
    const expected = { filled: 1, positions: 1, holds: 1, releases: 1, opens: 1 };
    expect(books.map(({ id: _, ...book }) => book)).toEqual(books.map(() => expected));
    expect(isHealthy(await checkLedger(database.db))).toBe(true);
  }, 240_000);
});
