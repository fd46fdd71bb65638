import { createCatalog } from "@kabuto/feed";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import type { Db } from "../db/database.ts";
import { rowsOf } from "../db/rows.ts";
import { balanceOf } from "../funding/funding-fixtures.ts";
import { demoMember, seedDemo, seedDemoWatchlist } from "../seed.ts";
import { fund, registerMember, setMarket } from "../testing/fixtures.ts";
import { bearerSignIn, call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { testConfig } from "../testing/test-env.ts";
import { DividendsService, dividendTermsOf } from "./dividends.service.ts";

/**
 * Toyota's year-end dividend of 2027: record date Wednesday 31 March, ex-date Tuesday 30 March,
 * ¥47.8 a share (¥2,653.5 at 3.6% in two payments). The clock starts at 10:00 in Tokyo on
 * Monday 29 March, the last day to buy with the right.
 */
const startMs = Date.parse("2027-03-29T01:00:00Z");
const hourMs = 3_600_000;
const toyotaDividend = "JP:7203@2027-03-30";

let app: TestApp;
/** Two workers over the same database and clock, as two worker processes would be. */
let workers: [DividendsService, DividendsService];

function worker(db: Db = app.database.db): DividendsService {
  return new DividendsService({
    db,
    catalog: createCatalog(),
    now: app.now,
    events: () => undefined,
    terms: dividendTermsOf(testConfig()),
  });
}

/**
 * Two views of the database that hold back the first read that finds positions to pay until the
 * other view has made its own: two workers that both see the same unpaid positions, as two
 * processes (or a retry after a crash) may, so only the database's key can keep a payment single.
 */
function racingViews(db: Db): [Db, Db] {
  let arrived = 0;
  let release: () => void = () => undefined;
  const bothRead = new Promise<void>((resolve) => {
    release = resolve;
  });
  const view = (): Db => {
    let waited = false;
    return new Proxy(db, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (property !== "execute") return typeof value === "function" ? value.bind(target) : value;
        return async (...args: Parameters<Db["execute"]>) => {
          const result = await target.execute(...args);
          if (!waited && rowsOf(result).length > 0) {
            waited = true;
            arrived += 1;
            if (arrived === 2) release();
            await bothRead;
          }
          return result;
        };
      },
    });
  };
  return [view(), view()];
}

beforeAll(async () => {
  app = await startTestApp({}, { startMs });
  await seedDemo(app.database.db, startMs);
  workers = [worker(), worker()];
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  setMarket(app.bus, "JP:7203", [["2650", 100_000]], [["2650.5", 100_000]], { up: "3150", down: "2150.5" });
  setMarket(app.bus, "US:JPM", [["288.60", 1_000]], [["288.70", 1_000]]);
});

async function ledgerHealthy(): Promise<boolean> {
  return isHealthy(await checkLedger(app.database.db));
}

async function open(auth: Record<string, string>, symbol: string, side: "long" | "short", quantity: number) {
  const placed = await call(
    `${app.url}/orders`,
    "POST",
    { symbol, side, type: "market", quantity, leverage: 1 },
    auth,
  );
  expect(placed.status).toBe(201);
  return String(placed.body.positionId);
}

async function close(auth: Record<string, string>, positionId: string) {
  expect((await call(`${app.url}/positions/${positionId}/close`, "POST", {}, auth)).status).toBe(200);
}

async function trader(currency: "JPY" | "USD" = "JPY") {
  const member = await registerMember(app.url, app.database);
  await fund(app.database, member.memberId, currency, currency === "JPY" ? 5_000_000n : 50_000_00n);
  return member;
}

async function dividendJournals(memberId: string): Promise<number> {
  const [row] = rowsOf(
    await app.database.db.execute(
      sql`select count(*)::int as n from journals where member_id = ${memberId} and kind = 'dividend'`,
    ),
  );
  return Number(row?.n);
}

