import { type PlaceOrder, placeOrderSchema } from "@kabuto/shared/api/trading";
import type { Book } from "@kabuto/shared/protocol/market-data";
import type { MarketUpdate } from "@kabuto/shared/protocol/socket";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { fillBooks, orders, positions } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { seedDemo } from "../seed.ts";
import { flatQuote, fund, registerMember, setMarket } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { fillsNotReplaying } from "./fill-replay.ts";
import { TradingService } from "./trading.service.ts";
import { TradingWorker } from "./worker.ts";

// The always-open app (MARKET_HOURS=always: the TSE in its regular session and the PTS in its day
// session at every instant) answers over HTTP; the clock cases build a service on the same
// database with real hours and a fixed instant.
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
});
afterAll(async () => {
  await app?.close();
});

let seq = 1_000;

/** Publishes the PTS's book (and its quote, with the TSE's daily limits) of a symbol. */
function setPts(symbol: string, bids: [string, number][], asks: [string, number][]): void {
  seq += 1;
  const book: Book = {
    symbol: symbol as Book["symbol"],
    bids: bids.map(([price, size]) => ({ price, size })),
    asks: asks.map(([price, size]) => ({ price, size })),
  };
  const quote = flatQuote(symbol, bids[0]?.[0] ?? "2650", { limitUp: "3150", limitDown: "2150.5" });
  const updates: MarketUpdate[] = [
    { topic: `ptsbook:${symbol}`, epoch: "pts-test", seq, ts: Date.now(), data: book },
    { topic: `ptsquote:${symbol}`, epoch: "pts-test", seq, ts: Date.now(), data: quote },
  ];
  app.bus.publish(updates);
}

/** Toyota at the TSE: these asks (and bids 2,649 and down), daily limits 2,150.5–3,150. */
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

/** An instant as Tokyo's wall clock reads it. */
function tokyo(date: string, time: string): number {
  return Date.parse(`${date}T${time}:00+09:00`);
}

/** The trading service with real hours, its clock stopped at `atMs`. */
function serviceAt(atMs: number): TradingService {
  return new TradingService({
    db: app.database.db,
    catalog: app.catalog,
    bus: app.bus,
    alwaysOpen: false,
    now: () => atMs,
  });
}

async function funded(amount = 10_000_000n) {
  const member = await registerMember(app.url, app.database);
  await fund(app.database, member.memberId, "JPY", amount);
  return member;
}

async function available(auth: Record<string, string>) {
  const response = await call(`${app.url}/account`, "GET", undefined, auth);
  return response.body.balances.find((balance: { currency: string }) => balance.currency === "JPY");
}

async function rowCounts() {
  const [o] = await app.database.db.select({ n: count() }).from(orders);
  const [p] = await app.database.db.select({ n: count() }).from(positions);
  const result = (await app.database.db.execute(sql`select count(*)::int as n from journals`)) as unknown as {
    rows: { n: number }[];
  };
  return { orders: o?.n, positions: p?.n, journals: result.rows[0]?.n };
}

/** What placing the order at an instant answers: the order, or the refusal's code and details. */
async function placeAt(atMs: number, memberId: string, order: PlaceOrder) {
  try {
    const placed = await serviceAt(atMs).placeOrder(memberId, placeOrderSchema.parse(order));
    if (placed.replayed) throw new Error("a first order was answered as a replay");
    return placed.value;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, details: error.details };
    throw error;
  }
}

const ptsBuy: PlaceOrder = {
  symbol: "JP:7203",
  side: "long",
  type: "limit",
  quantity: 100,
  leverage: 1,
  price: "2600.3",
  venue: "pts",
};

