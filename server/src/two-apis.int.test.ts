import { StaffService } from "@kabuto/api";
import {
  bearerSignIn,
  call,
  databaseSettings,
  fund,
  openTestDatabase,
  registerMember,
  testRedisPrefix,
} from "@kabuto/api/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "./platform.ts";
import { testEnv } from "./testing.ts";

/**
 * Two API processes on one PostgreSQL and one Redis, as behind a load balancer, each trusting
 * a session it looked up for a minute. A session ended through one is refused by the other: a
 * write on the very next request, because writes read the sessions table; a read as soon as the
 * bus delivers the news, which the first process published before it answered (a request that
 * reaches the second a moment before the news is read from its Redis connection may still be
 * served, and a loaded machine widens that moment). Served as the app role, as docker-compose
 * runs it. Uses the Redis of REDIS_URL (the local default when unset).
 */
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
let first: Platform;
let second: Platform;
let opened: Awaited<ReturnType<typeof openTestDatabase>>;
let staffAuth: Record<string, string>;

/** Long enough that only an announcement, never the cache running out, explains a refusal. */
const sessionCacheMs = "60000";
const limitOrder = {
  symbol: "JP:7203",
  side: "long",
  type: "limit",
  price: "2600",
  quantity: 100,
  leverage: 1,
};

beforeAll(async () => {
  opened = await openTestDatabase({ server: true });
  const shared = {
    PORT: "0",
    REDIS_URL: redisUrl,
    REDIS_PREFIX: testRedisPrefix(),
    ...databaseSettings(opened),
    SESSION_CACHE_MS: sessionCacheMs,
  };
  // One of them seeds the demo member, whose invitation code new members register with.
  first = await startPlatform(testEnv({ ...shared, SEED_DEMO: "1" }), ["api"], 0);
  second = await startPlatform(testEnv(shared), ["api"], 0);
  const login = `supervisor.${process.pid}`;
  const password = "staff-password-1";
  await new StaffService(opened.database.db).create(
    { login, name: "Supervisor", role: "supervisor", password },
    null,
    { nowMs: Date.now() },
  );
  const signedIn = await call(`${api(first)}/ops/auth/login`, "POST", { login, password }, bearerSignIn);
  staffAuth = { authorization: `Bearer ${signedIn.body.token}` };
}, 120_000);

afterAll(async () => {
  await second?.close();
  await first?.close();
  await opened?.drop();
});

function api(platform: Platform): string {
  return `${platform.url}/api/v1`;
}

/** A funded member signed in through the first process, its session cached by the second. */
async function memberKnownToBoth() {
  const member = await registerMember(api(first), opened.database);
  await fund(opened.database, member.memberId, "JPY", 10_000_000n);
  expect((await call(`${api(second)}/me`, "GET", undefined, member.auth)).status).toBe(200);
  const placed = await call(`${api(second)}/orders`, "POST", limitOrder, member.auth);
  expect(placed.status).toBe(201);
  return member;
}

describe("two API processes", () => {
  it("refuse a session signed out on the other: an order at once, a read once the bus tells", async () => {
    const { auth } = await memberKnownToBoth();
    expect((await call(`${api(first)}/auth/logout`, "POST", {}, auth)).status).toBe(200);
    const order = await call(`${api(second)}/orders`, "POST", limitOrder, auth);
    expect([order.status, order.body.error?.code]).toEqual([401, "UNAUTHENTICATED"]);
    await expect
      .poll(async () => {
        const read = await call(`${api(second)}/me`, "GET", undefined, auth);
        return [read.status, read.body.error?.code];
      })
      .toEqual([401, "UNAUTHENTICATED"]);
  });

  it("refuse an order of a session signed out on the other even before the news arrives", async () => {
    const { auth } = await memberKnownToBoth();
    // The order asks first, with nothing between it and the sign-out's answer.
    expect((await call(`${api(first)}/auth/logout`, "POST", {}, auth)).status).toBe(200);
    const order = await call(`${api(second)}/orders`, "POST", limitOrder, auth);
    expect([order.status, order.body.error?.code]).toEqual([401, "UNAUTHENTICATED"]);
  });

  it("refuse a member disabled by staff on the other: an order at once, a read once the bus tells", async () => {
    const { auth, memberId } = await memberKnownToBoth();
    const disabled = await call(
      `${api(first)}/ops/members/${memberId}/flags`,
      "POST",
      { disabled: true, reason: "account closed at the member's request" },
      staffAuth,
    );
    expect(disabled.status).toBe(200);
    expect((await call(`${api(second)}/orders`, "POST", limitOrder, auth)).status).toBe(401);
    await expect.poll(async () => (await call(`${api(second)}/me`, "GET", undefined, auth)).status).toBe(401);
  });

  it("show a member frozen by staff on the other as frozen at once, and refuse its orders", async () => {
    const { auth, memberId } = await memberKnownToBoth();
    const frozen = await call(
      `${api(first)}/ops/members/${memberId}/flags`,
      "POST",
      { frozen: true, reason: "court order" },
      staffAuth,
    );
    expect(frozen.status).toBe(200);
    const security = await call(`${api(second)}/me/security`, "GET", undefined, auth);
    expect(security.status).toBe(200);
    expect(security.body.frozen).toBe(true);
    const order = await call(`${api(second)}/orders`, "POST", limitOrder, auth);
    expect(order.body.error?.code).toBe("ACCOUNT_FROZEN");
  });
});