describe("the demo member's first start", () => {
  it("sees the announced dividends of the names the seed put on their watchlist", async () => {
    expect(
      await seedDemoWatchlist(app.database.db, (symbol) => createCatalog().isKnown(symbol), app.now()),
    ).toBe(8);
    const signedIn = await call(
      `${app.url}/auth/login`,
      "POST",
      { account: demoMember.account, password: demoMember.password },
      bearerSignIn,
    );
    const auth = { authorization: `Bearer ${signedIn.body.token}` };
    const calendar = await call(`${app.url}/dividends`, "GET", undefined, auth);
    // On 29 March 2027: three Japanese names go ex tomorrow, JPMorgan in a week, Japan Tobacco's
    // June dividend is announced; Coca-Cola's, McDonald's and Apple's next ones are not yet.
    expect(calendar.body.items.map((item: { id: string }) => item.id)).toEqual([
      "JP:7203@2027-03-30",
      "JP:8306@2027-03-30",
      "JP:9432@2027-03-30",
      "US:JPM@2027-04-06",
      "JP:2914@2027-06-29",
    ]);
    expect(calendar.body.items[0]).toMatchObject({ watchlisted: true, estimate: null });
  });
});

describe("dividends across an ex-date", () => {
  it("pays a long net of withholding and charges a short the full amount, once, and nothing to a position opened on the ex-date", async () => {
    const long = await trader();
    const short = await trader();
    const closedEarly = await trader();
    const late = await trader();
    const longPosition = await open(long.auth, "JP:7203", "long", 300);
    await open(short.auth, "JP:7203", "short", 200);
    await close(closedEarly.auth, await open(closedEarly.auth, "JP:7203", "long", 100));

    // The day before the ex-date the calendar shows what holding on would bring.
    const calendar = await call(`${app.url}/dividends?scope=upcoming`, "GET", undefined, long.auth);
    expect(calendar.status).toBe(200);
    expect(calendar.body.items[0]).toMatchObject({
      id: toyotaDividend,
      exDate: "2027-03-30",
      recordDate: "2027-03-31",
      perShare: "47.8",
      heldLong: 300,
      // 300 × ¥47.8 = ¥14,340, less 15.315% withheld (¥2,196.171, rounded down): ¥12,144.
      estimate: "12144",
      // One trading unit of 100: ¥4,780 less ¥732.
      perUnitNet: "4048",
    });
    const shortCalendar = await call(`${app.url}/dividends`, "GET", undefined, short.auth);
    expect(shortCalendar.body.items[0]).toMatchObject({ id: toyotaDividend, estimate: "-9560" });
    // Nothing is paid before the ex-date begins.
    expect(await workers[0].pay()).toBe(0);

    const longBefore = await balanceOf(app.database, long.memberId, "available", "JPY");
    const shortBefore = await balanceOf(app.database, short.memberId, "available", "JPY");
    const lateBefore = await balanceOf(app.database, late.memberId, "available", "JPY");

    // 10:00 on the ex-date: a position bought now is too late; the long sells and is still paid.
    app.advance(24 * hourMs);
    await open(late.auth, "JP:7203", "long", 100);
    const lateAfterBuy = await balanceOf(app.database, late.memberId, "available", "JPY");
    await close(long.auth, longPosition);
    const longAfterClose = await balanceOf(app.database, long.memberId, "available", "JPY");

    // Two workers that both found the same unpaid positions pay each exactly once between them.
    const [first, second] = racingViews(app.database.db);
    const paid = await Promise.all([worker(first).pay(), worker(second).pay()]);
    expect(paid[0] + paid[1]).toBe(2);
    expect(await workers[0].pay()).toBe(0);

    expect((await balanceOf(app.database, long.memberId, "available", "JPY")) - longAfterClose).toBe(12_144n);
    expect((await balanceOf(app.database, short.memberId, "available", "JPY")) - shortBefore).toBe(-9_560n);
    expect(await balanceOf(app.database, late.memberId, "available", "JPY")).toBe(lateAfterBuy);
    expect(lateAfterBuy).toBeLessThan(lateBefore);
    expect(await dividendJournals(long.memberId)).toBe(1);
    expect(await dividendJournals(short.memberId)).toBe(1);
    expect(await dividendJournals(closedEarly.memberId)).toBe(0);
    expect(await dividendJournals(late.memberId)).toBe(0);
    expect(longBefore).toBeGreaterThan(0n);
    expect(await ledgerHealthy()).toBe(true);

    // The member reads it in their fund records, with a coded remark, and in their dividend history.
    const records = await call(`${app.url}/ledger?type=dividend`, "GET", undefined, long.auth);
    expect(records.status).toBe(200);
    expect(records.body.items).toHaveLength(1);
    expect(records.body.items[0]).toMatchObject({
      kind: "dividend",
      memoCode: "dividend",
      memoParams: {
        side: "long",
        quantity: 300,
        symbol: "JP:7203",
        perShare: "47.8",
        gross: "14340",
        withheld: "2196",
      },
    });
    const history = await call(`${app.url}/dividends?scope=history`, "GET", undefined, short.auth);
    expect(history.body).toMatchObject({
      scope: "history",
      items: [
        {
          dividendId: toyotaDividend,
          side: "short",
          quantity: 200,
          gross: "9560",
          withheld: "0",
          net: "-9560",
        },
      ],
    });
    const detail = await call(
      `${app.url}/dividends/${encodeURIComponent(toyotaDividend)}`,
      "GET",
      undefined,
      long.auth,
    );
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ status: "ex", payments: [{ side: "long", net: "12144" }] });
  });

  it("charges a short whose cash falls short the rest as a visible debt", async () => {
    // The next Toyota dividend: record Thursday 30 September 2027, ex-date Wednesday the 29th.
    app.advance(Date.parse("2027-09-28T01:00:00Z") - app.now());
    const short = await registerMember(app.url, app.database);
    await fund(app.database, short.memberId, "JPY", 270_000n);
    await open(short.auth, "JP:7203", "short", 100);
    const available = await balanceOf(app.database, short.memberId, "available", "JPY");
    expect(available).toBeLessThan(4_780n);
    app.advance(24 * hourMs);
    await workers[0].pay();
    expect(await balanceOf(app.database, short.memberId, "available", "JPY")).toBe(0n);
    expect(await balanceOf(app.database, short.memberId, "deficit", "JPY")).toBe(available - 4_780n);
    expect(await ledgerHealthy()).toBe(true);
  });

  it("pays a US long in cents after the 10% treaty rate, and lists watched names in the calendar", async () => {
    // JPMorgan: record (and ex-) date Wednesday 6 October 2027, $1.37 a share ($288.70 at 1.9% a
    // year, quarterly), announced 35 days ahead. 10:00 in New York on the day before.
    app.advance(Date.parse("2027-10-05T14:00:00Z") - app.now());
    const member = await trader("USD");
    expect((await call(`${app.url}/watchlist/US:JPM`, "PUT", {}, member.auth)).status).toBe(200);
    const watched = await call(`${app.url}/dividends`, "GET", undefined, member.auth);
    expect(watched.body.items).toEqual([
      expect.objectContaining({
        id: "US:JPM@2027-10-06",
        perShare: "1.37",
        watchlisted: true,
        heldLong: 0,
        estimate: null,
        // One share: 137 cents less 13 withheld.
        perUnitNet: "124",
      }),
    ]);
    await open(member.auth, "US:JPM", "long", 10);
    const before = await balanceOf(app.database, member.memberId, "available", "USD");
    app.advance(24 * hourMs);
    expect(await workers[1].pay()).toBe(1);
    // 10 × $1.37 = $13.70, less $1.37 withheld: $12.33.
    expect((await balanceOf(app.database, member.memberId, "available", "USD")) - before).toBe(1_233n);
    expect(await ledgerHealthy()).toBe(true);
  });

  it("refuses an unknown or unannounced dividend", async () => {
    const { auth } = await registerMember(app.url, app.database);
    for (const id of ["JP:7203@2027-03-31", "US:AMZN@2027-10-06", "nonsense", "JP:7203@2030-03-27"]) {
      const refused = await call(`${app.url}/dividends/${encodeURIComponent(id)}`, "GET", undefined, auth);
      expect(refused.status).toBe(404);
      expect(refused.body.error.code).toBe("DIVIDEND_NOT_FOUND");
    }
  });
});
