import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryBus } from "@kabuto/bus";
import { createCatalog } from "@kabuto/feed";
import type { SessionsEnded } from "@kabuto/shared/protocol/control";
import { eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app.ts";
import { members } from "../db/schema.ts";
import { LogSmsSender } from "../security/sms.ts";
import { MemoryThrottleStore } from "../security/throttle.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { openTestDatabase, testConfig } from "../testing/test-env.ts";
import { signInStaff } from "./members.fixtures.ts";
import { changedFlags } from "./members.service.ts";

let app: TestApp;
let supervisor: Record<string, string>;
let reviewer: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
  supervisor = (await signInStaff(app, "supervisor")).auth;
  reviewer = (await signInStaff(app, "reviewer")).auth;
});
afterAll(async () => {
  await app?.close();
});

async function auditCount(): Promise<number> {
  const result = await app.database.db.execute(sql`select count(*)::int as n from audit_log`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

async function flagsOf(memberId: string) {
  const [row] = await app.database.db.select().from(members).where(eq(members.id, memberId));
  return {
    frozen: row?.frozen,
    disabled: row?.disabled,
    tradingBarred: row?.tradingBarred,
    withdrawBarred: row?.withdrawBarred,
  };
}

const cleanFlags = { frozen: false, disabled: false, tradingBarred: false, withdrawBarred: false };

describe("changedFlags", () => {
  it("keeps only the flags whose value changes", () => {
    expect(changedFlags(cleanFlags, { frozen: true, disabled: false })).toEqual({ frozen: true });
    expect(changedFlags({ ...cleanFlags, frozen: true }, { frozen: true })).toEqual({});
    expect(changedFlags(cleanFlags, {})).toEqual({});
  });
});

describe("member search", () => {
  it("finds a member by account prefix, id, invitation code in any case, and part of the real name", async () => {
    const { memberId } = await registerMember(app.url, app.database);
    const [row] = await app.database.db.select().from(members).where(eq(members.id, memberId));
    await app.database.db.execute(sql`update members set real_name = '山田 花子' where id = ${memberId}`);
    const search = async (q: string) =>
      (await call(`${app.url}/ops/members?q=${encodeURIComponent(q)}`, "GET", undefined, reviewer)).body;
    expect(
      (await search(row?.account.slice(0, 9) as string)).items.map((m: { id: string }) => m.id),
    ).toContain(memberId);
    expect((await search(memberId)).items).toEqual([
      expect.objectContaining({ id: memberId, account: row?.account, realName: "山田 花子", frozen: false }),
    ]);
    expect((await search(memberId.toUpperCase())).items).toHaveLength(1);
    expect((await search(row?.inviteCode.toLowerCase() as string)).items[0].id).toBe(memberId);
    expect((await search("花子")).items.map((m: { id: string }) => m.id)).toEqual([memberId]);
  });

  it("treats % and _ as themselves, not wildcards", async () => {
    await registerMember(app.url, app.database);
    const wild = await call(
      `${app.url}/ops/members?q=${encodeURIComponent("%")}`,
      "GET",
      undefined,
      reviewer,
    );
    expect(wild.status).toBe(200);
    expect(wild.body.items).toEqual([]);
    const underscore = await call(`${app.url}/ops/members?q=_`, "GET", undefined, reviewer);
    expect(underscore.body.items).toEqual([]);
  });

  it("lists the newest first in bounded pages", async () => {
    await registerMember(app.url, app.database);
    await registerMember(app.url, app.database);
    const first = await call(`${app.url}/ops/members?limit=1`, "GET", undefined, reviewer);
    expect(first.body.items).toHaveLength(1);
    expect(first.body.nextOffset).toBe(1);
    const second = await call(`${app.url}/ops/members?limit=1&offset=1`, "GET", undefined, reviewer);
    expect(second.body.items[0].createdAtMs).toBeLessThanOrEqual(first.body.items[0].createdAtMs);
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    for (const query of ["limit=51", "limit=0", "offset=-1", "offset=1001", `q=${"9".repeat(65)}`]) {
      const refused = await call(`${app.url}/ops/members?${query}`, "GET", undefined, reviewer);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.code, query).toBe("VALIDATION_FAILED");
    }
  });
});

describe("member profile", () => {
  it("shows the flags, balances per currency and purpose, recent journals and counts", async () => {
    const { memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 50_000n);
    await fund(app.database, memberId, "USD", 1_234n);
    const profile = await call(`${app.url}/ops/members/${memberId}`, "GET", undefined, reviewer);
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      id: memberId,
      verification: "unverified",
      invitedByAccount: "09012345678",
      ...cleanFlags,
      balances: [
        { currency: "JPY", purpose: "available", amount: "50000" },
        { currency: "USD", purpose: "available", amount: "1234" },
      ],
      counts: {
        deposits: 0,
        depositsPending: 0,
        withdrawals: 0,
        withdrawalsOpen: 0,
        positionsHolding: 0,
        positionsClosed: 0,
        ordersPending: 0,
        activeSessions: 1,
      },
    });
    expect(profile.body.recentJournals.map((journal: { kind: string }) => journal.kind)).toEqual([
      "deposit",
      "deposit",
    ]);
  });

  it("answers MEMBER_NOT_FOUND for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1"]) {
      const response = await call(`${app.url}/ops/members/${id}`, "GET", undefined, reviewer);
      expect(response.status, id).toBe(404);
      expect(response.body.error.code, id).toBe("MEMBER_NOT_FOUND");
    }
  });
});

