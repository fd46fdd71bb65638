import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { checkLedger, type Database, isHealthy, openDatabase } from "@kabuto/api";
import { fund, localPostgresUrl, registerMember, testSettings } from "@kabuto/api/testing";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The API process is killed (SIGKILL, no goodbye) at random moments during a burst of orders
 * from several members, written in batches (group commit) that the kills catch in flight;
 * clients retry each order with its Idempotency-Key until it gets an answer. Afterwards the
 * ledger must be whole and every key must have acted exactly once. Service mode, against the
 * PostgreSQL and Redis of DATABASE_URL and REDIS_URL (the local defaults when unset).
 */
const serverUrl = process.env.DATABASE_URL ?? localPostgresUrl;
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const root = path.resolve(import.meta.dirname, "../..");
const name = `kabuto_crash_${randomBytes(4).toString("hex")}`;
const prefix = `kabuto-crash:${randomBytes(4).toString("hex")}:`;
const port = 4100 + Math.floor(Math.random() * 200);
const base = `http://127.0.0.1:${port}/api/v1`;
const url = (() => {
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${name}`;
  return parsed.toString();
})();

let api: ChildProcess | undefined;
let database: Database;
let redis: Redis;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

async function startApi(): Promise<void> {
  const child = spawn(process.execPath, [path.join(root, "server/src/bin/api.ts")], {
    env: {
      ...process.env,
      DATABASE_URL: url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      PORT: String(port),
      MARKET_HOURS: "always",
      // The burst comes from freshly registered members; verification has tests of its own.
      KYC_REQUIRED_FOR_TRADING: "0",
      SEED_DEMO: "1",
      LOG_LEVEL: "silent",
      // A window wide enough that the burst's orders share batches on a busy machine.
      ORDER_BATCH_MS: "10",
      DEVICE_COOKIE_SECRET: testSettings.DEVICE_COOKIE_SECRET as string,
    },
    stdio: "ignore",
  });
  api = child;
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (
      await fetch(`${base}/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      return;
    if (child.exitCode !== null) throw new Error("the API exited during start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the API did not become healthy");
}

async function killApi(): Promise<void> {
  const child = api;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

beforeAll(async () => {
  await admin(`create database ${name}`);
  database = await openDatabase({ url });
  redis = new Redis(redisUrl);
  const book = {
    symbol: "JP:7203",
    bids: [{ price: "2650", size: 1e9 }],
    asks: [{ price: "2650", size: 1e9 }],
  };
  await redis.set(
    `${prefix}state:book:JP:7203`,
    JSON.stringify({ topic: "book:JP:7203", epoch: "crash", seq: 1, ts: Date.now(), data: book }),
  );
  await startApi();
}, 120_000);

afterAll(async () => {
  await killApi();
  await database?.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis?.disconnect();
  await admin(`drop database if exists ${name} with (force)`);
});

describe("a crash in the middle of a burst of orders", () => {
  it("loses nothing and does nothing twice", async () => {
    // Three members, each with 20 keyed orders and the money for 14 of them.
    const members = await Promise.all([1, 2, 3].map(() => registerMember(base, database)));
    // Each order: 100 × 2,650 = 265,000 at 1×: margin 265,000 and a 265 yen fee.
    const perOrder = 265_265n;
    for (const { memberId } of members) await fund(database, memberId, "JPY", perOrder * 14n);
    const order = JSON.stringify({
      symbol: "JP:7203",
      side: "long",
      type: "market",
      quantity: 100,
      leverage: 1,
    });
    const sends = members.flatMap(({ auth }) =>
      Array.from({ length: 20 }, () => ({ auth, key: randomUUID() })),
    );
    const answers = new Map<string, { status: number; id?: string; code?: string }>();
    let interrupted = 0;

    async function send(auth: Record<string, string>, key: string) {
      // A restart on a loaded machine can take many seconds: retry for as long as a patient client would.
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        try {
          const response = await fetch(`${base}/orders`, {
            method: "POST",
            headers: { ...auth, "content-type": "application/json", "idempotency-key": key },
            body: order,
          });
          const body = (await response.json()) as { id?: string; error?: { code: string } };
          if (response.status < 500)
            return {
              status: response.status,
              ...(body.id ? { id: body.id } : {}),
              ...(body.error ? { code: body.error.code } : {}),
            };
        } catch {
          // The process is down: wait and retry with the same key, as a client would.
          interrupted += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`order ${key} never got an answer`);
    }

    let stopKilling = false;
    const killer = (async () => {
      for (let kill = 0; kill < 3 && !stopKilling; kill += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
        await killApi();
        await startApi();
      }
    })();
    const queue = [...sends];
    await Promise.all(
      Array.from({ length: 9 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          answers.set(next.key, await send(next.auth, next.key));
        }
      }),
    );
    stopKilling = true;
    await killer;
    // The kills must have landed mid-burst, or this test proved nothing.
    expect(interrupted).toBeGreaterThan(0);

    const filled = [...answers.values()].filter((answer) => answer.status === 201);
    const refused = [...answers.values()].filter((answer) => answer.status !== 201);
    expect(filled).toHaveLength(42);
    expect(new Set(filled.map((answer) => answer.id)).size).toBe(42);
    expect(refused.every((answer) => answer.code === "INSUFFICIENT_BALANCE")).toBe(true);

    // Asked again, every filled key answers with its first order and acts no more.
    const again = sends.filter(({ key }) => answers.get(key)?.status === 201);
    const repeated = await Promise.all(again.map(({ auth, key }) => send(auth, key)));
    expect(repeated.map((answer) => answer.id)).toEqual(again.map(({ key }) => answers.get(key)?.id));
    const memberIds = members.map(({ memberId }) => memberId);
    const result = (await database.db.execute(sql`
      select (select count(*)::int from orders where member_id = any(${sql.param(memberIds)}::uuid[])) as orders,
             (select count(distinct xmin::text)::int from orders where member_id = any(${sql.param(memberIds)}::uuid[])) as transactions,
             (select count(*)::int from positions where member_id = any(${sql.param(memberIds)}::uuid[])) as positions,
             (select count(*)::int from ledger_accounts
               where member_id = any(${sql.param(memberIds)}::uuid[]) and purpose = 'available' and balance = 0) as spent`)) as unknown as {
      rows: { orders: number; transactions: number; positions: number; spent: number }[];
    };
    const [counts] = result.rows;
    expect(counts).toMatchObject({ orders: 42, positions: 42, spent: 3 });
    // Orders of the burst shared transactions: the kills caught batches, not lone orders.
    expect(counts?.transactions).toBeLessThan(42);
    expect(isHealthy(await checkLedger(database.db))).toBe(true);
  }, 180_000);
});
