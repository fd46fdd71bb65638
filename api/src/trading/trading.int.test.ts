import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { orders, positions } from "../db/schema.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember, setMarket, setToyotaLevels } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { TradingWorker } from "./worker.ts";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  setToyotaLevels(app.bus);
  setMarket(app.bus, "US:AAPL", [["200.00", 50]], [["200.10", 50]]);
});

async function account(auth: Record<string, string>, currency = "JPY") {
  const response = await call(`${app.url}/account`, "GET", undefined, auth);
  return response.body.balances.find((balance: { currency: string }) => balance.currency === currency);
}

async function rowCounts(database = app.database) {
  const [o] = await database.db.select({ n: count() }).from(orders);
  const [p] = await database.db.select({ n: count() }).from(positions);
  const result = (await database.db.execute(sql`select count(*)::int as n from journals`)) as unknown as {
    rows: { n: number }[];
  };
  return { orders: o?.n, positions: p?.n, journals: result.rows[0]?.n };
}

const buyToyota = { symbol: "JP:7203", side: "long", type: "market", quantity: 500, leverage: 2 };

describe("market orders", () => {
  it("fill a long against the asks, reserving margin and the fee from available cash", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 1_000_000n);
    const placed = await call(`${app.url}/orders`, "POST", buyToyota, auth);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: "filled", fillPrice: "2650.8", quantity: 500 });
    // 200 × 2650.5 + 300 × 2651 = 1,325,400 yen; margin at 2× 662,700; fee 0.1% = 1,326.
    const position = await call(`${app.url}/positions/${placed.body.positionId}`, "GET", undefined, auth);
    expect(position.body).toMatchObject({
      status: "holding",
      openNotional: "1325400",
      margin: "662700",
      openFee: "1326",
    });
    expect(await account(auth)).toMatchObject({
      available: String(1_000_000 - 662_700 - 1_326),
      margin: "662700",
    });
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("refuse what the member cannot afford, writing nothing", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 600_000n);
    const before = await rowCounts();
    const refused = await call(`${app.url}/orders`, "POST", buyToyota, auth);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("INSUFFICIENT_BALANCE");
    expect(await rowCounts()).toEqual(before);
    expect(await account(auth)).toMatchObject({ available: "600000", margin: "0" });
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ["an odd lot", { quantity: 150 }, "QUANTITY_INVALID"],
    ["a fractional quantity", { quantity: 100.5 }, "QUANTITY_INVALID"],
    ["leverage the market does not offer", { leverage: 4 }, "LEVERAGE_INVALID"],
    ["an unknown product", { symbol: "JP:0000" }, "PRODUCT_NOT_FOUND"],
    ["a malformed symbol", { symbol: "toyota" }, "SYMBOL_INVALID"],
    ["a side that is neither long nor short", { side: "buy" }, "SIDE_INVALID"],
    ["a limit order without a price", { type: "limit" }, "PRICE_REQUIRED"],
    ["a price off the tick grid", { type: "limit", price: "2650.3" }, "PRICE_OFF_TICK"],
    ["a price above the daily limit", { type: "limit", price: "3200" }, "PRICE_LIMIT_EXCEEDED"],
    [
      "an extended session in Tokyo",
      { type: "limit", price: "2600", session: "extended" },
      "SESSION_INVALID",
    ],
    ["an order larger than the visible book", { quantity: 5_000 }, "BOOK_TOO_THIN"],
  ];
  for (const [what, change, code] of refusals) {
    it(`refuse ${what} with ${code}`, async () => {
      const { auth, memberId } = await registerMember(app.url, app.database);
      await fund(app.database, memberId, "JPY", 100_000_000n);
      const before = await rowCounts();
      const response = await call(`${app.url}/orders`, "POST", { ...buyToyota, ...change }, auth);
      expect(response.body.error?.code).toBe(code);
      expect(await rowCounts()).toEqual(before);
    });
  }

  it("are refused outside trading hours", async () => {
    const saturday = Date.parse("2026-11-21T03:00:00Z");
    const closed = await startTestApp({ MARKET_HOURS: "real" }, { startMs: saturday });
    try {
      await seedDemo(closed.database.db, saturday);
      const { auth, memberId } = await registerMember(closed.url, closed.database);
      await fund(closed.database, memberId, "JPY", 10_000_000n);
      setMarket(closed.bus, "JP:7203", [["2650", 300]], [["2650.5", 2_000]]);
      const response = await call(`${closed.url}/orders`, "POST", buyToyota, auth);
      expect(response.body.error.code).toBe("OUTSIDE_TRADING_HOURS");
    } finally {
      await closed.close();
    }
  });

  it("are refused in the US pre-market and in the extended session, where only limit orders trade", async () => {
    // Friday 08:00 in New York (EST): pre-market.
    const preMarket = Date.parse("2026-11-20T13:00:00Z");
    const early = await startTestApp({ MARKET_HOURS: "real" }, { startMs: preMarket });
    try {
      await seedDemo(early.database.db, preMarket);
      const { auth, memberId } = await registerMember(early.url, early.database);
      await fund(early.database, memberId, "USD", 10_000_000n);
      setMarket(early.bus, "US:AAPL", [["230.00", 300]], [["230.05", 300]]);
      const buyApple = { symbol: "US:AAPL", side: "long", type: "market", quantity: 10, leverage: 1 };
      const before = await rowCounts(early.database);
      for (const order of [buyApple, { ...buyApple, session: "extended" }]) {
        const response = await call(`${early.url}/orders`, "POST", order, auth);
        expect(response.status).toBe(409);
        expect(response.body.error.code).toBe("MARKET_ORDER_OUTSIDE_REGULAR");
      }
      expect(await rowCounts(early.database)).toEqual(before);
      // The same order as a limit order in the extended session is taken.
      const limit = { ...buyApple, type: "limit", price: "229.50", session: "extended" };
      expect((await call(`${early.url}/orders`, "POST", limit, auth)).status).toBe(201);
    } finally {
      await early.close();
    }
  });
});

