import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { checkLedger, type Database, isHealthy, StaffService } from "@kabuto/api";
import {
  bearerSignIn,
  call,
  databaseSettings,
  fund,
  openTestDatabase,
  readyToWithdraw,
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
 * Issue #15's crash: the worker process is killed (SIGKILL, no goodbye) at random moments while it
 * mirrors a lead's new positions into 200 followers' books, a set of copies per transaction, and
 * started again. Afterwards every
 * (copy, lead position) has exactly one mirror, each follower holds exactly the positions their
 * mirrors name, each paid for once, and the ledger is whole. The members, the lead and the copies
 * are made through an API process in this test; the worker runs as its own process, as in a
 * deployment, on the same PostgreSQL database and Redis prefix.
 */
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const root = path.resolve(import.meta.dirname, "../..");
const prefix = `kabuto-follow-crash:${randomBytes(4).toString("hex")}:`;
const workerPort = 4300 + Math.floor(Math.random() * 200);
const toyota = "JP:7203";
const followerCount = 200;
/** Lead positions opened before the worker starts: followerCount × this many mirrors to make. */
const leadPositions = 4;
/** The lead's money; each follower copies with 15% of it, so each mirror is 150 → 100 shares. */
const leadCash = 20_000_000n;
const copyAmount = 3_000_000n;

let database: Database;
let dropDatabase: (() => Promise<void>) | undefined;
let workerEnv: Record<string, string>;
let platform: Platform | undefined;
let worker: ChildProcess | undefined;
let redis: Redis;
let api: string;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, [path.join(root, "server/src/bin/worker.ts")], {
    env: { ...process.env, ...workerEnv },
    stdio: "ignore",
  });
  worker = child;
  return child;
}

