import { type ChildProcess, spawn } from "node:child_process";
import { connect, createServer, type Server, type Socket } from "node:net";
import {
  bearerSignIn,
  call,
  databaseSettings,
  fund,
  openTestDatabase,
  readyToWithdraw,
  rowsOf,
  testRedisPrefix,
} from "@kabuto/api/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "./platform.ts";
import { testEnv } from "./testing.ts";

/**
 * Redis goes away under a service-mode API: what needs it (the attempt counters of sign-in,
 * registration and the fund password, the book an order reads) answers 503 UNAVAILABLE with a
 * Retry-After at once, rather than a 500 once ioredis gave up or a wait for a reconnect, and
 * writes nothing to PostgreSQL; health says degraded. Once Redis is back the same requests go
 * through. The API reaches a Redis server of the test's own through a TCP relay, so the test
 * can stop Redis (its port refuses connections) or make its address swallow everything (as a
 * network that drops packets does: connections open, nothing answers).
 */
let redisPort: number;
let redis: ChildProcess | undefined;
let relay: Relay;
let platform: Platform;
let opened: Awaited<ReturnType<typeof openTestDatabase>>;
let api: string;

/** The fund password `readyToWithdraw` sets. */
const fundPassword = "246810";
const password = "secret123";
const limitOrder = {
  symbol: "JP:7203",
  side: "long",
  type: "limit",
  price: "2600",
  quantity: 100,
  leverage: 1,
};
let nextAccount = 30_000_000;
const mobile = () => `080${String(nextAccount++).padStart(8, "0")}`;

/** How long a hook waits for a condition (Redis starting, health noticing): generous, not a timing claim. */
const waitMsMax = 20_000;

/** Waits until `check` holds; hooks cannot use expect.poll. */
async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + waitMsMax;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

function listening(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listening(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

async function startRedis(): Promise<void> {
  redis = spawn(
    "redis-server",
    ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    { stdio: "ignore" },
  );
  await until(() => accepts(redisPort), "Redis to accept connections");
}

async function stopRedis(): Promise<void> {
  const child = redis;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

/** The API's way to Redis: passes bytes both ways, or swallows them. */
interface Relay {
  port: number;
  /** Drops every connection; new ones open but nothing they send reaches Redis or comes back. */
  swallow(): void;
  /** Drops the swallowing connections; new ones reach Redis again. */
  restore(): void;
  close(): Promise<void>;
}

async function startRelay(target: number): Promise<Relay> {
  let swallowing = false;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on("close", () => open.delete(socket));
    socket.on("error", () => undefined);
  };
  const server = createServer((client) => {
    track(client);
    if (swallowing) {
      client.resume();
      return;
    }
    const upstream = connect(target, "127.0.0.1");
    track(upstream);
    upstream.on("close", () => client.destroy());
    client.on("close", () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const port = await listening(server);
  const dropAll = () => {
    for (const socket of open) socket.destroy();
  };
  return {
    port,
    swallow() {
      swallowing = true;
      dropAll();
    },
    restore() {
      swallowing = false;
      dropAll();
    },
    async close() {
      dropAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function health(): Promise<{
  status: number;
  body: { status: string; bus: string; database: string };
}> {
  const response = await call(`${api}/health`, "GET");
  return { status: response.status, body: response.body };
}

/** Rows of the tables these requests write, to show a refused one wrote none. */
async function rowCounts(): Promise<Record<string, number>> {
  const [row] = rowsOf(
    await opened.database.db.execute(sql`
      select (select count(*)::int from members) as members,
        (select count(*)::int from sessions) as sessions,
        (select count(*)::int from orders) as orders,
        (select count(*)::int from withdrawals) as withdrawals,
        (select count(*)::int from journals) as journals,
        (select count(*)::int from idempotency_keys) as keys`),
  );
  return row as Record<string, number>;
}

const register = (account: string) =>
  call(
    `${api}/auth/register`,
    "POST",
    { account, password, passwordConfirm: password, inviteCode: "KABUTO", acceptTerms: true },
    bearerSignIn,
  );

/** A member registered while Redis is up, with money, a card and a fund password. */
async function readyMember(): Promise<{ account: string; auth: Record<string, string>; cardId: string }> {
  const account = mobile();
  const registered = await register(account);
  expect(registered.status).toBe(201);
  const memberId = String(registered.body.member.id);
  await fund(opened.database, memberId, "JPY", 1_000_000n);
  const cardId = await readyToWithdraw(opened.database, memberId);
  return { account, auth: { authorization: `Bearer ${registered.body.token}` }, cardId };
}

beforeAll(async () => {
  redisPort = await freePort();
  await startRedis();
  relay = await startRelay(redisPort);
  opened = await openTestDatabase({ server: true });
  platform = await startPlatform(
    testEnv({
      PORT: "0",
      REDIS_URL: `redis://127.0.0.1:${relay.port}`,
      REDIS_PREFIX: testRedisPrefix(),
      SEED_DEMO: "1",
      ...databaseSettings(opened),
    }),
    ["api"],
    0,
  );
  api = `${platform.url}/api/v1`;
}, 120_000);

afterAll(async () => {
  await platform?.close();
  await relay?.close();
  await stopRedis();
  await opened?.drop();
});

const outages = [
  { name: "Redis stopped", key: "stopped", start: stopRedis, end: startRedis },
  {
    name: "Redis's address swallowing everything",
    key: "swallowing",
    start: async () => relay.swallow(),
    end: async () => relay.restore(),
  },
];

describe.each(outages)("with $name", (outage) => {
  let member: Awaited<ReturnType<typeof readyMember>>;
  const newcomer = mobile();
  const requests = {
    "sign-in": () => call(`${api}/auth/login`, "POST", { account: member.account, password }, bearerSignIn),
    registration: () => register(newcomer),
    order: () =>
      call(`${api}/orders`, "POST", limitOrder, {
        ...member.auth,
        "idempotency-key": `order-${outage.key}`,
      }),
    withdrawal: () =>
      call(
        `${api}/withdrawals`,
        "POST",
        { cardId: member.cardId, currency: "JPY", amount: "5000", fundPassword },
        { ...member.auth, "idempotency-key": `withdrawal-${outage.key}` },
      ),
  };

  beforeAll(async () => {
    member = await readyMember();
    expect((await health()).body).toMatchObject({ status: "ok", bus: "up" });
    await outage.start();
    await until(async () => (await health()).body.bus === "down", "health to see the bus down");
  }, 60_000);

  it("health says degraded, with the bus down and the database up", async () => {
    const { status, body } = await health();
    expect(status).toBe(503);
    expect(body).toMatchObject({ status: "degraded", database: "up", bus: "down" });
  });

  it.each(Object.keys(requests) as (keyof typeof requests)[])(
    "%s answers 503 UNAVAILABLE with a Retry-After, and writes nothing",
    async (name) => {
      const before = await rowCounts();
      const response = await requests[name]();
      expect([response.status, response.body?.error?.code]).toEqual([503, "UNAVAILABLE"]);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await rowCounts()).toEqual(before);
    },
  );

  it("once Redis is back, the same requests go through", async () => {
    await outage.end();
    await expect.poll(async () => (await health()).body.status).toBe("ok");
    // Health hears the bus's connections; the attempt counters have one of their own, which may
    // come back a moment later. Until it has, a sign-in is still told to try again shortly.
    await expect.poll(async () => (await requests["sign-in"]()).status).toBe(200);
    expect((await requests.registration()).status).toBe(201);
    expect((await requests.order()).status).toBe(201);
    expect((await requests.withdrawal()).status).toBe(201);
  });
});