describe("account flags and lock-ups", () => {
  it("refuse new orders from a member barred from trading or frozen, but let a barred member close", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 1_000_000n);
    const keyed = { ...auth, "idempotency-key": "placed-before-the-bar" };
    const placed = await call(`${app.url}/orders`, "POST", { ...buyToyota, quantity: 100 }, keyed);
    await app.database.db.execute(sql`update members set trading_barred = true where id = ${memberId}`);
    const barred = await call(`${app.url}/orders`, "POST", { ...buyToyota, quantity: 100 }, auth);
    expect(barred.status).toBe(403);
    expect(barred.body.error.code).toBe("TRADING_BARRED");
    // The retry of the order placed before the bar still gets its answer, and places nothing.
    const before = await rowCounts();
    const retried = await call(`${app.url}/orders`, "POST", { ...buyToyota, quantity: 100 }, keyed);
    expect([retried.status, retried.body.id]).toEqual([201, placed.body.id]);
    expect(await rowCounts()).toEqual(before);
    expect(
      (await call(`${app.url}/positions/${placed.body.positionId}/close`, "POST", {}, auth)).status,
    ).toBe(200);
    await app.database.db.execute(
      sql`update members set trading_barred = false, frozen = true where id = ${memberId}`,
    );
    expect(
      (await call(`${app.url}/orders`, "POST", { ...buyToyota, quantity: 100 }, auth)).body.error.code,
    ).toBe("ACCOUNT_FROZEN");
    // The flag is what a frozen member hears, whatever the order they send.
    expect(
      (await call(`${app.url}/orders`, "POST", { ...buyToyota, quantity: -1 }, auth)).body.error.code,
    ).toBe("ACCOUNT_FROZEN");
  });

  it("refuse new orders on the flags as stored, though this process still trusts the session", async () => {
    // Sessions are trusted for a minute here, as one API process trusts them while operations
    // freeze the member through another.
    const trusting = await startTestApp({ SESSION_CACHE_MS: "60000" });
    try {
      await seedDemo(trusting.database.db, Date.now());
      const { auth, memberId } = await registerMember(trusting.url, trusting.database);
      await fund(trusting.database, memberId, "JPY", 10_000_000n);
      setMarket(trusting.bus, "JP:7203", [["2650", 1_000]], [["2650.5", 1_000]]);
      const keyed = { ...auth, "idempotency-key": "before-the-freeze" };
      const first = await call(`${trusting.url}/orders`, "POST", { ...buyToyota, quantity: 100 }, keyed);
      expect(first.status).toBe(201);
      const setFlag = (flag: "frozen" | "trading_barred", on: boolean) =>
        trusting.database.db.execute(sql`update members set ${sql.raw(flag)} = ${on} where id = ${memberId}`);
      const orders = [
        { ...buyToyota, quantity: 100 },
        { ...buyToyota, type: "limit", price: "2600", quantity: 100 },
      ];
      for (const [flag, code] of [
        ["frozen", "ACCOUNT_FROZEN"],
        ["trading_barred", "TRADING_BARRED"],
      ] as const) {
        await setFlag(flag, true);
        const before = await rowCounts(trusting.database);
        for (const order of orders) {
          const refused = await call(`${trusting.url}/orders`, "POST", order, auth);
          expect([order.type, refused.body.error?.code]).toEqual([order.type, code]);
        }
        expect(await rowCounts(trusting.database)).toEqual(before);
        // A retry of the order that went through before the flag was set still gets its answer.
        const retried = await call(`${trusting.url}/orders`, "POST", { ...buyToyota, quantity: 100 }, keyed);
        expect([retried.status, retried.body.id]).toEqual([201, first.body.id]);
        await setFlag(flag, false);
      }
      expect((await call(`${trusting.url}/orders`, "POST", orders[0], auth)).status).toBe(201);
    } finally {
      await trusting.close();
    }
  });

  it("will not sell a locked-up position before its lock-up ends", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 1_000_000n);
    const placed = await call(`${app.url}/orders`, "POST", { ...buyToyota, quantity: 100 }, auth);
    const until = Date.now() + 3_600_000;
    await app.database.db.execute(
      sql`update positions set locked_until_ms = ${until} where id = ${Number(placed.body.positionId)}`,
    );
    const refused = await call(`${app.url}/positions/${placed.body.positionId}/close`, "POST", {}, auth);
    expect(refused.body.error).toMatchObject({ code: "POSITION_LOCKED", details: { untilMs: until } });
    app.advance(3_600_001);
    expect(
      (await call(`${app.url}/positions/${placed.body.positionId}/close`, "POST", {}, auth)).status,
    ).toBe(200);
  });
});