describe("an order at the PTS, by the clock", () => {
  // Thursday 26 November 2026: a TSE business day, and Thanksgiving in New York.
  const day = "2026-11-26";

  it("is taken in the day session from 08:20 to 16:00 and the night session from 16:30 to 23:59, leveraged only in the TSE's session", async () => {
    const { auth, memberId } = await funded();
    setPts("JP:7203", [["2600", 1_000]], [["2700", 1_000]]);
    const before = { rows: await rowCounts(), cash: await available(auth) };
    const closedAt = [tokyo(day, "08:19"), tokyo(day, "16:00"), tokyo(day, "16:29"), tokyo(day, "23:59")];
    for (const atMs of closedAt) {
      expect(await placeAt(atMs, memberId, ptsBuy)).toMatchObject({ code: "PTS_CLOSED" });
    }
    expect(await placeAt(tokyo(day, "08:19"), memberId, ptsBuy)).toEqual({
      code: "PTS_CLOSED",
      details: { nextOpenMs: tokyo(day, "08:20") },
    });
    // Monday the 23rd is Labour Thanksgiving Day: the TSE is shut, and so is the PTS.
    expect(await placeAt(tokyo("2026-11-23", "10:00"), memberId, ptsBuy)).toMatchObject({
      code: "PTS_CLOSED",
    });
    // Before the TSE opens and after it closes, cash only.
    expect(await placeAt(tokyo(day, "08:20"), memberId, { ...ptsBuy, leverage: 2 })).toMatchObject({
      code: "PTS_MARGIN_CLOSED",
    });
    expect(await placeAt(tokyo(day, "16:30"), memberId, { ...ptsBuy, leverage: 2 })).toMatchObject({
      code: "PTS_MARGIN_CLOSED",
    });
    expect(await rowCounts()).toEqual(before.rows);
    expect(await available(auth)).toEqual(before.cash);

    const morning = await placeAt(tokyo(day, "08:20"), memberId, ptsBuy);
    expect(morning).toMatchObject({
      status: "pending",
      venue: "pts",
      route: null,
      limitPrice: "2600.3",
      validDate: day,
    });
    const margin = await placeAt(tokyo(day, "10:00"), memberId, { ...ptsBuy, leverage: 2 });
    expect(margin).toMatchObject({ status: "pending", venue: "pts", leverage: 2 });
    // A night trade counts for the next business day.
    const night = await placeAt(tokyo(day, "16:30"), memberId, ptsBuy);
    expect(night).toMatchObject({ status: "pending", venue: "pts", validDate: "2026-11-27" });
    // Each holds as a TSE limit order holds: 260,030 and its 261 yen fee at 1×.
    expect(night).toMatchObject({ held: "260291" });
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("refuses what the PTS does not take, each with its code, writing nothing", async () => {
    const { auth, memberId } = await funded();
    tseAsks([["2650.5", 1_000]]);
    setPts("JP:7203", [["2600", 1_000]], [["2700", 1_000]]);
    const atMs = tokyo(day, "10:00");
    const before = { rows: await rowCounts(), cash: await available(auth) };
    const refusals: [string, Partial<PlaceOrder>, string, Record<string, unknown>?][] = [
      ["a market order", { type: "market", price: undefined }, "PTS_MARKET_ORDER"],
      ["a stop", { type: "stop", price: undefined, triggerPrice: "2700" }, "PTS_STOP_ORDER"],
      ["a stop-limit", { type: "stop_limit", triggerPrice: "2700" }, "PTS_STOP_ORDER"],
      ["a price off its grid", { price: "12000.3" }, "PTS_PRICE_OFF_TICK", { tick: "0.5" }],
      ["a price past the daily limit", { price: "3150.1" }, "PRICE_LIMIT_EXCEEDED"],
      ["a validity", { validUntil: "2026-11-27" }, "VALIDITY_DAY_ONLY"],
      ["an IFD", { ifd: { takeProfit: { price: "2700" } } }, "IFD_INVALID"],
      ["a day trade", { type: "market", price: undefined, dayTrade: true }, "DAY_TRADE_TSE_ONLY"],
      ["the extended session", { session: "extended" }, "SESSION_INVALID"],
      ["a US name", { symbol: "US:AAPL", price: "190.00", quantity: 1 }, "VENUE_INVALID"],
    ];
    for (const [what, change, code, details] of refusals) {
      const answer = await placeAt(atMs, memberId, { ...ptsBuy, ...change } as PlaceOrder);
      expect(answer, what).toMatchObject({ code, ...(details ? { details } : {}) });
    }
    // The smart route takes market orders alone, in the TSE's session alone.
    expect(await placeAt(atMs, memberId, { ...ptsBuy, venue: "smart" })).toMatchObject({
      code: "SMART_ROUTE_MARKET_ONLY",
    });
    const smartMarket = { ...ptsBuy, venue: "smart", type: "market", price: undefined } as PlaceOrder;
    expect(await placeAt(tokyo(day, "16:30"), memberId, smartMarket)).toMatchObject({
      code: "SMART_ROUTE_CLOSED",
    });
    expect(await placeAt(atMs, memberId, { ...smartMarket, dayTrade: true })).toMatchObject({
      code: "DAY_TRADE_TSE_ONLY",
    });
    expect(await rowCounts()).toEqual(before.rows);
    expect(await available(auth)).toEqual(before.cash);
    // A price on the PTS's grid that is off the TSE's (0.5 yen there at this price) is taken.
    expect(await placeAt(atMs, memberId, { ...ptsBuy, price: "2650.3" })).toMatchObject({
      status: "pending",
      limitPrice: "2650.3",
    });
  });

  it("fills a night order on the PTS's book, never the TSE's, and lapses another at 23:59, releasing its hold", async () => {
    const { auth, memberId } = await funded(1_000_000n);
    const evening = tokyo(day, "20:00");
    // The TSE's last book would fill the order; the PTS's does not reach it yet.
    tseAsks([["2630", 1_000]]);
    setPts("JP:7203", [["2600", 1_000]], [["2645", 1_000]]);
    const filling = await placeAt(evening, memberId, { ...ptsBuy, price: "2640" });
    const lapsing = await placeAt(evening, memberId, { ...ptsBuy, price: "2500" });
    expect(await available(auth)).toMatchObject({ held: String(264_264 + 250_250) });
    const workerAt = (atMs: number) =>
      new TradingWorker({
        db: app.database.db,
        trading: serviceAt(atMs),
        alwaysOpen: false,
        now: () => atMs,
      });
    expect((await workerAt(evening).pass()).filled).toBe(0);
    setPts("JP:7203", [["2600", 1_000]], [["2639.5", 1_000]]);
    expect((await workerAt(evening).pass()).filled).toBe(1);
    const listed = (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items;
    const filled = listed.find((order: { id: string }) => order.id === (filling as { id: string }).id);
    expect(filled).toMatchObject({
      status: "filled",
      fillPrice: "2639.5",
      venue: "pts",
      route: { fills: [{ venue: "pts", quantity: 100 }], saved: "0" },
    });
    // The fill's record names the PTS's book and each level's venue.
    const [record] = await app.database.db
      .select()
      .from(fillBooks)
      .where(eq(fillBooks.orderId, Number(filled.id)));
    expect(record).toMatchObject({ epoch: null, seq: null, ptsEpoch: "pts-test" });
    expect(record?.taken).toEqual([{ price: "2639.5", size: 100, venue: "pts" }]);
    const trades = (await call(`${app.url}/ledger?type=trade`, "GET", undefined, auth)).body.items;
    expect(trades.find((item: { memoCode: string }) => item.memoCode === "position_open")).toMatchObject({
      memoParams: { price: "2639.5", leverage: 1, venue: "pts" },
    });

    // The night session ends at 23:59: the other order lapses and its hold comes back.
    expect((await workerAt(tokyo(day, "23:58")).pass()).expired).toBe(0);
    expect((await workerAt(tokyo(day, "23:59")).pass()).expired).toBeGreaterThanOrEqual(1);
    const lapsed = (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items.find(
      (order: { id: string }) => order.id === (lapsing as { id: string }).id,
    );
    expect(lapsed).toMatchObject({ status: "cancelled", venue: "pts", route: null });
    expect(await available(auth)).toMatchObject({ held: "0" });
    expect(await fillsNotReplaying(app.database.db)).toBe(0);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });
});

describe("a position closed at the PTS", () => {
  it("closes at night by a closing limit order sent to the PTS, filled on the PTS's bids", async () => {
    const { auth, memberId } = await funded();
    tseAsks([["2650.5", 1_000]]);
    const opened = await call(`${app.url}/orders`, "POST", { ...ptsBuy, type: "market", venue: "tse" }, auth);
    expect(opened.body).toMatchObject({ venue: "tse", route: { fills: [{ venue: "tse", quantity: 100 }] } });
    const evening = tokyo("2026-11-26", "21:00");
    setPts("JP:7203", [["2690", 1_000]], [["2720", 1_000]]);
    const closing = await placeAt(evening, memberId, {
      ...ptsBuy,
      side: "short",
      price: "2700",
      closesPositionId: opened.body.positionId,
    });
    expect(closing).toMatchObject({ status: "pending", venue: "pts", held: "0" });
    const worker = new TradingWorker({
      db: app.database.db,
      trading: serviceAt(evening),
      alwaysOpen: false,
      now: () => evening,
    });
    expect((await worker.pass()).filled).toBe(0);
    setPts("JP:7203", [["2700.5", 1_000]], [["2720", 1_000]]);
    expect((await worker.pass()).filled).toBe(1);
    const position = await call(`${app.url}/positions/${opened.body.positionId}`, "GET", undefined, auth);
    expect(position.body).toMatchObject({ status: "closed", closePrice: "2700.5" });
    const [order] = (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items;
    expect(order).toMatchObject({
      id: (closing as { id: string }).id,
      status: "filled",
      route: { fills: [{ venue: "pts", quantity: 100 }], saved: "0" },
    });
    expect(await fillsNotReplaying(app.database.db)).toBe(0);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });
});

const smartBuy = {
  symbol: "JP:7203",
  side: "long",
  type: "market",
  quantity: 100,
  leverage: 1,
  venue: "smart",
};

/** The member's newest order and the memo of its opening. */
async function orderAndMemo(auth: Record<string, string>) {
  const [order] = (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items;
  const trades = (await call(`${app.url}/ledger?type=trade`, "GET", undefined, auth)).body.items;
  const open = trades.find((item: { memoCode: string }) => item.memoCode === "position_open");
  return { order, memo: open?.memoParams };
}

describe("a market order by the smart route", () => {
  it("goes all to the PTS where its price is better, and the member keeps the saving", async () => {
    const { auth } = await funded();
    tseAsks([["2650.5", 1_000]]);
    setPts("JP:7203", [["2600", 1_000]], [["2650", 1_000]]);
    const placed = await call(`${app.url}/orders`, "POST", smartBuy, auth);
    expect(placed.status).toBe(201);
    // 100 × 0.5 yen better.
    expect(placed.body).toMatchObject({
      status: "filled",
      fillPrice: "2650",
      venue: "smart",
      route: { fills: [{ venue: "pts", quantity: 100 }], saved: "50" },
    });
    const { order, memo } = await orderAndMemo(auth);
    expect(order).toEqual(placed.body);
    expect(memo).toEqual({
      side: "long",
      quantity: 100,
      symbol: "JP:7203",
      price: "2650",
      leverage: 1,
      venue: "pts",
      saved: "50",
    });
  });

  it("stays at the TSE where its price is better, or equal", async () => {
    const { auth } = await funded();
    tseAsks([["2650.5", 1_000]]);
    setPts("JP:7203", [["2600", 1_000]], [["2650.5", 1_000]]);
    const placed = await call(`${app.url}/orders`, "POST", smartBuy, auth);
    expect(placed.body).toMatchObject({
      fillPrice: "2650.5",
      route: { fills: [{ venue: "tse", quantity: 100 }], saved: "0" },
    });
    expect((await orderAndMemo(auth)).memo).toMatchObject({ venue: "tse", saved: "0" });
  });

  it("splits between the two, the better prices first", async () => {
    const { auth } = await funded();
    tseAsks([
      ["2650.5", 100],
      ["2652", 1_000],
    ]);
    setPts("JP:7203", [["2600", 1_000]], [["2651", 1_000]]);
    const placed = await call(`${app.url}/orders`, "POST", { ...smartBuy, quantity: 200 }, auth);
    // 100 at the TSE's 2,650.5 and 100 at the PTS's 2,651 rather than the TSE's 2,652: 100 yen.
    expect(placed.body).toMatchObject({
      fillPrice: "2650.75",
      route: {
        fills: [
          { venue: "tse", quantity: 100 },
          { venue: "pts", quantity: 100 },
        ],
        saved: "100",
      },
    });
    expect((await orderAndMemo(auth)).memo).toMatchObject({ venue: "split", saved: "100", price: "2650.75" });
    const [record] = await app.database.db
      .select()
      .from(fillBooks)
      .where(eq(fillBooks.orderId, Number(placed.body.id)));
    expect(record).toMatchObject({ epoch: "test", ptsEpoch: "pts-test" });
    expect(await fillsNotReplaying(app.database.db)).toBe(0);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("is written beside the other market orders of its batch, each with its own venue and route", async () => {
    const [smart, plain] = [await funded(), await funded()];
    tseAsks([["2650.5", 1_000]]);
    setPts("JP:7203", [["2600", 1_000]], [["2650", 1_000]]);
    const [routed, tse] = await Promise.all([
      call(`${app.url}/orders`, "POST", smartBuy, smart.auth),
      call(`${app.url}/orders`, "POST", { ...smartBuy, venue: undefined }, plain.auth),
    ]);
    expect(routed.body).toMatchObject({
      venue: "smart",
      route: { fills: [{ venue: "pts", quantity: 100 }] },
    });
    expect(tse.body).toMatchObject({
      venue: "tse",
      fillPrice: "2650.5",
      route: { fills: [{ venue: "tse", quantity: 100 }], saved: "0" },
    });
    expect((await orderAndMemo(smart.auth)).order).toEqual(routed.body);
    expect((await orderAndMemo(plain.auth)).order).toEqual(tse.body);
    // A TSE order's memo is as it was before the PTS.
    expect((await orderAndMemo(plain.auth)).memo).not.toHaveProperty("venue");
    expect(await fillsNotReplaying(app.database.db)).toBe(0);
  });

  it("answers a retry with the same key once, with the first answer", async () => {
    const { auth } = await funded();
    tseAsks([["2650.5", 1_000]]);
    setPts("JP:7203", [["2600", 1_000]], [["2650", 1_000]]);
    const keyed = { ...auth, "idempotency-key": "smart-retry-1" };
    const [first, second] = await Promise.all([
      call(`${app.url}/orders`, "POST", smartBuy, keyed),
      call(`${app.url}/orders`, "POST", smartBuy, keyed),
    ]);
    const third = await call(`${app.url}/orders`, "POST", smartBuy, keyed);
    expect(first.body).toMatchObject({ venue: "smart", route: { saved: "50" } });
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    expect((await call(`${app.url}/orders`, "GET", undefined, auth)).body.items).toHaveLength(1);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });
});