describe("member flags", () => {
  it("sets and clears flags with a reason, auditing before and after", async () => {
    const { memberId } = await registerMember(app.url, app.database);
    const set = await call(
      `${app.url}/ops/members/${memberId}/flags`,
      "POST",
      { tradingBarred: true, withdrawBarred: true, reason: "margin abuse under review" },
      supervisor,
    );
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      id: memberId,
      tradingBarred: true,
      withdrawBarred: true,
      frozen: false,
    });
    expect(await flagsOf(memberId)).toEqual({ ...cleanFlags, tradingBarred: true, withdrawBarred: true });
    const audit = await call(`${app.url}/ops/audit?target=member:${memberId}`, "GET", undefined, supervisor);
    expect(audit.body.items[0]).toMatchObject({
      action: "member.flags",
      reason: "margin abuse under review",
      before: cleanFlags,
      after: { ...cleanFlags, tradingBarred: true, withdrawBarred: true },
    });
    const cleared = await call(
      `${app.url}/ops/members/${memberId}/flags`,
      "POST",
      { tradingBarred: false, reason: "review closed" },
      supervisor,
    );
    expect(cleared.body).toMatchObject({ tradingBarred: false, withdrawBarred: true });
  });

  it("writes nothing when no flag changes", async () => {
    const { memberId } = await registerMember(app.url, app.database);
    const before = await auditCount();
    const same = await call(
      `${app.url}/ops/members/${memberId}/flags`,
      "POST",
      { frozen: false, reason: "double click" },
      supervisor,
    );
    expect(same.status).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  const refusals: [string, Record<string, unknown>, string, number][] = [
    ["no reason", { frozen: true }, "REASON_REQUIRED", 400],
    ["a blank reason", { frozen: true, reason: "   " }, "REASON_REQUIRED", 400],
    ["no flag at all", { reason: "why not" }, "VALIDATION_FAILED", 400],
    ["a flag that is not a boolean", { frozen: "yes", reason: "why not" }, "VALIDATION_FAILED", 400],
    ["a reason past 500 characters", { frozen: true, reason: "x".repeat(501) }, "VALIDATION_FAILED", 400],
  ];
  for (const [what, body, code, status] of refusals) {
    it(`refuses ${what} with ${code}, changing nothing`, async () => {
      const { memberId } = await registerMember(app.url, app.database);
      const before = await auditCount();
      const response = await call(`${app.url}/ops/members/${memberId}/flags`, "POST", body, supervisor);
      expect(response.status).toBe(status);
      expect(response.body.error.code).toBe(code);
      expect(await flagsOf(memberId)).toEqual(cleanFlags);
      expect(await auditCount()).toBe(before);
    });
  }

  it("refuses a reviewer and an unknown member, changing nothing", async () => {
    const { memberId } = await registerMember(app.url, app.database);
    const before = await auditCount();
    const body = { frozen: true, reason: "suspicious deposits" };
    const byReviewer = await call(`${app.url}/ops/members/${memberId}/flags`, "POST", body, reviewer);
    expect(byReviewer.status).toBe(403);
    expect(byReviewer.body.error.code).toBe("FORBIDDEN");
    const unknown = await call(
      `${app.url}/ops/members/00000000-0000-4000-8000-000000000000/flags`,
      "POST",
      body,
      supervisor,
    );
    expect(unknown.body.error.code).toBe("MEMBER_NOT_FOUND");
    expect(await flagsOf(memberId)).toEqual(cleanFlags);
    expect(await auditCount()).toBe(before);
  });
});