describe("closing", () => {
  it("returns margin and profit to available cash, net of fees, and records the realised result", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "USD", 10_000_00n);
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { symbol: "US:AAPL", side: "long", type: "market", quantity: 10, leverage: 4 },
      auth,
    );
    expect(placed.status).toBe(201);
    setMarket(app.bus, "US:AAPL", [["210.00", 50]], [["210.10", 50]]);
    const closed = await call(`${app.url}/positions/${placed.body.positionId}/close`, "POST", {}, auth);
    expect(closed.status).toBe(200);
    // Bought 10 at $200.10 ($2,001.00), sold at $210.00 ($2,100.00): +$99.00 before charges.
    // Fees 0.45% each way: $9.01 and $9.45; SEC fee 0.0028% of $2,100: $0.06.
    expect(closed.body).toMatchObject({
      status: "closed",
      closeNotional: "210000",
      closeFee: "945",
      closeTax: "6",
    });
    expect(closed.body.realized).toBe(String(9_900 - 945 - 6 - 901));
    expect(await account(auth, "USD")).toMatchObject({
      available: String(1_000_00 * 10 - 901 + 9_900 - 945 - 6),
      margin: "0",
      realized: String(9_900 - 945 - 6 - 901),
    });
    const again = await call(`${app.url}/positions/${placed.body.positionId}/close`, "POST", {}, auth);
    expect(again.body.error.code).toBe("POSITION_NOT_HOLDING");
  });

  it("shows a loss beyond the member's money as a deficit, never as hidden negative cash", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 700_000n);
    const placed = await call(`${app.url}/orders`, "POST", { ...buyToyota, leverage: 2 }, auth);
    expect(placed.status).toBe(201);
    setMarket(app.bus, "JP:7203", [["1000", 1_000]], [["1001", 1_000]]);
    const closed = await call(`${app.url}/positions/${placed.body.positionId}/close`, "POST", {}, auth);
    expect(closed.status).toBe(200);
    const balance = await account(auth);
    expect(balance.available).toBe("0");
    // Sold 500 at 1,000 = 500,000 for a 1,325,400 purchase: a loss of 825,400, plus a 500 yen fee,
    // against the 698,674 left after the 1,326 opening fee: 127,226 owed.
    expect(balance.deficit).toBe("-127226");
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });
});

