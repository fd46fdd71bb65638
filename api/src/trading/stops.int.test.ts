import { marketDate } from "@kabuto/shared/market/calendar";
import { addDays } from "@kabuto/shared/market/iso-date";
import type { AccountEvent, MarketUpdate } from "@kabuto/shared/protocol/socket";
import { quoteStaleAfterMs } from "@kabuto/shared/trading/stops";
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { orders, positions } from "../db/schema.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { flatQuote, fund, registerMember, setMarket } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { StopWatch } from "./stop-watch.ts";
import { lapsedDayOrdersQuery } from "./trading.repo.ts";
import { TradingService } from "./trading.service.ts";
import { TradingWorker } from "./worker.ts";

let app: TestApp;
const heard: { memberId: string; event: AccountEvent }[] = [];

beforeAll(async () => {
  app = await startTestApp({}, { accountEvents: (memberId, event) => heard.push({ memberId, event }) });
  await seedDemo(app.database.db, Date.now());
});
afterAll(async () => {
  await app?.close();
});

/** Toyota: last 2,650 (the best bid), asks 2,650.5 and up, daily limits 2,150.5–3,150. */
function toyotaAt(bid: string, ask: string) {
  setMarket(
    app.bus,
    "JP:7203",
    [
      [bid, 1_000],
      ["2000", 1_000],
    ],
    [
      [ask, 1_000],
      ["3000", 1_000],
    ],
    { up: "3150", down: "2150.5" },
  );
}
beforeEach(async () => {
  toyotaAt("2650", "2650.5");
  setMarket(app.bus, "JP:6758", [["3000", 1_000]], [["3000.5", 1_000]]);
  // Each test starts with no stop waiting: those an earlier test left lapse as at a later close.
  const later = new TradingWorker({
    db: app.database.db,
    trading: app.trading,
    alwaysOpen: true,
    now: () => Date.now() + 2 * 86_400_000,
  });
  await later.expireDayOrders();
});

const worker = () => new TradingWorker({ db: app.database.db, trading: app.trading, alwaysOpen: true });

async function account(auth: Record<string, string>, currency = "JPY") {
  const response = await call(`${app.url}/account`, "GET", undefined, auth);
  return response.body.balances.find((balance: { currency: string }) => balance.currency === currency);
}

async function rowCounts() {
  const [o] = await app.database.db.select({ n: count() }).from(orders);
  const [p] = await app.database.db.select({ n: count() }).from(positions);
  const result = (await app.database.db.execute(sql`select count(*)::int as n from journals`)) as unknown as {
    rows: { n: number }[];
  };
  return { orders: o?.n, positions: p?.n, journals: result.rows[0]?.n };
}

async function funded(amount = 10_000_000n) {
  const member = await registerMember(app.url, app.database);
  await fund(app.database, member.memberId, "JPY", amount);
  return member;
}

const buyStop = {
  symbol: "JP:7203",
  side: "long",
  type: "stop",
  quantity: 100,
  leverage: 2,
  triggerPrice: "2700",
};

