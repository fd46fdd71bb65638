import { createCatalog } from "@kabuto/feed";
import type { AccountEvent } from "@kabuto/shared/protocol/socket";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { rowsOf } from "../db/rows.ts";
import { members } from "../db/schema.ts";
import { isDayTradeApproved } from "../kernel/members.repo.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { StaffService } from "../ops/staff.service.ts";
import { demoAdmin, demoMember, seedDemo, seedDemoDayTrading } from "../seed.ts";
import { fund, registerMember, setMarket } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { TradingService } from "../trading/trading.service.ts";
import { TradingWorker } from "../trading/worker.ts";

/**
 * Day trading against real exchange hours on the test clock: Wednesday 10 June 2026, 10:00 in
 * Tokyo. The TSE's afternoon session ends at 15:30 (06:30 UTC), so the cut-off, five minutes
 * before, falls at 06:25 UTC.
 */
const startMs = Date.parse("2026-06-10T01:00:00Z");
const cutoffMs = Date.parse("2026-06-10T06:25:00Z");

let app: TestApp;
let reviewer: Record<string, string>;
const events: { memberId: string; event: AccountEvent }[] = [];

beforeAll(async () => {
  app = await startTestApp(
    { MARKET_HOURS: "real" },
    { startMs, accountEvents: (memberId, event) => events.push({ memberId, event }) },
  );
  await seedDemo(app.database.db, startMs);
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  reviewer = (await signInStaff(app, "reviewer")).auth;
  setMarket(app.bus, "JP:7203", [["2650", 1_000]], [["2650.5", 1_000]]);
});

async function ledgerHealthy(): Promise<boolean> {
  return isHealthy(await app.database.db.transaction((tx) => checkLedger(tx)));
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf(await app.database.db.execute(query));
  return Number(row?.n);
}

/** A funded member whose day-trading application a reviewer approved. */
async function approvedMember(cash = 1_000_000n) {
  const member = await registerMember(app.url, app.database);
  await fund(app.database, member.memberId, "JPY", cash);
  const applied = await call(`${app.url}/day-trading/application`, "POST", { agree: true }, member.auth);
  expect(applied.status).toBe(201);
  const review = await call(
    `${app.url}/ops/day-trading/applications/${applied.body.id}/review`,
    "POST",
    { decision: "approve" },
    reviewer,
  );
  expect(review.status).toBe(200);
  return member;
}

const dayTrade = {
  symbol: "JP:7203",
  side: "long",
  type: "market",
  quantity: 100,
  leverage: 1,
  dayTrade: true,
};

describe("the application", () => {
  it("refuses a day trade until operations approve, then opens it", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 1_000_000n);
    const positionsBefore = await count(sql`select count(*) as n from positions`);
    const refused = await call(`${app.url}/orders`, "POST", dayTrade, auth);
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "DAY_TRADE_NOT_APPROVED" } } });

    expect((await call(`${app.url}/day-trading/application`, "POST", {}, auth)).body.error.code).toBe(
      "DAY_TRADE_AGREEMENT_REQUIRED",
    );
    const applied = await call(`${app.url}/day-trading/application`, "POST", { agree: true }, auth);
    expect(applied).toMatchObject({ status: 201, body: { status: "pending", decidedAtMs: null } });
    const again = await call(`${app.url}/day-trading/application`, "POST", { agree: true }, auth);
    expect(again).toMatchObject({ status: 409, body: { error: { code: "DAY_TRADE_ALREADY_APPLIED" } } });
    // Pending is not approved.
    expect((await call(`${app.url}/orders`, "POST", dayTrade, auth)).body.error.code).toBe(
      "DAY_TRADE_NOT_APPROVED",
    );
    expect(await count(sql`select count(*) as n from positions`)).toBe(positionsBefore);

    const queue = await call(`${app.url}/ops/day-trading/applications`, "GET", undefined, reviewer);
    expect(queue.body.items.map((item: { id: string }) => item.id)).toContain(applied.body.id);
    const review = `${app.url}/ops/day-trading/applications/${applied.body.id}/review`;
    expect((await call(review, "POST", { decision: "reject" }, reviewer)).body.error.code).toBe(
      "REASON_REQUIRED",
    );
    const approved = await call(review, "POST", { decision: "approve" }, reviewer);
    expect(approved.body).toMatchObject({ status: "approved", memberId });
    expect((await call(review, "POST", { decision: "approve" }, reviewer)).body.error.code).toBe(
      "REQUEST_NOT_PENDING",
    );
    const supervisor = (await signInStaff(app, "supervisor")).auth;
    const audit = await call(
      `${app.url}/ops/audit?target=day_trade:${applied.body.id}`,
      "GET",
      undefined,
      supervisor,
    );
    expect(audit.body.items.map((item: { action: string }) => item.action)).toEqual(["daytrade.approve"]);

    const overview = await call(`${app.url}/day-trading`, "GET", undefined, auth);
    expect(overview.body.application).toMatchObject({ status: "approved" });
    expect(await ledgerHealthy()).toBe(true);
  });

  it("a rejected member reads the reason and may apply again", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const applied = await call(`${app.url}/day-trading/application`, "POST", { agree: true }, auth);
    await call(
      `${app.url}/ops/day-trading/applications/${applied.body.id}/review`,
      "POST",
      { decision: "reject", reason: "Please verify your identity first" },
      reviewer,
    );
    const overview = await call(`${app.url}/day-trading`, "GET", undefined, auth);
    expect(overview.body.application).toMatchObject({
      status: "rejected",
      reason: "Please verify your identity first",
    });
    expect((await call(`${app.url}/day-trading/application`, "POST", { agree: true }, auth)).status).toBe(
      201,
    );
  });
});