describe("idempotency", () => {
  it("answers a retried order with the first result and opens one position", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 5_000_000n);
    const headers = { ...auth, "idempotency-key": "order-abc-1" };
    const [first, second] = await Promise.all([
      call(`${app.url}/orders`, "POST", buyToyota, headers),
      call(`${app.url}/orders`, "POST", buyToyota, headers),
    ]);
    const third = await call(`${app.url}/orders`, "POST", buyToyota, headers);
    expect(first.body.id).toBeDefined();
    expect([second.body.id, third.body.id]).toEqual([first.body.id, first.body.id]);
    const held = await call(`${app.url}/positions?status=holding`, "GET", undefined, auth);
    expect(held.body.items).toHaveLength(1);
  });

  it("refuses the same key with a different request", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 5_000_000n);
    const headers = { ...auth, "idempotency-key": "order-abc-2" };
    await call(`${app.url}/orders`, "POST", buyToyota, headers);
    const other = await call(`${app.url}/orders`, "POST", { ...buyToyota, quantity: 100 }, headers);
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });
});

describe("racing for the same cash", () => {
  it("fills exactly the affordable orders out of 20 sent at once", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    setMarket(app.bus, "JP:7203", [["2650", 30_000]], [["2650", 30_000]]);
    // Each order: 100 shares at 2,650 = 265,000; margin 265,000 at 1×; fee 265: 265,265 a piece.
    await fund(app.database, memberId, "JPY", 265_265n * 7n + 1_000n);
    const one = { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 1 };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(`${app.url}/orders`, "POST", one, auth)),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(7);
    expect(statuses.filter((status) => status === 409)).toHaveLength(13);
    expect(await account(auth)).toMatchObject({ available: "1000", margin: String(265_000 * 7) });
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });
});

describe("limit orders and margin", () => {
  it("hold money while pending, release it on cancel, and cancel only once", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 1_000_000n);
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { ...buyToyota, type: "limit", price: "2600", quantity: 100 },
      auth,
    );
    expect(placed.body).toMatchObject({ status: "pending", limitPrice: "2600", held: String(130_000 + 260) });
    expect(await account(auth)).toMatchObject({ available: String(1_000_000 - 130_260), held: "130260" });
    const cancelled = await call(`${app.url}/orders/${placed.body.id}/cancel`, "POST", {}, auth);
    expect(cancelled.body.status).toBe("cancelled");
    expect(await account(auth)).toMatchObject({ available: "1000000", held: "0" });
    const twice = await call(`${app.url}/orders/${placed.body.id}/cancel`, "POST", {}, auth);
    expect(twice.body.error.code).toBe("ORDER_NOT_PENDING");
  });

  it("add margin in positive whole amounts from available cash", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 1_000_000n);
    const placed = await call(`${app.url}/orders`, "POST", { ...buyToyota, quantity: 100 }, auth);
    const url = `${app.url}/positions/${placed.body.positionId}/margin`;
    expect((await call(url, "POST", { amount: "0" }, auth)).body.error.code).toBe("AMOUNT_INVALID");
    expect((await call(url, "POST", { amount: "1.5" }, auth)).body.error.code).toBe("AMOUNT_INVALID");
    expect((await call(url, "POST", { amount: "99999999" }, auth)).body.error.code).toBe(
      "INSUFFICIENT_BALANCE",
    );
    const added = await call(url, "POST", { amount: "50000" }, auth);
    expect(added.body.margin).toBe(String(132_525 + 50_000));
  });

  it("refuse margin on a position bought outright at 1×, moving no money", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 1_000_000n);
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { ...buyToyota, quantity: 100, leverage: 1 },
      auth,
    );
    expect(placed.status).toBe(201);
    const url = `${app.url}/positions/${placed.body.positionId}`;
    const before = { position: (await call(url, "GET", undefined, auth)).body, cash: await account(auth) };
    const journals = (await rowCounts()).journals;
    const refused = await call(`${url}/margin`, "POST", { amount: "50000" }, auth);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("POSITION_NOT_LEVERAGED");
    expect((await call(url, "GET", undefined, auth)).body).toEqual(before.position);
    expect(await account(auth)).toEqual(before.cash);
    expect((await rowCounts()).journals).toBe(journals);
  });

  it("are private: another member sees and touches none of them", async () => {
    const owner = await registerMember(app.url, app.database);
    await fund(app.database, owner.memberId, "JPY", 1_000_000n);
    const placed = await call(`${app.url}/orders`, "POST", { ...buyToyota, quantity: 100 }, owner.auth);
    const other = await registerMember(app.url, app.database);
    expect(
      (await call(`${app.url}/positions/${placed.body.positionId}`, "GET", undefined, other.auth)).status,
    ).toBe(404);
    const close = await call(`${app.url}/positions/${placed.body.positionId}/close`, "POST", {}, other.auth);
    expect(close.body.error.code).toBe("POSITION_NOT_FOUND");
    expect((await call(`${app.url}/positions`, "GET", undefined, other.auth)).body.items).toEqual([]);
  });
});