async function killWorker(): Promise<void> {
  const child = worker;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

async function mirrorCount(): Promise<number> {
  const [row] = rowsOf(await database.db.execute(sql`select count(*)::int as n from mirrors`));
  return Number(row?.n);
}

beforeAll(async () => {
  const opened = await openTestDatabase({ server: true });
  database = opened.database;
  dropDatabase = opened.drop;
  redis = new Redis(redisUrl);
  // One deep book at one price, read by both processes from Redis as the feed would leave it.
  const book = {
    symbol: toyota,
    bids: [{ price: "2650", size: 1e9 }],
    asks: [{ price: "2650", size: 1e9 }],
  };
  await redis.set(
    `${prefix}state:book:${toyota}`,
    JSON.stringify({ topic: `book:${toyota}`, epoch: "follow-crash", seq: 1, ts: Date.now(), data: book }),
  );
  const settings = {
    ...databaseSettings(opened),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    MARKET_HOURS: "always",
  };
  // Sets of ten copies per transaction: the worker commits eighty of them for the work, so a kill
  // lands between commits and inside one, as it would among a deployment's sets of hundreds.
  workerEnv = testEnv({ ...settings, PORT: String(workerPort), FOLLOW_MIRROR_CHUNK: "10" });
  // The invitation code members register with is the demo member's.
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

/** A verified member with money and three closed trades, applied and approved as a lead. */
async function approvedLead(): Promise<{ auth: Record<string, string>; memberId: string }> {
  const lead = await registerMember(api, database);
  await readyToWithdraw(database, lead.memberId);
  await fund(database, lead.memberId, "JPY", leadCash);
  for (let n = 0; n < 3; n += 1) {
    const opened = await order(lead.auth, 100);
    const closed = await call(`${api}/positions/${opened}/close`, "POST", {}, lead.auth);
    expect(closed.status).toBe(200);
  }
  const applied = await call(
    `${api}/follow/lead`,
    "POST",
    { nickname: "Crash Heron", avatar: "owl", bio: "Survives restarts", currency: "JPY" },
    lead.auth,
  );
  expect(applied.status).toBe(201);
  const login = `reviewer.crash.${process.pid}`;
  const password = "staff-password-1";
  await new StaffService(database.db).create(
    { login, name: "Crash reviewer", role: "reviewer", password },
    null,
    { nowMs: Date.now() },
  );
  const signedIn = await call(`${api}/ops/auth/login`, "POST", { login, password }, bearerSignIn);
  expect(signedIn.status).toBe(200);
  const approved = await call(
    `${api}/ops/follow/leads/${lead.memberId}/review`,
    "POST",
    { decision: "approve" },
    { authorization: `Bearer ${signedIn.body.token}` },
  );
  expect(approved.body).toMatchObject({ status: "approved" });
  return lead;
}

/** A market buy at 1×; returns the new position's id. */
async function order(auth: Record<string, string>, quantity: number): Promise<string> {
  const placed = await call(
    `${api}/orders`,
    "POST",
    { symbol: toyota, side: "long", type: "market", quantity, leverage: 1 },
    auth,
  );
  expect(placed.status).toBe(201);
  return String(placed.body.positionId);
}

/** A member with the copy amount in cash, copying the lead with all of it. */
async function follower(leadId: string): Promise<string> {
  const member = await registerMember(api, database);
  await fund(database, member.memberId, "JPY", copyAmount);
  const started = await call(
    `${api}/follow/copies`,
    "POST",
    { leadId, amount: copyAmount.toString(), periodDays: 30, stopLossPct: 40, riskAccepted: true },
    { ...member.auth, "Idempotency-Key": `copy-${member.memberId}` },
  );
  expect(started.status).toBe(201);
  return member.memberId;
}

describe("a worker killed while it mirrors a lead's openings for 200 followers", () => {
  it("leaves, after a restart, exactly one mirror per copy and lead position, each paid once", async () => {
    const lead = await approvedLead();
    const followers: string[] = [];
    const queue = Array.from({ length: followerCount }, (_, n) => n);
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (queue.shift() !== undefined) followers.push(await follower(lead.memberId));
      }),
    );
    expect(followers).toHaveLength(followerCount);
    const positions: string[] = [];
    for (let n = 0; n < leadPositions; n += 1) positions.push(await order(lead.auth, 1_000));
    const total = followerCount * leadPositions;
    expect(await mirrorCount()).toBe(0);

    // Start the worker, let it begin mirroring, kill it a random moment later; again.
    let kills = 0;
    let killedMidway = 0;
    for (let round = 0; round < 3; round += 1) {
      const before = await mirrorCount();
      if (before >= total) break;
      const child = startWorker();
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the worker exited by itself (${child.exitCode})`);
        if ((await mirrorCount()) > before) break;
        await sleep(20);
      }
      await sleep(Math.random() * 400);
      await killWorker();
      kills += 1;
      if ((await mirrorCount()) < total) killedMidway += 1;
    }
    // The kills must have landed while mirrors were still to make, or this test proved nothing.
    expect(kills).toBeGreaterThanOrEqual(2);
    expect(killedMidway).toBeGreaterThanOrEqual(1);

    // Started again, the worker finds what is left and finishes it.
    startWorker();
    await expect.poll(mirrorCount, { timeout: 90_000, interval: 200 }).toBe(total);
    await killWorker();

    // Every (copy, lead position) has its mirror, once.
    const pairs = rowsOf(
      await database.db.execute(sql`
        select c.id as copy_id, p.id as lead_position_id,
          (select count(*)::int from mirrors x where x.copy_id = c.id and x.lead_position_id = p.id) as mirrors
        from copies c join positions p on p.member_id = c.lead_id and p.status = 'holding'
        where c.lead_id = ${lead.memberId}`),
    );
    expect(pairs).toHaveLength(total);
    expect(pairs.filter((pair) => pair.mirrors !== 1)).toEqual([]);
    expect(new Set(pairs.map((pair) => String(pair.lead_position_id)))).toEqual(new Set(positions));

    // Each follower holds exactly the positions their mirrors name, each once and paid for once.
    const books = rowsOf(
      await database.db.execute(sql`
        select c.follower_id,
          (select count(*)::int from mirrors x where x.copy_id = c.id and x.status = 'open') as open,
          (select count(*)::int from mirrors x where x.copy_id = c.id and x.status = 'skipped') as skipped,
          (select count(*)::int from positions p where p.member_id = c.follower_id) as positions,
          (select count(*)::int from positions p where p.member_id = c.follower_id and p.quantity = 100) as hundreds,
          (select count(*)::int from positions p where p.member_id = c.follower_id
            and (select count(*) from mirrors x where x.follower_position_id = p.id and x.copy_id = c.id) <> 1) as orphans,
          (select count(*)::int from journals j where j.member_id = c.follower_id and j.kind = 'copy_mirror') as paid
        from copies c where c.lead_id = ${lead.memberId} and c.status = 'active'`),
    );
    expect(books).toHaveLength(followerCount);
    const expected = {
      open: leadPositions,
      skipped: 0,
      positions: leadPositions,
      hundreds: leadPositions,
      orphans: 0,
      paid: leadPositions,
    };
    expect(books.map(({ follower_id: _, ...book }) => book)).toEqual(books.map(() => expected));
    expect(isHealthy(await checkLedger(database.db))).toBe(true);
  }, 150_000);
});