describe("a stop order at placement", () => {
  it("waits for its trigger, holding what it could cost at the day's upper limit, and cancel gives it back", async () => {
    const { auth } = await funded(1_000_000n);
    const placed = await call(`${app.url}/orders`, "POST", buyStop, auth);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      type: "stop",
      status: "pending",
      triggerPrice: "2700",
      triggeredAtMs: null,
      limitPrice: null,
      fillPrice: null,
    });
    expect(placed.body.validDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // 100 at the 3,150 limit = 315,000: margin 157,500 at 2× and the 315 yen fee.
    expect(placed.body.held).toBe("157815");
    expect(await account(auth)).toMatchObject({ available: String(1_000_000 - 157_815), held: "157815" });
    expect((await worker().pass()).fired).toBe(0);
    const cancelled = await call(`${app.url}/orders/${placed.body.id}/cancel`, "POST", {}, auth);
    expect(cancelled.body).toMatchObject({ status: "cancelled" });
    expect(await account(auth)).toMatchObject({ available: "1000000", held: "0" });
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("holds a stop-limit at its limit, as a limit order holds", async () => {
    const { auth } = await funded(1_000_000n);
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { ...buyStop, type: "stop_limit", price: "2710" },
      auth,
    );
    expect(placed.body).toMatchObject({ type: "stop_limit", limitPrice: "2710", triggerPrice: "2700" });
    // 271,000 at 2×: 135,500 margin and 271 fee.
    expect(placed.body.held).toBe("135771");
  });

  it("is refused when the member cannot hold what it could cost, writing nothing", async () => {
    const { auth } = await funded(100_000n);
    const before = await rowCounts();
    const refused = await call(`${app.url}/orders`, "POST", buyStop, auth);
    expect(refused.body.error.code).toBe("INSUFFICIENT_BALANCE");
    expect(await rowCounts()).toEqual(before);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["a stop without a trigger", { triggerPrice: undefined }, "TRIGGER_REQUIRED"],
    ["a malformed trigger", { triggerPrice: "27OO" }, "TRIGGER_INVALID"],
    ["a buy stop below the last trade", { triggerPrice: "2600" }, "TRIGGER_WRONG_SIDE"],
    ["a sell stop above the last trade", { side: "short", triggerPrice: "2700" }, "TRIGGER_WRONG_SIDE"],
    ["a trigger off the tick grid", { triggerPrice: "2700.3" }, "TRIGGER_OFF_TICK"],
    ["a trigger above the daily limit", { triggerPrice: "3200" }, "TRIGGER_LIMIT_EXCEEDED"],
    ["a stop-limit without its limit", { type: "stop_limit" }, "PRICE_REQUIRED"],
    ["a stop-limit with its limit off the grid", { type: "stop_limit", price: "2710.3" }, "PRICE_OFF_TICK"],
    [
      "a stop-limit with its limit above the band",
      { type: "stop_limit", price: "3200" },
      "PRICE_LIMIT_EXCEEDED",
    ],
    ["a stop in an extended session Tokyo does not have", { session: "extended" }, "SESSION_INVALID"],
    ["leverage the market does not offer", { leverage: 4 }, "LEVERAGE_INVALID"],
    [
      "a market order that names a position to close",
      { type: "market", closesPositionId: "1" },
      "CLOSE_ORDER_INVALID",
    ],
  ];
  for (const [what, change, code] of refusals) {
    it(`refuses ${what} with ${code}, changing nothing`, async () => {
      const { auth } = await funded();
      const before = { rows: await rowCounts(), cash: await account(auth) };
      const response = await call(`${app.url}/orders`, "POST", { ...buyStop, ...change }, auth);
      expect(response.body.error?.code).toBe(code);
      expect({ rows: await rowCounts(), cash: await account(auth) }).toEqual(before);
    });
  }

  it("names the day's band when the trigger is outside it", async () => {
    const { auth } = await funded();
    const response = await call(`${app.url}/orders`, "POST", { ...buyStop, triggerPrice: "3200" }, auth);
    expect(response.body.error).toMatchObject({
      code: "TRIGGER_LIMIT_EXCEEDED",
      details: { limitUp: "3150", limitDown: "2150.5" },
    });
  });

  it("is refused while the symbol's quotes are stale", async () => {
    const { auth } = await funded();
    staleQuote("2650");
    const before = await rowCounts();
    const response = await call(`${app.url}/orders`, "POST", buyStop, auth);
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe("QUOTE_STALE");
    expect(await rowCounts()).toEqual(before);
  });

  it("retried with the same key places one stop and holds once", async () => {
    const { auth } = await funded(1_000_000n);
    const keyed = { ...auth, "idempotency-key": "stop-retry-1" };
    const first = await call(`${app.url}/orders`, "POST", buyStop, keyed);
    const second = await call(`${app.url}/orders`, "POST", buyStop, keyed);
    expect(second.body).toEqual(first.body);
    expect(await account(auth)).toMatchObject({ held: "157815" });
  });
});

describe("a stop placed while the market is shut", () => {
  it("in Tokyo waits for the next session on the day's last quote; in New York is refused", async () => {
    // Friday 20 November 2026, 16:00 in Tokyo (after the close) and 02:00 in New York.
    const afterClose = Date.parse("2026-11-20T07:00:00Z");
    const closed = await startTestApp({ MARKET_HOURS: "real" }, { startMs: afterClose });
    try {
      await seedDemo(closed.database.db, afterClose);
      const { auth, memberId } = await registerMember(closed.url, closed.database);
      await fund(closed.database, memberId, "JPY", 10_000_000n);
      await fund(closed.database, memberId, "USD", 10_000_000n);
      // The day's last quotes, published at the close, an hour and a half before.
      for (const [symbol, last] of [
        ["JP:7203", "2650"],
        ["US:AAPL", "200.00"],
      ] as const) {
        const quoteMs = afterClose - 5_400_000;
        const data = flatQuote(symbol, last, { tradeMs: quoteMs });
        closed.bus.publish([{ topic: `quote:${symbol}`, epoch: "test", seq: 1, ts: quoteMs, data }]);
      }
      const tokyo = await call(
        `${closed.url}/orders`,
        "POST",
        { ...buyStop, side: "short", triggerPrice: "2600" },
        auth,
      );
      expect(tokyo.status).toBe(201);
      // Valid for the next trading day: Monday the 23rd is a holiday in Japan.
      expect(tokyo.body).toMatchObject({ status: "pending", validDate: "2026-11-24" });
      const newYork = await call(
        `${closed.url}/orders`,
        "POST",
        { ...buyStop, symbol: "US:AAPL", side: "short", quantity: 1, triggerPrice: "190.00" },
        auth,
      );
      expect(newYork.body.error?.code).toBe("STOP_OUTSIDE_REGULAR");
    } finally {
      await closed.close();
    }
  });
});

/** Carries a plan out of a transaction it rolls back. */
class Explained extends Error {
  readonly plan: string;
  constructor(plan: string) {
    super("explained");
    this.plan = plan;
  }
}

/** Publishes Toyota's quote as the feed would have a minute and more ago: the feed stopped. Returns its time. */
function staleQuote(last: string): number {
  const oldMs = Date.now() - quoteStaleAfterMs - 5_000;
  const update: MarketUpdate = {
    topic: "quote:JP:7203",
    epoch: "test",
    seq: 1_000_000 + Math.floor(Math.random() * 1_000_000),
    ts: oldMs,
    data: flatQuote("JP:7203", last, { tradeMs: oldMs, limitUp: "3150", limitDown: "2150.5" }),
  };
  app.bus.publish([update]);
  return oldMs;
}

describe("a waiting stop's hold", () => {
  it("reads as held since the last quote while the quotes are stale, and as free once they are fresh again; the member hears each change", async () => {
    const { auth, memberId } = await funded();
    const stop = await call(`${app.url}/orders`, "POST", buyStop, auth);
    const limit = await call(
      `${app.url}/orders`,
      "POST",
      { ...buyStop, type: "limit", triggerPrice: undefined, price: "2600" },
      auth,
    );
    const pending = async () => {
      const items = (await call(`${app.url}/orders?status=pending`, "GET", undefined, auth)).body.items;
      const byId = new Map(items.map((order: { id: string }) => [order.id, order]));
      return { stop: byId.get(stop.body.id), limit: byId.get(limit.body.id) };
    };
    expect(await pending()).toMatchObject({ stop: { stopHold: null }, limit: { stopHold: null } });

    const own = worker();
    const told = () =>
      heard.filter((h) => h.memberId === memberId && h.event.type === "order" && h.event.id === stop.body.id)
        .length;
    expect((await own.pass()).fired).toBe(0);
    const before = told();

    const sinceMs = staleQuote("2650");
    expect(await pending()).toMatchObject({
      stop: { stopHold: { reason: "quote_stale", sinceMs } },
      // A limit order waits for the exchange's book, not for the broker's feed.
      limit: { stopHold: null },
    });
    // The engine holds it by the same rule: a crossing stale quote fires nothing. Its pass tells
    // the member once that the stop started holding, and not again while it holds.
    staleQuote("2750");
    expect((await own.pass()).fired).toBe(0);
    expect(told()).toBe(before + 1);
    expect((await own.pass()).fired).toBe(0);
    expect(told()).toBe(before + 1);

    toyotaAt("2650", "2650.5");
    expect(await pending()).toMatchObject({ stop: { stopHold: null }, limit: { stopHold: null } });
    expect((await own.pass()).fired).toBe(0);
    expect(told()).toBe(before + 2);
  });
});

describe("the stop watch", () => {
  /** A watch over its own worker, whose passes are counted; it has read the triggers once. */
  async function watching() {
    const own = worker();
    const passes = vi.spyOn(own, "stopPass");
    const watch = new StopWatch({ db: app.database.db, bus: app.bus, worker: own, alwaysOpen: true });
    // The periodic pass reads the nearest triggers and subscribes; it never runs again here.
    expect((await watch.pass()).fired).toBe(0);
    passes.mockClear();
    return { watch, passes };
  }
  const orderOf = async (auth: Record<string, string>, id: number) =>
    (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items.find(
      (order: { id: number }) => order.id === id,
    );
  /** Lets a published quote reach the watch and any pass it started end. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

  it("fires and fills a stop on the quote that crosses it, with no periodic pass, and nothing on one that does not", async () => {
    const { auth } = await funded();
    const buy = await call(`${app.url}/orders`, "POST", buyStop, auth);
    const sell = await call(
      `${app.url}/orders`,
      "POST",
      { ...buyStop, side: "short", triggerPrice: "2600" },
      auth,
    );
    const { watch, passes } = await watching();
    try {
      toyotaAt("2699.5", "2700");
      toyotaAt("2600.5", "2601");
      await settle();
      expect(passes).not.toHaveBeenCalled();
      expect(await orderOf(auth, buy.body.id)).toMatchObject({ status: "pending", triggeredAtMs: null });

      // A fall to the sell stop's trigger fires it alone.
      toyotaAt("2600", "2600.5");
      await expect.poll(async () => (await orderOf(auth, sell.body.id)).status).toBe("filled");
      expect(await orderOf(auth, sell.body.id)).toMatchObject({ fillPrice: "2600" });
      expect(passes).toHaveBeenCalledWith(["JP:7203"]);
      expect(await orderOf(auth, buy.body.id)).toMatchObject({ status: "pending", triggeredAtMs: null });

      // The fired stop no longer draws passes once its pass (and the read of the triggers after
      // it) is over; the buy stop is still watched.
      await Promise.all(passes.mock.results.map((result) => result.value));
      await settle();
      passes.mockClear();
      toyotaAt("2600", "2600.5");
      await settle();
      expect(passes).not.toHaveBeenCalled();
      toyotaAt("2700", "2700.5");
      await expect.poll(async () => (await orderOf(auth, buy.body.id)).status).toBe("filled");
      expect(await orderOf(auth, buy.body.id)).toMatchObject({ fillPrice: "2700.5" });
      expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
    } finally {
      await watch.stop();
    }
  });

  it("starts its periodic pass once the pass on a tick in flight has ended, rather than beside it", async () => {
    const { auth } = await funded();
    const placed = await call(`${app.url}/orders`, "POST", buyStop, auth);
    const { watch, passes } = await watching();
    // The pass on the tick is slow to begin (a loaded machine), so the periodic one comes in the middle.
    let go: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      go = resolve;
    });
    try {
      const stopPass = TradingWorker.prototype.stopPass;
      passes.mockImplementationOnce(async function (this: TradingWorker, symbols) {
        await gate;
        return stopPass.call(this, symbols);
      });
      toyotaAt("2700", "2700.5");
      await expect.poll(() => passes.mock.calls.length).toBe(1);
      expect(passes).toHaveBeenLastCalledWith(["JP:7203"]);
      const periodic = watch.pass();
      await settle();
      expect(passes).toHaveBeenCalledTimes(1);
      go();
      // The tick's pass fired and filled the stop; the periodic pass after it found nothing to fire.
      expect(await periodic).toMatchObject({ fired: 0 });
      expect(passes).toHaveBeenCalledTimes(2);
      expect(await orderOf(auth, placed.body.id)).toMatchObject({ status: "filled", fillPrice: "2700.5" });
    } finally {
      go();
      await watch.stop();
    }
  });

  it("holds a stop that a stale quote crosses, as the periodic pass does", async () => {
    const { auth } = await funded();
    const placed = await call(`${app.url}/orders`, "POST", buyStop, auth);
    const { watch, passes } = await watching();
    try {
      staleQuote("2750");
      await expect.poll(() => passes.mock.results.length).toBe(1);
      await expect(passes.mock.results[0]?.value).resolves.toMatchObject({ fired: 0 });
      expect(await orderOf(auth, placed.body.id)).toMatchObject({ status: "pending", triggeredAtMs: null });
    } finally {
      await watch.stop();
    }
  });

  it("never fires on a tick a stop whose day has closed; the pass over every symbol cancels it", async () => {
    const { auth } = await funded();
    const placed = await call(`${app.url}/orders`, "POST", buyStop, auth);
    const tomorrowMs = Date.now() + 86_400_000;
    const tomorrow = new TradingWorker({
      db: app.database.db,
      trading: app.trading,
      alwaysOpen: true,
      now: () => tomorrowMs,
    });
    // A fresh quote of tomorrow that crosses the trigger.
    const update: MarketUpdate = {
      topic: "quote:JP:7203",
      epoch: "test",
      seq: 2_000_000 + Math.floor(Math.random() * 1_000_000),
      ts: tomorrowMs,
      data: flatQuote("JP:7203", "2750", { tradeMs: tomorrowMs, limitUp: "3150", limitDown: "2150.5" }),
    };
    app.bus.publish([update]);
    expect(await tomorrow.stopPass(["JP:7203"])).toMatchObject({ expired: 0, fired: 0 });
    expect(await orderOf(auth, placed.body.id)).toMatchObject({ status: "pending", triggeredAtMs: null });
    expect((await tomorrow.stopPass()).expired).toBeGreaterThanOrEqual(1);
    expect(await orderOf(auth, placed.body.id)).toMatchObject({ status: "cancelled", triggeredAtMs: null });
  });

  it("lets go of its quotes when stopped, leaving the other consumers of the bus theirs", async () => {
    const { auth } = await funded();
    const placed = await call(`${app.url}/orders`, "POST", buyStop, auth);
    const gateway = app.bus.consumer();
    const heardByGateway: number[] = [];
    gateway.onUpdates((updates) => heardByGateway.push(...updates.map((update) => update.seq)));
    await gateway.subscribe(["quote:JP:7203"]);
    const { watch, passes } = await watching();
    await watch.stop();
    toyotaAt("2700", "2700.5");
    await settle();
    expect(passes).not.toHaveBeenCalled();
    expect(heardByGateway).toHaveLength(1);
    expect(await orderOf(auth, placed.body.id)).toMatchObject({ status: "pending" });
    await gateway.unsubscribe(["quote:JP:7203"]);
  });
});

describe("the trigger engine", () => {
  it("fires a stop once when the last trade crosses it, with two workers racing, and fills it as a market order", async () => {
    const stopper = await funded();
    const placed = await call(`${app.url}/orders`, "POST", buyStop, stopper.auth);
    toyotaAt("2699.5", "2700");
    expect((await worker().pass()).fired).toBe(0);
    toyotaAt("2700", "2700.5");
    const other = new TradingService({
      db: app.database.db,
      catalog: app.catalog,
      bus: app.bus,
      alwaysOpen: true,
      now: app.now,
      // Whichever worker wins the race tells the member.
      events: (memberId, event) => heard.push({ memberId, event }),
    });
    const second = new TradingWorker({ db: app.database.db, trading: other, alwaysOpen: true });
    const passes = await Promise.all([worker().pass(), second.pass(), worker().pass()]);
    expect(passes.reduce((sum, pass) => sum + pass.fired, 0)).toBe(1);
    expect(passes.reduce((sum, pass) => sum + pass.filled, 0)).toBe(1);
    const order = (await call(`${app.url}/orders`, "GET", undefined, stopper.auth)).body.items[0];
    expect(order).toMatchObject({ id: placed.body.id, status: "filled", fillPrice: "2700.5", held: "0" });
    expect(order.triggeredAtMs).toEqual(expect.any(Number));
    expect((await call(`${app.url}/positions`, "GET", undefined, stopper.auth)).body.items).toHaveLength(1);
    expect(
      heard.filter((h) => h.memberId === stopper.memberId && h.event.type === "order").length,
    ).toBeGreaterThan(1);

    // The same order placed at market on the same book costs and posts exactly the same.
    const marketer = await funded();
    await call(
      `${app.url}/orders`,
      "POST",
      { ...buyStop, type: "market", triggerPrice: undefined },
      marketer.auth,
    );
    const opened = async (auth: Record<string, string>) => {
      const [position] = (await call(`${app.url}/positions`, "GET", undefined, auth)).body.items;
      const { openPrice, openNotional, margin, openFee } = position;
      const records = (await call(`${app.url}/ledger?type=trade`, "GET", undefined, auth)).body.items;
      const trades = records
        .filter((r: { kind: string }) => r.kind === "open" || r.kind === "fee")
        .map((r: { kind: string; memoCode: string; memoParams: unknown; changes: unknown }) => ({
          kind: r.kind,
          memoCode: r.memoCode,
          memoParams: r.memoParams,
          changes: r.changes,
        }));
      return { openPrice, openNotional, margin, openFee, trades, cash: await account(auth) };
    };
    expect(await opened(stopper.auth)).toEqual(await opened(marketer.auth));
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("fires and fills in the stop engine's own quick pass, which the slower housekeeping pass leaves to it", async () => {
    const { auth } = await funded();
    await call(`${app.url}/orders`, "POST", buyStop, auth);
    toyotaAt("2700", "2700.5");
    expect(await worker().housekeeping()).toMatchObject({ filled: 0 });
    expect(await worker().stopPass()).toMatchObject({ fired: 1, filled: 1 });
    const [order] = (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items;
    expect(order).toMatchObject({ type: "stop", status: "filled", fillPrice: "2700.5" });
  });

  it("fills a stop it has just fired though another transaction holds its row for a moment, rather than leaving it to the next housekeeping pass", async () => {
    const { auth } = await funded();
    const placed = await call(`${app.url}/orders`, "POST", buyStop, auth);
    toyotaAt("2700", "2700.5");
    // Another worker's pass that saw the same crossing and lost the race to fire: its conditional
    // update holds the row while it finds the stop fired. A key-share lock lets this pass's fire
    // through but not its fill, as that update does.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = app.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from orders where id = ${placed.body.id} for key share`);
      locked();
      await released;
    });
    await held;
    const pass = worker().stopPass(["JP:7203"]);
    const waitsForTheRow = (async () => {
      for (;;) {
        const waiting = (await app.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        if ((waiting.rows[0]?.n ?? 0) > 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    // A pass that skips the row ends here with nothing filled; one that waits for it is seen waiting.
    await Promise.race([pass, waitsForTheRow]);
    release();
    await holder;
    expect(await pass).toMatchObject({ fired: 1, filled: 1 });
    const [order] = (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items;
    expect(order).toMatchObject({ id: placed.body.id, status: "filled", fillPrice: "2700.5" });
    expect((await call(`${app.url}/positions`, "GET", undefined, auth)).body.items).toHaveLength(1);
  });

  it("fires once across a crash between the trigger and the fill: the restarted worker fills it", async () => {
    const { auth } = await funded();
    const placed = await call(`${app.url}/orders`, "POST", buyStop, auth);
    toyotaAt("2705", "2705.5");
    // The worker fires and dies before it fills.
    expect(await worker().fireStops()).toBe(1);
    const waiting = (await call(`${app.url}/orders?status=pending`, "GET", undefined, auth)).body.items;
    expect(waiting).toMatchObject([{ id: placed.body.id, status: "pending" }]);
    const restarted = await worker().pass();
    expect(restarted).toMatchObject({ fired: 0, filled: 1 });
    expect((await worker().pass()).filled).toBe(0);
    expect((await call(`${app.url}/positions`, "GET", undefined, auth)).body.items).toHaveLength(1);
  });

  it("turns a fired stop-limit into a resting limit that fills only at its limit", async () => {
    const { auth } = await funded();
    await call(`${app.url}/orders`, "POST", { ...buyStop, type: "stop_limit", price: "2705" }, auth);
    toyotaAt("2710", "2710.5");
    expect(await worker().pass()).toMatchObject({ fired: 1, filled: 0 });
    toyotaAt("2704.5", "2705");
    expect((await worker().pass()).filled).toBe(1);
    const [order] = (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items;
    expect(order).toMatchObject({ status: "filled", fillPrice: "2705", type: "stop_limit" });
  });

  it("holds waiting stops while the quotes are stale, and fires once the feed is back", async () => {
    const { auth } = await funded();
    await call(`${app.url}/orders`, "POST", buyStop, auth);
    staleQuote("2750");
    expect((await worker().pass()).fired).toBe(0);
    toyotaAt("2750", "2750.5");
    expect((await worker().pass()).fired).toBe(1);
  });

  it("finds lapsed day orders through the index by market, not by a scan of every order valid through the later date", async () => {
    const { memberId } = await funded();
    // Tokyo's date a day after New York's, as every Tokyo morning, with a day's waiting stops in
    // each market (valid through today's date): none has lapsed, and none should be read.
    const dates = { JP: "2026-11-28", US: "2026-11-27" };
    const query = lapsedDayOrdersQuery(
      { JP: { date: dates.JP, inclusive: false }, US: { date: dates.US, inclusive: false } },
      500,
    );
    const plan = await app.database.db
      .transaction(async (tx) => {
        for (const [symbol, date, venue] of [
          ["JP:7203", dates.JP, "tse"],
          ["US:AAPL", dates.US, null],
        ] as const) {
          await tx.execute(sql`
            insert into orders (member_id, symbol, side, type, quantity, leverage, session, status,
              trigger_units, valid_date, venue, created_at_ms, updated_at_ms)
            select ${memberId}, ${symbol}, 'long', 'stop', 100, 1, 'regular', 'pending', 1, ${date}, ${venue}, 0, 0
            from generate_series(1, 5000)`);
        }
        const result = (await tx.execute(sql`explain ${query}`)) as unknown as {
          rows: { "QUERY PLAN": string }[];
        };
        throw new Explained(result.rows.map((row) => row["QUERY PLAN"]).join("\n"));
      })
      .catch((error) => (error instanceof Explained ? error.plan : Promise.reject(error)));
    expect(plan).toContain("orders_day_orders_market_idx");
    expect(plan).toMatch(
      /Index Cond: \(\(split_part\(symbol, ':'::text, 1\) = 'JP'::text\) AND \(valid_date < /,
    );
    expect(plan).toMatch(
      /Index Cond: \(\(split_part\(symbol, ':'::text, 1\) = 'US'::text\) AND \(valid_date < /,
    );
    expect(plan).not.toContain("Seq Scan");
  });

  it("cancels a stop at its trading date's close and releases its hold", async () => {
    const { auth } = await funded(1_000_000n);
    await call(`${app.url}/orders`, "POST", buyStop, auth);
    const tomorrow = new TradingWorker({
      db: app.database.db,
      trading: app.trading,
      alwaysOpen: true,
      now: () => Date.now() + 86_400_000,
    });
    expect((await tomorrow.pass()).expired).toBeGreaterThanOrEqual(1);
    const [order] = (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items;
    expect(order.status).toBe("cancelled");
    expect(await account(auth)).toMatchObject({ available: "1000000", held: "0" });
  });
});

describe("a stop that closes a position", () => {
  async function holding() {
    const member = await funded();
    const opened = await call(
      `${app.url}/orders`,
      "POST",
      { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 2 },
      member.auth,
    );
    return { ...member, positionId: opened.body.positionId as string };
  }
  const sellStop = (positionId: string) => ({
    symbol: "JP:7203",
    side: "short",
    type: "stop",
    quantity: 100,
    leverage: 2,
    triggerPrice: "2600",
    closesPositionId: positionId,
  });

  it("holds nothing, fires when the price falls to it, and closes the position at market", async () => {
    const { auth, positionId } = await holding();
    const cash = await account(auth);
    const placed = await call(`${app.url}/orders`, "POST", sellStop(positionId), auth);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ held: "0", closesPositionId: positionId, status: "pending" });
    expect(await account(auth)).toEqual(cash);
    toyotaAt("2600", "2600.5");
    expect(await worker().pass()).toMatchObject({ fired: 1, filled: 1 });
    const position = (await call(`${app.url}/positions/${positionId}`, "GET", undefined, auth)).body;
    expect(position).toMatchObject({ status: "closed", closePrice: "2600", closeReason: "member" });
    const order = (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items[0];
    expect(order).toMatchObject({ id: placed.body.id, status: "filled", fillPrice: "2600", positionId });
    const records = (await call(`${app.url}/ledger?type=trade`, "GET", undefined, auth)).body.items;
    expect(records.map((r: { kind: string }) => r.kind).slice(0, 2)).toEqual(["fee", "close"]);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("is cancelled when the member closes the position first", async () => {
    const { auth, positionId } = await holding();
    await call(`${app.url}/orders`, "POST", sellStop(positionId), auth);
    await call(`${app.url}/positions/${positionId}/close`, "POST", {}, auth);
    const [order] = (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items;
    expect(order.status).toBe("cancelled");
    toyotaAt("2500", "2500.5");
    expect((await worker().pass()).fired).toBe(0);
  });

  it("as a stop-limit, fires at its trigger and closes only once the bids reach its limit", async () => {
    const { auth, positionId } = await holding();
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { ...sellStop(positionId), type: "stop_limit", price: "2595" },
      auth,
    );
    expect(placed.body).toMatchObject({ type: "stop_limit", limitPrice: "2595", held: "0" });
    toyotaAt("2590", "2590.5");
    expect(await worker().pass()).toMatchObject({ fired: 1, filled: 0 });
    expect((await call(`${app.url}/positions/${positionId}`, "GET", undefined, auth)).body.status).toBe(
      "holding",
    );
    toyotaAt("2595", "2595.5");
    expect((await worker().pass()).filled).toBe(1);
    const position = (await call(`${app.url}/positions/${positionId}`, "GET", undefined, auth)).body;
    expect(position).toMatchObject({ status: "closed", closePrice: "2595" });
  });

  const takeProfit = (positionId: string) => ({
    ...sellStop(positionId),
    type: "limit",
    triggerPrice: undefined,
    price: "2700",
  });

  it("with a take-profit makes an OCO: the take-profit closes the position and the stop is cancelled, nothing held", async () => {
    const { auth, positionId } = await holding();
    const cash = await account(auth);
    const stop = await call(`${app.url}/orders`, "POST", sellStop(positionId), auth);
    const profit = await call(`${app.url}/orders`, "POST", takeProfit(positionId), auth);
    expect(profit.status).toBe(201);
    expect(profit.body).toMatchObject({
      type: "limit",
      limitPrice: "2700",
      held: "0",
      closesPositionId: positionId,
    });
    expect(await account(auth)).toEqual(cash);
    expect((await worker().pass()).filled).toBe(0);
    toyotaAt("2700", "2700.5");
    expect(await worker().pass()).toMatchObject({ fired: 0, filled: 1 });
    const byId = new Map(
      (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items.map((o: { id: string }) => [
        o.id,
        o,
      ]),
    );
    expect(byId.get(profit.body.id)).toMatchObject({ status: "filled", fillPrice: "2700", positionId });
    expect(byId.get(stop.body.id)).toMatchObject({ status: "cancelled" });
    const position = (await call(`${app.url}/positions/${positionId}`, "GET", undefined, auth)).body;
    expect(position).toMatchObject({ status: "closed", closePrice: "2700" });
    expect(await account(auth)).toMatchObject({ held: "0" });
    toyotaAt("2500", "2500.5");
    expect((await worker().pass()).fired).toBe(0);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("in an OCO, a stop that fires first closes the position and cancels the take-profit", async () => {
    const { auth, positionId } = await holding();
    const stop = await call(`${app.url}/orders`, "POST", sellStop(positionId), auth);
    const profit = await call(`${app.url}/orders`, "POST", takeProfit(positionId), auth);
    toyotaAt("2590", "2590.5");
    expect(await worker().pass()).toMatchObject({ fired: 1, filled: 1 });
    const byId = new Map(
      (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items.map((o: { id: string }) => [
        o.id,
        o,
      ]),
    );
    expect(byId.get(stop.body.id)).toMatchObject({ status: "filled", fillPrice: "2590" });
    expect(byId.get(profit.body.id)).toMatchObject({ status: "cancelled" });
  });

  it("as a trailing stop, follows the highest price by its trail, never back, and fires when the price falls that far", async () => {
    const { auth, positionId } = await holding();
    const trailing = { ...sellStop(positionId), triggerPrice: undefined, trailPrice: "20" };
    const placed = await call(`${app.url}/orders`, "POST", trailing, auth);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ triggerPrice: "2630", trailPrice: "20", held: "0" });
    const trigger = async () =>
      (await call(`${app.url}/orders?status=pending`, "GET", undefined, auth)).body.items.find(
        (o: { id: string }) => o.id === placed.body.id,
      )?.triggerPrice;
    toyotaAt("2680", "2680.5");
    expect((await worker().pass()).fired).toBe(0);
    expect(await trigger()).toBe("2660");
    toyotaAt("2670", "2670.5");
    expect((await worker().pass()).fired).toBe(0);
    expect(await trigger()).toBe("2660");
    toyotaAt("2660", "2660.5");
    expect(await worker().pass()).toMatchObject({ fired: 1, filled: 1 });
    const position = (await call(`${app.url}/positions/${positionId}`, "GET", undefined, auth)).body;
    expect(position).toMatchObject({ status: "closed", closePrice: "2660" });
  });

  it("as a trailing stop, reaches the stop watch as soon as a pass moves its trigger: a quote at the moved trigger fires it on the tick", async () => {
    const { auth, positionId } = await holding();
    const trailing = { ...sellStop(positionId), triggerPrice: undefined, trailPrice: "20" };
    const placed = await call(`${app.url}/orders`, "POST", trailing, auth);
    expect(placed.body).toMatchObject({ triggerPrice: "2630" });
    const own = worker();
    const passes = vi.spyOn(own, "stopPass");
    const watch = new StopWatch({ db: app.database.db, bus: app.bus, worker: own, alwaysOpen: true });
    try {
      // The watch reads the trigger (2,630); a rise to 2,680 moves it to 2,660 in the next pass.
      expect((await watch.pass()).fired).toBe(0);
      toyotaAt("2680", "2680.5");
      expect(await watch.pass()).toMatchObject({ fired: 0, trailed: ["JP:7203"] });
      passes.mockClear();
      // No periodic pass from here: only the watch's own reading of the moved trigger fires it.
      toyotaAt("2660", "2660.5");
      await expect
        .poll(async () => (await call(`${app.url}/positions/${positionId}`, "GET", undefined, auth)).body)
        .toMatchObject({ status: "closed", closePrice: "2660" });
      expect(passes).toHaveBeenCalledWith(["JP:7203"]);
    } finally {
      await watch.stop();
    }
  });

  const trailRefusals: [string, Record<string, unknown>, string][] = [
    ["a trailing stop that opens a position", { closesPositionId: undefined }, "TRAIL_CLOSE_ONLY"],
    ["a trailing stop-limit", { type: "stop_limit", price: "2600" }, "TRAIL_CLOSE_ONLY"],
    ["a trailing stop with a trigger of its own", { triggerPrice: "2600" }, "TRAIL_INVALID"],
    ["a trail of nothing", { trailPrice: "0" }, "TRAIL_INVALID"],
    ["a trail longer than the price", { trailPrice: "3000" }, "TRAIL_INVALID"],
  ];
  for (const [what, change, code] of trailRefusals) {
    it(`refuses ${what} with ${code}, changing nothing`, async () => {
      const { auth, positionId } = await holding();
      const before = await rowCounts();
      const body = { ...sellStop(positionId), triggerPrice: undefined, trailPrice: "20", ...change };
      const response = await call(`${app.url}/orders`, "POST", body, auth);
      expect(response.body.error?.code).toBe(code);
      expect(await rowCounts()).toEqual(before);
    });
  }

  const mismatches: [string, Record<string, unknown>, string][] = [
    ["on the position's own side", { side: "long", triggerPrice: "2700" }, "CLOSE_ORDER_INVALID"],
    ["for part of the position", { quantity: 200 }, "CLOSE_ORDER_INVALID"],
    ["of another symbol", { symbol: "JP:6758", triggerPrice: "2900" }, "CLOSE_ORDER_INVALID"],
    ["of a position that does not exist", { closesPositionId: "999999999" }, "POSITION_NOT_FOUND"],
  ];
  for (const [what, change, code] of mismatches) {
    it(`refuses one ${what} with ${code}`, async () => {
      const { auth, positionId } = await holding();
      const before = await rowCounts();
      const response = await call(`${app.url}/orders`, "POST", { ...sellStop(positionId), ...change }, auth);
      expect(response.body.error?.code).toBe(code);
      expect(await rowCounts()).toEqual(before);
    });
  }
});

describe("how long a resting order waits", () => {
  const today = () => marketDate("JP", Date.now());
  const workerAt = (daysLater: number) =>
    new TradingWorker({
      db: app.database.db,
      trading: app.trading,
      alwaysOpen: true,
      now: () => Date.now() + daysLater * 86_400_000,
    });
  const buyLimit = {
    symbol: "JP:7203",
    side: "long",
    type: "limit",
    quantity: 100,
    leverage: 2,
    price: "2600",
  };
  async function statusOf(auth: Record<string, string>, id: string) {
    const listed = await call(`${app.url}/orders`, "GET", undefined, auth);
    return listed.body.items.find((order: { id: string }) => order.id === id)?.status;
  }

  it("keeps a limit order to the date the member chose, past today's close, and lapses it at that date's close", async () => {
    const { auth } = await funded(1_000_000n);
    const until = addDays(today(), 3);
    const placed = await call(`${app.url}/orders`, "POST", { ...buyLimit, validUntil: until }, auth);
    expect(placed.body).toMatchObject({ status: "pending", validDate: until });
    await workerAt(1).expireDayOrders();
    expect(await statusOf(auth, placed.body.id)).toBe("pending");
    await workerAt(4).expireDayOrders();
    expect(await statusOf(auth, placed.body.id)).toBe("cancelled");
    expect(await account(auth)).toMatchObject({ available: "1000000", held: "0" });
  });

  it("makes a limit order without a date a day order, which lapses at today's close", async () => {
    const { auth } = await funded(1_000_000n);
    const placed = await call(`${app.url}/orders`, "POST", buyLimit, auth);
    expect(placed.body).toMatchObject({ status: "pending", validDate: today() });
    await workerAt(1).expireDayOrders();
    expect(await statusOf(auth, placed.body.id)).toBe("cancelled");
    expect(await account(auth)).toMatchObject({ available: "1000000", held: "0" });
  });

  it("holds a buy stop kept past today at the upper limit its trigger's own price would set", async () => {
    const { auth } = await funded(1_000_000n);
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { ...buyStop, validUntil: addDays(today(), 2) },
      auth,
    );
    // Fired on a later day, the day's base is under 2,700, so its limit is at most 2,700's: 3,200.
    // 100 at 3,200 = 320,000: margin 160,000 at 2× and the 320 yen fee (today's limit, 3,150, would hold 157,815).
    expect(placed.body.held).toBe("160320");
  });

  const refusals: [string, Record<string, unknown>, () => unknown, string][] = [
    ["a date that is not one", buyLimit, () => "27/11/2026", "VALIDITY_INVALID"],
    ["a date already past", buyLimit, () => addDays(today(), -1), "VALIDITY_PAST"],
    ["a date past 15 business days", buyLimit, () => addDays(today(), 40), "VALIDITY_TOO_FAR"],
    [
      "a market order kept past today",
      { ...buyLimit, type: "market", price: undefined },
      () => addDays(today(), 1),
      "VALIDITY_DAY_ONLY",
    ],
  ];
  for (const [what, order, validUntil, code] of refusals) {
    it(`refuses ${what} with ${code}, changing nothing`, async () => {
      const { auth } = await funded();
      const before = { rows: await rowCounts(), cash: await account(auth) };
      const response = await call(`${app.url}/orders`, "POST", { ...order, validUntil: validUntil() }, auth);
      expect(response.body.error?.code).toBe(code);
      expect({ rows: await rowCounts(), cash: await account(auth) }).toEqual(before);
    });
  }
});

describe("IFD and IFDOCO", () => {
  const ifdoco = {
    symbol: "JP:7203",
    side: "long",
    type: "limit",
    quantity: 100,
    leverage: 2,
    price: "2640",
    ifd: { takeProfit: { price: "2800" }, stopLoss: { triggerPrice: "2500" } },
  };
  type Listed = {
    id: string;
    status: string;
    type: string;
    closesPositionId: string | null;
    parentOrderId: string | null;
  };
  const orders = async (auth: Record<string, string>): Promise<Listed[]> =>
    (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items;

  it("guards the position a filled limit opens with a take-profit and a stop-loss, which close it as an OCO", async () => {
    const { auth } = await funded(1_000_000n);
    const placed = await call(`${app.url}/orders`, "POST", ifdoco, auth);
    expect(placed.body).toMatchObject({
      status: "pending",
      ifd: { takeProfit: { price: "2800" }, stopLoss: { triggerPrice: "2500", price: null } },
    });
    // Nothing is placed while the parent waits.
    expect(await worker().pass()).toMatchObject({ filled: 0 });
    expect((await orders(auth)).filter((order) => order.parentOrderId !== null)).toHaveLength(0);

    toyotaAt("2630", "2640");
    await worker().pass();
    const parent = (await orders(auth)).find((order) => order.id === placed.body.id);
    expect(parent?.status).toBe("filled");
    const [position] = (await call(`${app.url}/positions`, "GET", undefined, auth)).body.items;
    const legs = (await orders(auth)).filter((order) => order.parentOrderId === placed.body.id);
    expect(legs.map((leg) => [leg.type, leg.status, leg.closesPositionId]).sort()).toEqual([
      ["limit", "pending", position.id],
      ["stop", "pending", position.id],
    ]);

    // The price falls through the stop-loss: it closes the position and the take-profit goes with it.
    toyotaAt("2490", "2490.5");
    await worker().pass();
    await worker().pass();
    const closed = (await call(`${app.url}/positions`, "GET", undefined, auth)).body.items[0];
    expect(closed.status).toBe("closed");
    const after = (await orders(auth)).filter((order) => order.parentOrderId === placed.body.id);
    expect(after.map((leg) => [leg.type, leg.status]).sort()).toEqual([
      ["limit", "cancelled"],
      ["stop", "filled"],
    ]);
    expect(await account(auth)).toMatchObject({ held: "0" });
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("shows a member's pending orders to a reviewer in the console, legs and all, and to no member", async () => {
    const { auth, memberId } = await funded(1_000_000n);
    const placed = await call(`${app.url}/orders`, "POST", ifdoco, auth);
    const { auth: reviewer } = await signInStaff(app, "reviewer");
    const seen = await call(
      `${app.url}/ops/members/${memberId}/orders?status=pending`,
      "GET",
      undefined,
      reviewer,
    );
    expect(seen.body.items).toEqual([placed.body]);
    const other = await funded();
    const refused = await call(`${app.url}/ops/members/${memberId}/orders`, "GET", undefined, other.auth);
    expect(refused.status).toBe(403);
    const unknown = await call(
      `${app.url}/ops/members/${crypto.randomUUID()}/orders`,
      "GET",
      undefined,
      reviewer,
    );
    expect(unknown.body.error.code).toBe("MEMBER_NOT_FOUND");
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["legs on a market order", { type: "market", price: undefined }, "IFD_INVALID"],
    ["no leg at all", { ifd: {} }, "IFD_INVALID"],
    [
      "a take-profit below the buy price",
      { ifd: { takeProfit: { price: "2600" } } },
      "IFD_TAKE_PROFIT_INVALID",
    ],
    [
      "a stop-loss above the buy price",
      { ifd: { stopLoss: { triggerPrice: "2700" } } },
      "IFD_STOP_LOSS_INVALID",
    ],
  ];
  for (const [what, change, code] of refusals) {
    it(`refuses ${what} with ${code}, changing nothing`, async () => {
      const { auth } = await funded();
      const before = { rows: await rowCounts(), cash: await account(auth) };
      const response = await call(`${app.url}/orders`, "POST", { ...ifdoco, ...change }, auth);
      expect(response.body.error?.code).toBe(code);
      expect({ rows: await rowCounts(), cash: await account(auth) }).toEqual(before);
    });
  }
});