describe("the worker", () => {
  it("fills a resting long when the ask comes down to its limit, and not before", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 1_000_000n);
    const worker = new TradingWorker({
      db: app.database.db,
      trading: app.trading,
      alwaysOpen: true,
    });
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { ...buyToyota, type: "limit", price: "2600", quantity: 100 },
      auth,
    );
    await worker.pass();
    expect((await call(`${app.url}/orders?status=pending`, "GET", undefined, auth)).body.items).toHaveLength(
      1,
    );
    setMarket(app.bus, "JP:7203", [["2599", 500]], [["2599.5", 500]]);
    await worker.pass();
    const [order] = (await call(`${app.url}/orders`, "GET", undefined, auth)).body.items;
    expect(order).toMatchObject({ id: placed.body.id, status: "filled", fillPrice: "2599.5", held: "0" });
    // The hold is released; the fill at 2,599.5 (259,950) reserves 129,975 margin at 2× and a 260 yen fee.
    expect(await account(auth)).toMatchObject({
      held: "0",
      margin: "129975",
      available: String(1_000_000 - 129_975 - 260),
    });
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("closes a position whose equity fell below half its initial margin, and says why", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 1_000_000n);
    const worker = new TradingWorker({
      db: app.database.db,
      trading: app.trading,
      alwaysOpen: true,
    });
    setMarket(app.bus, "JP:7203", [["2650", 500]], [["2650", 500]]);
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { ...buyToyota, quantity: 100, leverage: 3 },
      auth,
    );
    // Margin 88,334 on 265,000: a fall to 2,210 loses 44,000, leaving 44,334 (above half); 2,200 loses 45,000.
    setMarket(app.bus, "JP:7203", [["2210", 500]], [["2210.5", 500]]);
    expect((await worker.pass()).called).toBe(0);
    setMarket(app.bus, "JP:7203", [["2200", 500]], [["2200.5", 500]]);
    expect((await worker.pass()).called).toBe(1);
    const position = await call(`${app.url}/positions/${placed.body.positionId}`, "GET", undefined, auth);
    expect(position.body).toMatchObject({ status: "closed", closeReason: "margin_call", closePrice: "2200" });
    const records = await call(`${app.url}/ledger?type=trade`, "GET", undefined, auth);
    // Newest first: the selling fee's own journal, then the forced close, then the opening.
    expect(records.body.items.map((item: { kind: string }) => item.kind).slice(0, 4)).toEqual([
      "fee",
      "margin_call",
      "fee",
      "open",
    ]);
  });
});

describe("fund records", () => {
  it("list deposits and trades as journals of the member's own accounts", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 1_000_000n);
    await call(`${app.url}/orders`, "POST", { ...buyToyota, quantity: 100 }, auth);
    const all = await call(`${app.url}/ledger`, "GET", undefined, auth);
    expect(all.body.items.map((item: { kind: string }) => item.kind)).toEqual(["fee", "open", "deposit"]);
    const trades = await call(`${app.url}/ledger?type=trade`, "GET", undefined, auth);
    expect(trades.body.items).toHaveLength(2);
    // 100 at 2,650.5 = 265,050: margin 132,525 at 2×, and the 266 yen fee (0.1%, rounded up) on its own line.
    expect(trades.body.items[1].changes).toEqual([
      { purpose: "margin", currency: "JPY", amount: "132525" },
      { purpose: "available", currency: "JPY", amount: "-132525" },
    ]);
    expect(trades.body.items[0]).toMatchObject({
      kind: "fee",
      memo: "purchase fee",
      memoCode: "purchase_fee",
      memoParams: {},
      changes: [{ purpose: "available", currency: "JPY", amount: "-266" }],
    });
    // The opening's description as a code and parameters, rendered in the member's language.
    expect(trades.body.items[1]).toMatchObject({
      memoCode: "position_open",
      memoParams: { side: "long", quantity: 100, symbol: "JP:7203", price: "2650.5", leverage: 2 },
    });
    // A deposit's memo is staff's words, or none: no code.
    expect(all.body.items[2]).toMatchObject({ kind: "deposit", memoCode: null, memoParams: null });
  });
});
