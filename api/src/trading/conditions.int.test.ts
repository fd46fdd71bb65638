import { type PlaceOrder, placeOrderSchema } from "@kabuto/shared/api/trading";
import type { Book } from "@kabuto/shared/protocol/market-data";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { AppError } from "../errors.ts";
import { seedDemo } from "../seed.ts";
import { flatQuote, fund, registerMember, setMarket } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { fillsNotReplaying } from "./fill-replay.ts";
import { TradingService } from "./trading.service.ts";
import { TradingWorker } from "./worker.ts";

// The always-open app (MARKET_HOURS=always) answers IOC orders over HTTP; the 不成 cases build a
// service and a worker on the same database with real hours and a fixed instant.
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
});
afterAll(async () => {
  await app?.close();
});

/** Toyota at the TSE: bids 2,649 and down, these asks, daily limits 2,150.5–3,150. */
function tseAsks(asks: [string, number][]): void {
  setMarket(
    app.bus,
    "JP:7203",
    [
      ["2649", 1_000],
      ["2600", 1_000],
    ],
    asks,
    { up: "3150", down: "2150.5" },
  );
}

let crossSeq = 50_000;

/** Toyota's closing cross as the feed prints it: a quote whose last trade was the auction. */
function closingCross(tradingDate: string, price: string, volume: number): void {
  cross("close", tradingDate, price, volume);
}

/** Toyota's opening or closing cross: a quote whose last trade was the auction. */
function cross(kind: "open" | "close", tradingDate: string, price: string, volume: number): void {
  crossSeq += 1;
  const quote = {
    ...flatQuote("JP:7203", price, { limitUp: "3150", limitDown: "2150.5" }),
    cross: { kind, tradingDate, price, volume },
  };
  app.bus.publish([
    { topic: "quote:JP:7203", epoch: "cross-test", seq: crossSeq, ts: Date.now(), data: quote },
  ]);
}

/** A book alone, its quote left as it was. */
function setBook(symbol: string, bids: [string, number][], asks: [string, number][]): void {
  crossSeq += 1;
  const book = {
    symbol: symbol as Book["symbol"],
    bids: bids.map(([p, size]) => ({ price: p, size })),
    asks: asks.map(([p, size]) => ({ price: p, size })),
  };
  app.bus.publish([
    { topic: `book:${symbol}`, epoch: "cross-test", seq: crossSeq, ts: Date.now(), data: book },
  ]);
}

/** An instant as Tokyo's wall clock reads it. */
function tokyo(date: string, time: string): number {
  return Date.parse(`${date}T${time}:00+09:00`);
}

function serviceAt(atMs: number): TradingService {
  return new TradingService({
    db: app.database.db,
    catalog: app.catalog,
    bus: app.bus,
    alwaysOpen: false,
    now: () => atMs,
  });
}

function workerAt(atMs: number): TradingWorker {
  return new TradingWorker({
    db: app.database.db,
    trading: serviceAt(atMs),
    alwaysOpen: false,
    now: () => atMs,
  });
}

async function funded(amount = 10_000_000n) {
  const member = await registerMember(app.url, app.database);
  await fund(app.database, member.memberId, "JPY", amount);
  return member;
}

async function cash(auth: Record<string, string>) {
  const response = await call(`${app.url}/account`, "GET", undefined, auth);
  const jpy = response.body.balances.find((balance: { currency: string }) => balance.currency === "JPY");
  return { available: jpy.available as string, held: jpy.held as string };
}

/** The kinds of the journals written against an order, in order. */
async function orderJournals(orderId: string): Promise<string[]> {
  const result = (await app.database.db.execute(
    sql`select kind from journals where ref = ${`order:${orderId}`} order by id`,
  )) as unknown as { rows: { kind: string }[] };
  return result.rows.map((row) => row.kind);
}

/** What placing the order at an instant answers: the order, or the refusal's code. */
async function placeAt(atMs: number, memberId: string, order: PlaceOrder) {
  try {
    const placed = await serviceAt(atMs).placeOrder(memberId, placeOrderSchema.parse(order));
    if (placed.replayed) throw new Error("a first order was answered as a replay");
    return placed.value;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code };
    throw error;
  }
}

const limitBuy: PlaceOrder = {
  symbol: "JP:7203",
  side: "long",
  type: "limit",
  quantity: 100,
  leverage: 1,
  price: "2660",
};