describe("a day trade", () => {
  it("opens at 3.3×: 30% margin, no commission, marked as a day trade, and says so in the fund records", async () => {
    const { auth } = await approvedMember();
    const overview = await call(`${app.url}/day-trading`, "GET", undefined, auth);
    expect(overview.body.markets.JP).toMatchObject({
      leverage: 3.3,
      marginPct: 30,
      feePpm: 0,
      open: true,
      cutoffMs,
      // ¥1,000,000 at 30% buys ¥3,333,333.
      buyingPower: "3333333",
    });
    const placed = await call(`${app.url}/orders`, "POST", dayTrade, { ...auth, "idempotency-key": "dt-1" });
    expect(placed.status).toBe(201);
    // A retry answers the same order and opens nothing more.
    const retried = await call(`${app.url}/orders`, "POST", dayTrade, { ...auth, "idempotency-key": "dt-1" });
    expect(retried.body.positionId).toBe(placed.body.positionId);
    const position = await call(`${app.url}/positions/${placed.body.positionId}`, "GET", undefined, auth);
    // 100 × 2,650.5 = 265,050 yen; 30% = 79,515; ordinary margin at 3× would be 88,350.
    expect(position.body).toMatchObject({
      dayTrade: true,
      status: "holding",
      openNotional: "265050",
      margin: "79515",
      openFee: "0",
    });
    const held = await call(`${app.url}/day-trading/positions?status=holding`, "GET", undefined, auth);
    expect(held.body.items.map((item: { id: string }) => item.id)).toEqual([placed.body.positionId]);
    const records = await call(`${app.url}/ledger?type=trade`, "GET", undefined, auth);
    expect(records.body.items).toHaveLength(1);
    expect(records.body.items[0]).toMatchObject({
      memoCode: "day_trade_open",
      memoParams: { side: "long", quantity: 100, symbol: "JP:7203", price: "2650.5", leverage: "3.3" },
    });
    expect(await ledgerHealthy()).toBe(true);
  });

  it("takes market orders only", async () => {
    const { auth } = await approvedMember();
    const limit = await call(
      `${app.url}/orders`,
      "POST",
      { ...dayTrade, type: "limit", price: "2600" },
      auth,
    );
    expect(limit).toMatchObject({ status: 400, body: { error: { code: "DAY_TRADE_MARKET_ONLY" } } });
  });
});