describe("flags take effect at once, even through a session cache", () => {
  // An API process that trusts a looked-up session for a minute, and records what it tells the gateways on the bus.
  let cached: { url: string; ended: SessionsEnded[]; close(): Promise<void> } & Pick<TestApp, "database">;
  let staff: Record<string, string>;

  beforeAll(async () => {
    const { database, drop } = await openTestDatabase();
    const ended: SessionsEnded[] = [];
    const bus = createMemoryBus();
    await bus.onControl((message) => {
      if (message.type === "sessions-ended") ended.push(message);
    });
    const { app: express, sessionsHeard } = createApp({
      config: testConfig({ SESSION_CACHE_MS: "60000" }),
      database,
      bus,
      catalog: createCatalog(),
      logger: pino({ level: "silent" }),
      throttle: new MemoryThrottleStore(),
      sms: new LogSmsSender(pino({ level: "silent" })),
    });
    await sessionsHeard;
    const server = createServer(express);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
    cached = {
      url,
      database,
      ended,
      async close() {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await drop();
      },
    };
    await seedDemo(database.db, Date.now());
    staff = (await signInStaff(cached, "supervisor")).auth;
  });
  afterAll(async () => {
    await cached?.close();
  });

  it("disabling ends the member's sessions: 401 on the next request, sockets told to drop", async () => {
    const { auth, memberId } = await registerMember(cached.url, cached.database);
    expect((await call(`${cached.url}/me`, "GET", undefined, auth)).status).toBe(200);
    const disabled = await call(
      `${cached.url}/ops/members/${memberId}/flags`,
      "POST",
      { disabled: true, reason: "account closed at the member's request" },
      staff,
    );
    expect(disabled.status).toBe(200);
    const after = await call(`${cached.url}/me`, "GET", undefined, auth);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("UNAUTHENTICATED");
    expect(cached.ended.at(-1)?.sessionKeys).toHaveLength(1);
    const signIn = await call(`${cached.url}/auth/login`, "POST", {
      account: (await cached.database.db.select().from(members).where(eq(members.id, memberId)))[0]?.account,
      password: "secret123",
    });
    expect(signIn.body.error.code).toBe("ACCOUNT_DISABLED");
  });

  it("freezing keeps the session but refuses orders with ACCOUNT_FROZEN at once", async () => {
    const { auth, memberId } = await registerMember(cached.url, cached.database);
    const order = { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 1 };
    // Not frozen: the order gets past the flags (and fails later, for want of money or a book).
    const before = await call(`${cached.url}/orders`, "POST", order, auth);
    expect(before.body.error.code).not.toBe("ACCOUNT_FROZEN");
    const endedBefore = cached.ended.length;
    await call(
      `${cached.url}/ops/members/${memberId}/flags`,
      "POST",
      { frozen: true, reason: "court order" },
      staff,
    );
    const frozen = await call(`${cached.url}/orders`, "POST", order, auth);
    expect(frozen.status).toBe(403);
    expect(frozen.body.error.code).toBe("ACCOUNT_FROZEN");
    expect((await call(`${cached.url}/me`, "GET", undefined, auth)).status).toBe(200);
    expect(cached.ended.length).toBe(endedBefore);
    await call(
      `${cached.url}/ops/members/${memberId}/flags`,
      "POST",
      { frozen: false, tradingBarred: true, reason: "court order lifted, trading still barred" },
      staff,
    );
    const barred = await call(`${cached.url}/orders`, "POST", order, auth);
    expect(barred.body.error.code).toBe("TRADING_BARRED");
  });
});