describe("an IOC limit order", () => {
  it("fills at once where the book reaches its limit, its hold released into the fill", async () => {
    const { auth } = await funded();
    tseAsks([["2650.5", 1_000]]);
    const placed = await call(`${app.url}/orders`, "POST", { ...limitBuy, condition: "ioc" }, auth);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      status: "filled",
      condition: "ioc",
      fillPrice: "2650.5",
      venue: "tse",
    });
    expect(placed.body.positionId).not.toBeNull();
    expect(await orderJournals(placed.body.id)).toEqual(["order_hold", "order_release"]);
    expect(await cash(auth)).toMatchObject({ held: "0" });
    expect(await fillsNotReplaying(app.database.db)).toBe(0);
  });

  it("is cancelled at once where the book does not reach it, its hold released once across retries", async () => {
    const { auth } = await funded();
    const before = await cash(auth);
    tseAsks([["2650.5", 1_000]]);
    const keyed = { ...auth, "idempotency-key": "ioc-retry-1" };
    const order = { ...limitBuy, price: "2640", condition: "ioc" };
    const [first, second] = await Promise.all([
      call(`${app.url}/orders`, "POST", order, keyed),
      call(`${app.url}/orders`, "POST", order, keyed),
    ]);
    const third = await call(`${app.url}/orders`, "POST", order, keyed);
    expect(first.body).toMatchObject({ status: "cancelled", condition: "ioc", positionId: null });
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    expect((await call(`${app.url}/orders`, "GET", undefined, auth)).body.items).toHaveLength(1);
    expect(await orderJournals(first.body.id)).toEqual(["order_hold", "order_release"]);
    expect(await cash(auth)).toEqual(before);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("is cancelled whole where the book cannot fill all of it: orders here fill whole", async () => {
    const { auth } = await funded();
    tseAsks([["2650.5", 100]]);
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { ...limitBuy, quantity: 200, condition: "ioc" },
      auth,
    );
    expect(placed.body).toMatchObject({ status: "cancelled", condition: "ioc" });
    expect(await cash(auth)).toMatchObject({ held: "0" });
  });

  it("is refused outside the TSE's session: at lunch and after the close", async () => {
    const { memberId } = await funded();
    tseAsks([["2650.5", 1_000]]);
    for (const time of ["12:00", "15:30"]) {
      expect(await placeAt(tokyo("2026-11-26", time), memberId, { ...limitBuy, condition: "ioc" })).toEqual({
        code: "OUTSIDE_TRADING_HOURS",
      });
    }
  });
});

describe("a condition the order cannot carry", () => {
  const refusals: [string, Record<string, unknown>, string][] = [
    ["an unknown condition", { condition: "aon" }, "CONDITION_INVALID"],
    [
      "不成 on a market order",
      { type: "market", price: undefined, condition: "funari" },
      "CONDITION_MARKET_ORDER",
    ],
    [
      "IOC on a market order",
      { type: "market", price: undefined, condition: "ioc" },
      "CONDITION_MARKET_ORDER",
    ],
    ["a condition at the PTS", { venue: "pts", condition: "ioc" }, "CONDITION_TSE_ONLY"],
    ["a condition by the smart route", { venue: "smart", condition: "funari" }, "CONDITION_TSE_ONLY"],
    [
      "a New York name",
      { symbol: "US:AAPL", price: "190.00", quantity: 1, condition: "ioc" },
      "CONDITION_TSE_ONLY",
    ],
    [
      "a stop",
      { type: "stop", price: undefined, triggerPrice: "2700", condition: "ioc" },
      "CONDITION_STOP_ORDER",
    ],
    [
      "an IFD parent",
      { ifd: { takeProfit: { price: "2800" } }, condition: "funari" },
      "CONDITION_ATTACHED_ORDER",
    ],
    ["a validity past today", { validUntil: "2099-01-05", condition: "funari" }, "VALIDITY_DAY_ONLY"],
    [
      "寄付 on a market order",
      { type: "market", price: undefined, condition: "open" },
      "CONDITION_MARKET_ORDER",
    ],
    // The test app runs around the clock: no auctions.
    ["引け around the clock", { condition: "close" }, "CONDITION_NO_AUCTION"],
  ];
  for (const [what, change, code] of refusals) {
    it(`refuses ${what} with ${code}, writing nothing`, async () => {
      const { auth } = await funded();
      tseAsks([["2650.5", 1_000]]);
      const response = await call(`${app.url}/orders`, "POST", { ...limitBuy, ...change }, auth);
      expect(response.body.error?.code).toBe(code);
      expect((await call(`${app.url}/orders`, "GET", undefined, auth)).body.items).toHaveLength(0);
      expect(await cash(auth)).toMatchObject({ held: "0" });
    });
  }
});