describe("the cut-off", () => {
  it("closes every open day trade at the set time, once with two workers, and none opens after it", async () => {
    const first = await approvedMember();
    const second = await approvedMember();
    const ordinaryMember = await registerMember(app.url, app.database);
    await fund(app.database, ordinaryMember.memberId, "JPY", 1_000_000n);
    const opened = [
      await call(`${app.url}/orders`, "POST", dayTrade, first.auth),
      await call(`${app.url}/orders`, "POST", { ...dayTrade, side: "short" }, first.auth),
      await call(`${app.url}/orders`, "POST", dayTrade, second.auth),
    ].map((placed) => placed.body.positionId as string);
    const ordinary = await call(
      `${app.url}/orders`,
      "POST",
      { ...dayTrade, dayTrade: false, leverage: 2 },
      ordinaryMember.auth,
    );
    expect(ordinary.status).toBe(201);

    // Two workers over the same database, each with its own trading service, as two processes run them.
    const workerOf = (trading: TradingService) =>
      new TradingWorker({ db: app.database.db, trading, alwaysOpen: false, now: app.now });
    const one = workerOf(app.trading);
    const two = workerOf(
      new TradingService({
        db: app.database.db,
        catalog: createCatalog(),
        bus: app.bus,
        alwaysOpen: false,
        now: app.now,
        events: (memberId, event) => events.push({ memberId, event }),
      }),
    );
    // A second before the cut-off nothing closes.
    app.advance(cutoffMs - 1_000 - app.now());
    expect((await one.pass()).cutOff).toBe(0);
    const stillOpen = await call(
      `${app.url}/day-trading/positions?status=holding`,
      "GET",
      undefined,
      first.auth,
    );
    expect(stillOpen.body.items).toHaveLength(2);

    app.advance(1_000);
    expect(app.now()).toBe(cutoffMs);
    events.length = 0;
    const [a, b] = await Promise.all([one.pass(), two.pass()]);
    // Every day trade closed exactly once between them (earlier tests' positions too).
    expect(a.cutOff + b.cutOff).toBeGreaterThanOrEqual(3);
    expect(await count(sql`select count(*) as n from positions where day_trade and status = 'holding'`)).toBe(
      0,
    );
    const closes = rowsOf(
      await app.database.db.execute(sql`
        select ref, count(*)::int as n from journals where memo_code = 'day_trade_cutoff' group by ref`),
    );
    expect(closes.length).toBe(a.cutOff + b.cutOff);
    expect(closes.every((row) => Number(row.n) === 1)).toBe(true);

    for (const id of opened) {
      const position = await call(
        `${app.url}/positions/${id}`,
        "GET",
        undefined,
        id === opened[2] ? second.auth : first.auth,
      );
      expect(position.body).toMatchObject({
        status: "closed",
        closeReason: "day_trade_cutoff",
        closedAtMs: cutoffMs,
      });
    }
    // The ordinary position stays open.
    const kept = await call(
      `${app.url}/positions/${ordinary.body.positionId}`,
      "GET",
      undefined,
      ordinaryMember.auth,
    );
    expect(kept.body.status).toBe("holding");
    // The member hears of each close on their account topic, and reads it in their fund records.
    await new Promise((settle) => setImmediate(settle));
    const notices = events.filter((event) => event.event.type === "day_trade_cutoff");
    expect(notices.map((notice) => notice.event.id).sort()).toEqual(
      expect.arrayContaining([...opened].sort()),
    );
    expect(notices.find((notice) => notice.event.id === opened[0])?.memberId).toBe(first.memberId);
    const records = await call(`${app.url}/ledger?type=trade`, "GET", undefined, second.auth);
    expect(records.body.items[0]).toMatchObject({
      memoCode: "day_trade_cutoff",
      memoParams: { side: "long", quantity: 100, symbol: "JP:7203", price: "2650" },
    });
    const closed = await call(
      `${app.url}/day-trading/positions?status=closed`,
      "GET",
      undefined,
      second.auth,
    );
    // Opened at 2,650.5, closed into the 2,650 bid: 100 × -0.5 = -50 yen, no commission either way.
    expect(closed.body.items[0]).toMatchObject({ realized: "-50", closeFee: "0" });

    // Past the cut-off no new day trade opens today, and the buying power says so; ordinary orders still do.
    const late = await call(`${app.url}/orders`, "POST", dayTrade, first.auth);
    expect(late).toMatchObject({ status: 409, body: { error: { code: "DAY_TRADE_CUTOFF_PASSED" } } });
    const overview = await call(`${app.url}/day-trading`, "GET", undefined, first.auth);
    expect(overview.body.markets.JP).toMatchObject({ open: false, buyingPower: "0" });
    expect(
      (await call(`${app.url}/orders`, "POST", { ...dayTrade, dayTrade: false }, first.auth)).status,
    ).toBe(201);
    // A later pass finds nothing more to close.
    expect((await one.pass()).cutOff).toBe(0);
    expect(await ledgerHealthy()).toBe(true);
  });
});

describe("the embedded demo", () => {
  it("gives the demo member an approved application through the services, once", async () => {
    const [demo] = await app.database.db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.account, demoMember.account));
    if (!demo) throw new Error("the demo member was not seeded");
    // Without the demo admin nobody can approve it: nothing is made.
    expect(await seedDemoDayTrading(app.database.db, startMs)).toBe(false);
    // Other tests' staff exist already, so the demo admin is made here rather than by seedDemoStaff.
    await new StaffService(app.database.db).create({ ...demoAdmin, role: "admin" }, null, { nowMs: startMs });
    expect(await seedDemoDayTrading(app.database.db, startMs)).toBe(true);
    expect(await seedDemoDayTrading(app.database.db, startMs)).toBe(false);
    expect(await isDayTradeApproved(app.database.db, demo.id)).toBe(true);
    expect(
      await count(sql`select count(*) as n from audit_log where action = 'daytrade.approve' and after->>'status' = 'approved'
        and target in (select 'day_trade:' || id from day_trade_applications where member_id = ${demo.id})`),
    ).toBe(1);
  });
});