describe("a 不成 (funari) order, by the clock", () => {
  // Thursday 26 November 2026, a TSE business day: the afternoon session closes at 15:30.
  const day = "2026-11-26";

  it("rests as a limit in the session and becomes a market order at the close if it has not filled", async () => {
    const { auth, memberId } = await funded();
    tseAsks([["2650.5", 1_000]]);
    const funari = await placeAt(tokyo(day, "14:00"), memberId, {
      ...limitBuy,
      price: "2600",
      condition: "funari",
    });
    const plain = await placeAt(tokyo(day, "14:00"), memberId, { ...limitBuy, price: "2600" });
    expect(funari).toMatchObject({ status: "pending", condition: "funari", validDate: day });
    expect(plain).toMatchObject({ status: "pending", condition: null });
    const ids = [funari, plain].map((order) => (order as { id: string }).id);
    // In the session the book does not reach either limit.
    expect(await workerAt(tokyo(day, "15:29")).pass()).toMatchObject({ expired: 0, filled: 0 });
    // At the close the plain limit lapses; the 不成 one fills at market at the closing cross,
    // though the book after it asks more.
    tseAsks([["2660", 1_000]]);
    closingCross(day, "2655", 5_000);
    expect((await workerAt(tokyo(day, "15:30")).pass()).expired).toBeGreaterThanOrEqual(2);
    const listed = (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items as {
      id: string;
      status: string;
    }[];
    expect(listed.find((order) => order.id === ids[0])).toMatchObject({
      status: "filled",
      condition: "funari",
      fillPrice: "2655",
    });
    expect(listed.find((order) => order.id === ids[1])).toMatchObject({ status: "cancelled" });
    expect(await cash(auth)).toMatchObject({ held: "0" });
    expect(await orderJournals(ids[0] ?? "")).toEqual(["order_hold", "order_release"]);
    expect(await fillsNotReplaying(app.database.db)).toBe(0);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("fills at the book the session closed on where the feed printed no closing cross for its date", async () => {
    const { memberId } = await funded();
    tseAsks([["2650.5", 1_000]]);
    const funari = await placeAt(tokyo(day, "14:00"), memberId, {
      ...limitBuy,
      price: "2600",
      condition: "funari",
    });
    // The newest quote is the day before's closing cross: not this order's.
    closingCross("2026-11-25", "2500", 5_000);
    setBook("JP:7203", [["2649", 1_000]], [["2651", 1_000]]);
    const mine = async () =>
      (await serviceAt(tokyo(day, "15:31")).orders(memberId)).find(
        (order) => order.id === (funari as { id: string }).id,
      );
    // For a minute past the close it waits for the cross; then it takes the closing book.
    await workerAt(tokyo(day, "15:30")).pass();
    expect(await mine()).toMatchObject({ status: "pending" });
    await workerAt(tokyo(day, "15:31")).pass();
    expect(await mine()).toMatchObject({ status: "filled", fillPrice: "2651" });
  });

  it("fills as a limit in the session like any limit order", async () => {
    const { memberId } = await funded();
    tseAsks([["2650.5", 1_000]]);
    const funari = await placeAt(tokyo(day, "10:00"), memberId, {
      ...limitBuy,
      price: "2651",
      condition: "funari",
    });
    expect(funari).toMatchObject({ status: "pending", condition: "funari" });
    expect((await workerAt(tokyo(day, "10:00")).pass()).filled).toBeGreaterThanOrEqual(1);
    const [row] = (await serviceAt(tokyo(day, "10:00")).orders(memberId)).filter(
      (order) => order.id === (funari as { id: string }).id,
    );
    expect(row).toMatchObject({ status: "filled", fillPrice: "2650.5" });
  });

  it("lapses at the close, its hold released, where the closing book cannot fill it whole", async () => {
    const { auth, memberId } = await funded();
    tseAsks([["2650.5", 1_000]]);
    const funari = await placeAt(tokyo(day, "14:00"), memberId, {
      ...limitBuy,
      quantity: 2_000,
      price: "2600",
      condition: "funari",
    });
    expect(funari).toMatchObject({ status: "pending" });
    await workerAt(tokyo(day, "15:31")).pass();
    const [row] = (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items;
    expect(row).toMatchObject({
      id: (funari as { id: string }).id,
      status: "cancelled",
      condition: "funari",
    });
    expect(await cash(auth)).toMatchObject({ held: "0" });
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });
});

describe("寄付 and 引け orders, by the clock", () => {
  // Wednesday 25 and Thursday 26 November 2026, TSE business days.
  const day = "2026-11-26";
  const status = async (memberId: string, order: unknown) =>
    (await serviceAt(tokyo(day, "16:00")).orders(memberId)).find(
      (o) => o.id === (order as { id: string }).id,
    );

  it("a 寄付 order waits for the opening cross, never the book, and fills at the cross price its limit allows", async () => {
    const { auth, memberId } = await funded();
    tseAsks([["2650.5", 1_000]]);
    const early = await placeAt(tokyo(day, "08:00"), memberId, {
      ...limitBuy,
      price: "2660",
      condition: "open",
    });
    const late = await placeAt(tokyo(day, "09:10"), memberId, {
      ...limitBuy,
      price: "2660",
      condition: "open",
    });
    const missed = await placeAt(tokyo(day, "08:00"), memberId, {
      ...limitBuy,
      price: "2600",
      condition: "open",
    });
    expect(early).toMatchObject({ status: "pending", condition: "open", validDate: day });
    // Placed after 9:00, it waits for the next trading day's open.
    expect(late).toMatchObject({ status: "pending", condition: "open", validDate: "2026-11-27" });
    // The book reaches the limits before the open; the worker leaves them for the auction.
    expect((await workerAt(tokyo(day, "08:59")).pass()).filled).toBe(0);
    cross("open", day, "2655", 50_000);
    await workerAt(tokyo(day, "09:00")).pass();
    expect(await status(memberId, early)).toMatchObject({ status: "filled", fillPrice: "2655" });
    // The cross above its limit: cancelled at the auction, as the TSE's unfilled 寄付 orders expire.
    expect(await status(memberId, missed)).toMatchObject({ status: "cancelled" });
    expect(await status(memberId, late)).toMatchObject({ status: "pending" });
    await call(`${app.url}/orders/${(late as { id: string }).id}/cancel`, "POST", {}, auth);
    expect(await cash(auth)).toMatchObject({ held: "0" });
    expect(await fillsNotReplaying(app.database.db)).toBe(0);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("a 引け order waits through the session and fills at the closing cross", async () => {
    const { auth, memberId } = await funded();
    tseAsks([["2650.5", 1_000]]);
    const order = await placeAt(tokyo(day, "10:00"), memberId, {
      ...limitBuy,
      price: "2660",
      condition: "close",
    });
    expect(order).toMatchObject({ status: "pending", condition: "close", validDate: day });
    expect((await workerAt(tokyo(day, "15:29")).pass()).filled).toBe(0);
    // Just past the close without the cross, it waits for it.
    await workerAt(tokyo(day, "15:30")).pass();
    expect(await status(memberId, order)).toMatchObject({ status: "pending" });
    cross("close", day, "2657", 80_000);
    await workerAt(tokyo(day, "15:30")).pass();
    expect(await status(memberId, order)).toMatchObject({ status: "filled", fillPrice: "2657" });
    expect(await cash(auth)).toMatchObject({ held: "0" });
    expect(await fillsNotReplaying(app.database.db)).toBe(0);
  });

  it("a 引け order lapses, its hold released, where the feed printed no closing cross for its date", async () => {
    const { auth, memberId } = await funded();
    tseAsks([["2650.5", 1_000]]);
    const order = await placeAt(tokyo(day, "10:00"), memberId, {
      ...limitBuy,
      price: "2660",
      condition: "close",
    });
    await workerAt(tokyo(day, "15:31")).pass();
    expect(await status(memberId, order)).toMatchObject({ status: "cancelled" });
    expect(await cash(auth)).toMatchObject({ held: "0" });
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });
});
