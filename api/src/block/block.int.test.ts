import { commitmentOf, runDraw } from "@kabuto/shared/ipo/draw";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { rowsOf } from "../db/rows.ts";
import { balanceOf } from "../funding/funding-fixtures.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember, setMarket } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";

/** 10:00 in Tokyo on Wednesday 10 June 2026, a TSE business day: the desk is open. */
const startMs = Date.parse("2026-06-10T01:00:00Z");
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

let app: TestApp;
let supervisor: Record<string, string>;
let reviewer: Record<string, string>;

beforeAll(async () => {
  // A daily limit of ¥2,000,000 a member, so the limit's edges are easy to reach.
  app = await startTestApp(
    { BLOCK_HOURS: "09:30-19:30", BLOCK_DAILY_LIMIT: "JPY:2000000,USD:20000" },
    { startMs },
  );
  await seedDemo(app.database.db, startMs);
  setMarket(app.bus, "JP:7203", [["2650", 300]], [["2651", 2_000]]);
  setMarket(app.bus, "JP:9432", [["150", 300]], [["151", 2_000]]);
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  supervisor = (await signInStaff(app, "supervisor")).auth;
  reviewer = (await signInStaff(app, "reviewer")).auth;
});

async function ledgerHealthy(): Promise<boolean> {
  return isHealthy(await app.database.db.transaction((tx) => checkLedger(tx)));
}

/** A verified member with `cash` yen. */
async function member(cash = 3_000_000n) {
  const registered = await registerMember(app.url, app.database);
  await app.database.db.execute(
    sql`update members set verification = 'verified', real_name = '山田 太郎' where id = ${registered.memberId}`,
  );
  if (cash > 0n) await fund(app.database, registered.memberId, "JPY", cash);
  return registered;
}

let keys = 0;
const keyed = (auth: Record<string, string>, key = `block-${process.pid}-${keys++}`) => ({
  ...auth,
  "idempotency-key": key,
});

async function openToBids(symbol: string, minShares = 100, maxShares = 1_000) {
  const opened = await call(
    `${app.url}/ops/block/instruments`,
    "POST",
    { symbol, minShares, maxShares },
    supervisor,
  );
  expect(opened.status).toBe(200);
  return opened.body;
}

async function publish(overrides: Record<string, unknown> = {}) {
  const nowMs = app.now();
  const created = await call(
    `${app.url}/ops/block/offerings`,
    "POST",
    {
      symbol: "JP:7203",
      price: "2580",
      sharesOffered: 300,
      minShares: 100,
      maxShares: 300,
      opensAtMs: nowMs - hourMs,
      closesAtMs: nowMs + hourMs,
      lockupDays: 0,
      ...overrides,
    },
    supervisor,
  );
  expect(created.body.error).toBeUndefined();
  expect(created.status).toBe(201);
  return created.body;
}

function bid(auth: Record<string, string>, body: Record<string, unknown>, key?: string) {
  return call(`${app.url}/block/bids`, "POST", body, keyed(auth, key));
}

function apply(auth: Record<string, string>, offeringId: string, shares: number, key?: string) {
  return call(`${app.url}/block/offerings/${offeringId}/applications`, "POST", { shares }, keyed(auth, key));
}

function review(id: string, decision: "approve" | "reject", reason?: string) {
  return call(`${app.url}/ops/block/applications/${id}/review`, "POST", { decision, reason }, reviewer);
}

describe("negotiated bids", () => {
  it("holds price × shares + fee at once; approval fills it into a cash position and releases the rest", async () => {
    const buyer = await member();
    await openToBids("JP:7203");
    const catalog = await call(`${app.url}/block`, "GET", undefined, buyer.auth);
    const instrument = catalog.body.instruments.find((row: { symbol: string }) => row.symbol === "JP:7203");
    // 7% either side of the last trade, 2650.
    expect(instrument.band).toEqual({ low: "2464.5", high: "2835.5" });

    const placed = await bid(buyer.auth, { symbol: "JP:7203", shares: 200, price: "2600" });
    expect(placed.status).toBe(201);
    // 520,000 and the 0.1% fee, 520.
    expect(placed.body).toMatchObject({ state: "pending", held: "520520", fee: "520", kind: "bid" });
    expect(await balanceOf(app.database, buyer.memberId, "available", "JPY")).toBe(3_000_000n - 520_520n);
    expect(await balanceOf(app.database, buyer.memberId, "held", "JPY")).toBe(520_520n);
    expect(await ledgerHealthy()).toBe(true);

    const approved = await review(placed.body.id, "approve");
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ state: "passed", sharesFilled: 200 });
    expect(await balanceOf(app.database, buyer.memberId, "held", "JPY")).toBe(0n);
    expect(await balanceOf(app.database, buyer.memberId, "margin", "JPY")).toBe(520_000n);
    expect(await balanceOf(app.database, buyer.memberId, "available", "JPY")).toBe(3_000_000n - 520_520n);
    const positions = await call(`${app.url}/positions?status=holding`, "GET", undefined, buyer.auth);
    const position = positions.body.items.find((row: { id: string }) => row.id === approved.body.positionId);
    expect(position).toMatchObject({ symbol: "JP:7203", quantity: 200, leverage: 1, openPrice: "2600" });
    expect(await ledgerHealthy()).toBe(true);

    // The member's fund records show the hold and its release in words, as trade records.
    const records = await call(`${app.url}/ledger?type=trade`, "GET", undefined, buyer.auth);
    const codes = records.body.items.map((row: { memoCode: string | null }) => row.memoCode);
    expect(codes).toEqual(
      expect.arrayContaining(["block_hold", "block_release", "position_open", "purchase_fee"]),
    );
  });

  it("rejection releases everything and shows the desk's reason; a second decision is refused", async () => {
    const buyer = await member();
    await openToBids("JP:7203");
    const placed = await bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2700" });
    expect(placed.status).toBe(201);
    expect((await review(placed.body.id, "reject")).body.error.code).toBe("REASON_REQUIRED");
    const rejected = await review(placed.body.id, "reject", "No seller at this price today");
    expect(rejected.body).toMatchObject({
      state: "rejected",
      reason: "No seller at this price today",
      positionId: null,
    });
    expect(await balanceOf(app.database, buyer.memberId, "available", "JPY")).toBe(3_000_000n);
    expect(await balanceOf(app.database, buyer.memberId, "held", "JPY")).toBe(0n);
    expect((await review(placed.body.id, "approve")).body.error.code).toBe("REQUEST_NOT_PENDING");
    const mine = await call(`${app.url}/block/applications?kind=bid`, "GET", undefined, buyer.auth);
    expect(mine.body.items[0]).toMatchObject({
      id: placed.body.id,
      state: "rejected",
      reason: "No seller at this price today",
    });
    expect(await ledgerHealthy()).toBe(true);
  });

  it("refuses a price outside ±7% of the last trade, with a ¥5 floor on the band for cheap names", async () => {
    const buyer = await member();
    await openToBids("JP:7203");
    await openToBids("JP:9432");
    const above = await bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2836" });
    expect(above.body.error).toMatchObject({
      code: "BLOCK_PRICE_LIMIT",
      details: { low: "2464.5", high: "2835.5" },
    });
    expect((await bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2464" })).body.error.code).toBe(
      "BLOCK_PRICE_LIMIT",
    );
    expect((await bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2835.5" })).status).toBe(201);
    // Off the tick grid (Toyota ticks by ¥0.5 here).
    expect((await bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2700.3" })).body.error.code).toBe(
      "PRICE_INVALID",
    );
    // 7% of 150 is 10.5: the band is 139.5–160.5; a ¥5 floor does not bind here but does below ¥71.
    expect((await bid(buyer.auth, { symbol: "JP:9432", shares: 100, price: "160.5" })).status).toBe(201);
    expect((await bid(buyer.auth, { symbol: "JP:9432", shares: 100, price: "161" })).body.error.code).toBe(
      "BLOCK_PRICE_LIMIT",
    );
    setMarket(app.bus, "JP:9432", [["40", 300]], [["41", 2_000]]);
    // 7% of 40 is 2.8; the floor widens it to ¥5 either side: 35–45.
    expect((await bid(buyer.auth, { symbol: "JP:9432", shares: 100, price: "45" })).status).toBe(201);
    expect((await bid(buyer.auth, { symbol: "JP:9432", shares: 100, price: "34.9" })).body.error.code).toBe(
      "BLOCK_PRICE_LIMIT",
    );
    setMarket(app.bus, "JP:9432", [["150", 300]], [["151", 2_000]]);
    // A stock not opened to bids is refused.
    expect((await bid(buyer.auth, { symbol: "JP:6758", shares: 100, price: "100" })).body.error.code).toBe(
      "BLOCK_NOT_OPEN",
    );
    expect(await ledgerHealthy()).toBe(true);
  });

  it("takes minimum and maximum shares at the edges, and refuses one share beyond", async () => {
    const buyer = await member(10_000_000n);
    await openToBids("JP:9432", 200, 1_000);
    expect(
      (await bid(buyer.auth, { symbol: "JP:9432", shares: 100, price: "150" })).body.error,
    ).toMatchObject({
      code: "BLOCK_MIN_SHARES",
      details: { min: 200 },
    });
    expect((await bid(buyer.auth, { symbol: "JP:9432", shares: 200, price: "150" })).status).toBe(201);
    expect((await bid(buyer.auth, { symbol: "JP:9432", shares: 1_000, price: "150" })).status).toBe(201);
    expect(
      (await bid(buyer.auth, { symbol: "JP:9432", shares: 1_100, price: "150" })).body.error,
    ).toMatchObject({
      code: "BLOCK_MAX_SHARES",
      details: { max: 1_000 },
    });
    expect((await bid(buyer.auth, { symbol: "JP:9432", shares: 250, price: "150" })).body.error.code).toBe(
      "QUANTITY_INVALID",
    );
  });

  it("fills the daily purchase limit exactly and refuses a yen more; a withdrawal frees its share", async () => {
    const buyer = await member(5_000_000n);
    await openToBids("JP:7203", 100, 1_000);
    // 700 shares at 2,650 hold 1,855,000 + 1,855 = 1,856,855 of the 2,000,000 limit.
    const first = await bid(buyer.auth, { symbol: "JP:7203", shares: 700, price: "2650" });
    expect(first.status).toBe(201);
    const over = await bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2650" });
    expect(over.body.error).toMatchObject({ code: "BLOCK_DAILY_LIMIT", details: { remaining: "143145" } });
    // 143,145 left: 900 shares of the ¥150 name hold 135,000 + 135 = 135,135 and fit.
    await openToBids("JP:9432", 100, 1_000);
    expect((await bid(buyer.auth, { symbol: "JP:9432", shares: 900, price: "150" })).status).toBe(201);
    expect(
      (await bid(buyer.auth, { symbol: "JP:9432", shares: 100, price: "150" })).body.error,
    ).toMatchObject({
      code: "BLOCK_DAILY_LIMIT",
      details: { remaining: "8010" },
    });
    const withdrawn = await call(
      `${app.url}/block/applications/${first.body.id}/withdraw`,
      "POST",
      {},
      keyed(buyer.auth),
    );
    expect(withdrawn.body).toMatchObject({ state: "withdrawn" });
    expect(await balanceOf(app.database, buyer.memberId, "available", "JPY")).toBe(5_000_000n - 135_135n);
    expect((await bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2650" })).status).toBe(201);
    // The next Tokyo day starts a new limit.
    app.advance(dayMs);
    expect((await bid(buyer.auth, { symbol: "JP:7203", shares: 700, price: "2650" })).status).toBe(201);
    app.advance(-dayMs);
    expect(await ledgerHealthy()).toBe(true);
  });

  it("concurrent applications against one daily limit never exceed it", async () => {
    const buyer = await member(20_000_000n);
    await openToBids("JP:7203", 100, 1_000);
    // Each holds 265,265; the ¥2,000,000 limit fits seven of them.
    const results = await Promise.all(
      Array.from({ length: 12 }, () => bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2650" })),
    );
    const placed = results.filter((result) => result.status === 201);
    expect(placed).toHaveLength(7);
    expect(results.filter((result) => result.body?.error?.code === "BLOCK_DAILY_LIMIT")).toHaveLength(5);
    expect(await balanceOf(app.database, buyer.memberId, "held", "JPY")).toBe(7n * 265_265n);
    expect(await ledgerHealthy()).toBe(true);
  });

  it("retries with the same key act once", async () => {
    const buyer = await member();
    await openToBids("JP:7203");
    const first = await bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2650" }, "same-key-bid");
    const again = await bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2650" }, "same-key-bid");
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await balanceOf(app.database, buyer.memberId, "held", "JPY")).toBe(265_265n);
    const withdraw = () =>
      call(
        `${app.url}/block/applications/${first.body.id}/withdraw`,
        "POST",
        {},
        keyed(buyer.auth, "same-key-withdraw"),
      );
    expect((await withdraw()).body.state).toBe("withdrawn");
    expect((await withdraw()).body.state).toBe("withdrawn");
    expect(await balanceOf(app.database, buyer.memberId, "available", "JPY")).toBe(3_000_000n);
    expect(await ledgerHealthy()).toBe(true);
  });

  it("sells one whole long position at the member's price: the charges are held, approval closes it", async () => {
    const seller = await member();
    await openToBids("JP:7203");
    const bought = await bid(seller.auth, { symbol: "JP:7203", shares: 200, price: "2600" });
    const filled = await review(bought.body.id, "approve");
    const positionId = filled.body.positionId;
    // Not the whole position, another stock, or a position of someone else: refused.
    const part = await bid(seller.auth, {
      symbol: "JP:7203",
      shares: 100,
      price: "2700",
      side: "sell",
      positionId,
    });
    expect(part.body.error).toMatchObject({ code: "QUANTITY_INVALID", details: { quantity: 200 } });
    const stranger = await member();
    const theirs = await bid(stranger.auth, {
      symbol: "JP:7203",
      shares: 200,
      price: "2700",
      side: "sell",
      positionId,
    });
    expect(theirs.body.error.code).toBe("POSITION_NOT_FOUND");

    const available = await balanceOf(app.database, seller.memberId, "available", "JPY");
    const sell = await bid(seller.auth, {
      symbol: "JP:7203",
      shares: 200,
      price: "2700",
      side: "sell",
      positionId,
    });
    expect(sell.status).toBe(201);
    // 540,000 at 0.1%: a selling fee of 540 is held; Japan has no sale tax.
    expect(sell.body).toMatchObject({
      side: "sell",
      sourcePositionId: positionId,
      held: "540",
      state: "pending",
    });
    expect(await balanceOf(app.database, seller.memberId, "available", "JPY")).toBe(available - 540n);
    // One pending sell per position.
    const again = await bid(seller.auth, {
      symbol: "JP:7203",
      shares: 200,
      price: "2690",
      side: "sell",
      positionId,
    });
    expect(again.body.error.code).toBe("BLOCK_ALREADY_APPLIED");

    const approved = await review(sell.body.id, "approve");
    expect(approved.body).toMatchObject({ state: "passed", positionId });
    // Margin 520,000 back, the 20,000 profit, less the 540 fee.
    expect(await balanceOf(app.database, seller.memberId, "available", "JPY")).toBe(
      available + 520_000n + 20_000n - 540n,
    );
    expect(await balanceOf(app.database, seller.memberId, "margin", "JPY")).toBe(0n);
    expect(await balanceOf(app.database, seller.memberId, "held", "JPY")).toBe(0n);
    const closed = await call(`${app.url}/positions/${positionId}`, "GET", undefined, seller.auth);
    expect(closed.body).toMatchObject({ status: "closed", closePrice: "2700" });
    expect(await ledgerHealthy()).toBe(true);
  });

  it("refuses to sell a locked-up position, and a sell whose position was closed meanwhile is no longer the desk's", async () => {
    const seller = await member();
    await openToBids("JP:7203");
    const bought = await bid(seller.auth, { symbol: "JP:7203", shares: 100, price: "2600" });
    const positionId = (await review(bought.body.id, "approve")).body.positionId;
    const until = app.now() + dayMs;
    await app.database.db.execute(
      sql`update positions set locked_until_ms = ${until} where id = ${Number(positionId)}`,
    );
    const locked = await bid(seller.auth, {
      symbol: "JP:7203",
      shares: 100,
      price: "2650",
      side: "sell",
      positionId,
    });
    expect(locked.body.error).toMatchObject({ code: "POSITION_LOCKED", details: { untilMs: until } });
    await app.database.db.execute(
      sql`update positions set locked_until_ms = null where id = ${Number(positionId)}`,
    );
    const sell = await bid(seller.auth, {
      symbol: "JP:7203",
      shares: 100,
      price: "2650",
      side: "sell",
      positionId,
    });
    expect(sell.status).toBe(201);
    // The member closes the position on the market before the desk decides: the close withdrew the bid.
    const close = await call(`${app.url}/positions/${positionId}/close`, "POST", {}, keyed(seller.auth));
    expect(close.status).toBe(200);
    expect((await review(sell.body.id, "approve")).body.error.code).toBe("REQUEST_NOT_PENDING");
    expect((await review(sell.body.id, "reject", "Position already closed")).body.error.code).toBe(
      "REQUEST_NOT_PENDING",
    );
    expect(await balanceOf(app.database, seller.memberId, "held", "JPY")).toBe(0n);
    expect(await ledgerHealthy()).toBe(true);
  });

  it("gives a sell bid's held fee back, once, in the close of its position by other means", async () => {
    const seller = await member();
    await openToBids("JP:7203");
    const bought = await bid(seller.auth, { symbol: "JP:7203", shares: 100, price: "2600" });
    const positionId = (await review(bought.body.id, "approve")).body.positionId;
    /** The member's fund records that give a block hold back (the buy's own came back at its fill). */
    const releases = async () => {
      const records = await call(`${app.url}/ledger?type=trade`, "GET", undefined, seller.auth);
      return records.body.items.filter((row: { memoCode: string | null }) => row.memoCode === "block_release")
        .length;
    };
    const releasedBefore = await releases();
    const sell = await bid(seller.auth, {
      symbol: "JP:7203",
      shares: 100,
      price: "2700",
      side: "sell",
      positionId,
    });
    expect(sell.status).toBe(201);
    // 270,000 at 0.1%: a selling fee of 270 is held until the desk decides.
    expect(sell.body).toMatchObject({ state: "pending", held: "270" });
    expect(await balanceOf(app.database, seller.memberId, "held", "JPY")).toBe(270n);

    // The member sells on the market instead, by a normal close.
    const close = await call(`${app.url}/positions/${positionId}/close`, "POST", {}, keyed(seller.auth));
    expect(close.status).toBe(200);
    expect(close.body).toMatchObject({ status: "closed" });
    expect(await balanceOf(app.database, seller.memberId, "held", "JPY")).toBe(0n);
    expect(await releases()).toBe(releasedBefore + 1);
    const mine = await call(`${app.url}/block/applications?kind=bid`, "GET", undefined, seller.auth);
    expect(mine.body.items.find((row: { id: string }) => row.id === sell.body.id)).toMatchObject({
      state: "withdrawn",
      held: "270",
    });
    expect(await ledgerHealthy()).toBe(true);

    // Withdrawing the bid afterwards gives nothing back a second time.
    const available = await balanceOf(app.database, seller.memberId, "available", "JPY");
    const withdrawn = await call(
      `${app.url}/block/applications/${sell.body.id}/withdraw`,
      "POST",
      {},
      keyed(seller.auth),
    );
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body.error.code).toBe("REQUEST_NOT_PENDING");
    expect(await balanceOf(app.database, seller.memberId, "available", "JPY")).toBe(available);
    expect(await balanceOf(app.database, seller.memberId, "held", "JPY")).toBe(0n);
    expect(await releases()).toBe(releasedBefore + 1);
    expect(await ledgerHealthy()).toBe(true);
  });

  it("never leaves a sell bid's fee held when the bid and a close of its position race", async () => {
    const seller = await member();
    await openToBids("JP:7203");
    const order = { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 1 };
    for (let round = 0; round < 8; round += 1) {
      const opened = await call(`${app.url}/orders`, "POST", order, keyed(seller.auth));
      expect(opened.status).toBe(201);
      const positionId = opened.body.positionId;
      const [sell, close] = await Promise.all([
        bid(seller.auth, { symbol: "JP:7203", shares: 100, price: "2700", side: "sell", positionId }),
        call(`${app.url}/positions/${positionId}/close`, "POST", {}, keyed(seller.auth)),
      ]);
      expect(close.status).toBe(200);
      // Whichever came first, the bid does not outlive its position: withdrawn by the close, or refused.
      if (sell.status === 201) {
        const mine = await call(`${app.url}/block/applications?kind=bid`, "GET", undefined, seller.auth);
        const row = mine.body.items.find((item: { id: string }) => item.id === sell.body.id);
        expect(row.state).toBe("withdrawn");
      } else {
        expect(sell.body.error.code).toBe("POSITION_NOT_HOLDING");
      }
      expect(await balanceOf(app.database, seller.memberId, "held", "JPY")).toBe(0n);
    }
    expect(await ledgerHealthy()).toBe(true);
  });

  it("refuses outside block hours and on a holiday, and takes the application again at 09:30", async () => {
    const buyer = await member();
    await openToBids("JP:7203");
    // 19:30 Tokyo: closed.
    app.advance(9.5 * hourMs);
    expect((await bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2650" })).body.error.code).toBe(
      "BLOCK_CLOSED",
    );
    // 09:29 the next morning: closed; 09:30: open.
    app.advance(14 * hourMs - 60_000);
    expect((await bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2650" })).body.error.code).toBe(
      "BLOCK_CLOSED",
    );
    app.advance(60_000);
    expect((await bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2650" })).status).toBe(201);
    // Saturday 13 June, 10:00.
    app.advance(2 * dayMs + 30 * 60_000);
    expect((await bid(buyer.auth, { symbol: "JP:7203", shares: 100, price: "2650" })).body.error.code).toBe(
      "BLOCK_CLOSED",
    );
    app.advance(-(3 * dayMs));
    expect(app.now()).toBe(startMs);
  });
});

describe("offerings", () => {
  it("applications over the block are drawn by the published equal lottery; winners are filled and locked up", async () => {
    const offering = await publish({ sharesOffered: 300, lockupDays: 30 });
    expect(offering).toMatchObject({ phase: "open", seed: null });
    const members = await Promise.all(Array.from({ length: 5 }, () => member()));
    for (const [index, someone] of members.entries()) {
      const applied = await apply(someone.auth, offering.id, index === 0 ? 200 : 100);
      expect(applied.status).toBe(201);
      // 2,580 a share and the 0.1% fee.
      expect(applied.body.held).toBe(index === 0 ? "516516" : "258258");
    }
    const [, second] = members;
    expect(second).toBeDefined();
    expect((await apply(second?.auth ?? {}, offering.id, 100)).body.error.code).toBe("BLOCK_ALREADY_APPLIED");
    // Not before the window closes.
    const early = await call(`${app.url}/ops/block/offerings/${offering.id}/allot`, "POST", {}, supervisor);
    expect(early.body.error.code).toBe("BLOCK_OFFERING_NOT_CLOSED");
    app.advance(hourMs);
    expect((await apply((await member()).auth, offering.id, 100)).body.error.code).toBe("BLOCK_CLOSED");
    const allotted = await call(
      `${app.url}/ops/block/offerings/${offering.id}/allot`,
      "POST",
      {},
      supervisor,
    );
    expect(allotted.status).toBe(200);
    expect(allotted.body.phase).toBe("allotted");
    // The seed is published and matches the commitment made when the offering was published.
    expect(commitmentOf(allotted.body.seed)).toBe(offering.commitment);

    const results = await Promise.all(
      members.map(async (someone) => {
        const list = await call(
          `${app.url}/block/applications?kind=offering`,
          "GET",
          undefined,
          someone.auth,
        );
        return { someone, application: list.body.items[0] };
      }),
    );
    const filled = results.reduce((sum, { application }) => sum + application.sharesFilled, 0);
    expect(filled).toBe(300);
    // Re-running the draw from the published seed and entries gives the same winners.
    const entries = results.map(({ application }) => ({
      hash: application.entryHash,
      units: application.shares / 100,
    }));
    const rerun = runDraw(allotted.body.seed, entries, { unitsOffered: 3 });
    for (const { application } of results) {
      expect(application.sharesFilled).toBe((rerun.won.get(application.entryHash) ?? 0) * 100);
      expect(application.state).toBe(application.sharesFilled > 0 ? "passed" : "rejected");
    }
    for (const { someone, application } of results) {
      const held = await balanceOf(app.database, someone.memberId, "held", "JPY");
      expect(held).toBe(0n);
      const margin = await balanceOf(app.database, someone.memberId, "margin", "JPY");
      expect(margin).toBe(BigInt(application.sharesFilled) * 2_580n);
    }
    // A winner's position is locked up for 30 days: closing it is refused.
    const winner = results.find(({ application }) => application.state === "passed");
    expect(winner).toBeDefined();
    const { someone, application } = winner as (typeof results)[number];
    expect(application.lockedUntilMs).toBe(Date.parse("2026-07-09T15:00:00Z"));
    const close = await call(
      `${app.url}/positions/${application.positionId}/close`,
      "POST",
      {},
      keyed(someone.auth),
    );
    expect(close.body.error).toMatchObject({ code: "POSITION_LOCKED" });
    expect(await ledgerHealthy()).toBe(true);
    app.advance(-hourMs);
  });

  it("fills everyone in full when applications fit the block, and keeps the draw append-only", async () => {
    const offering = await publish({ sharesOffered: 1_000, maxShares: 500 });
    const a = await member();
    const b = await member();
    expect((await apply(a.auth, offering.id, 400)).status).toBe(201);
    expect((await apply(b.auth, offering.id, 500)).status).toBe(201);
    expect((await apply(b.auth, offering.id, 100)).body.error.code).toBe("BLOCK_ALREADY_APPLIED");
    const c = await member();
    expect((await apply(c.auth, offering.id, 50)).body.error.code).toBe("QUANTITY_INVALID");
    expect((await apply(c.auth, offering.id, 600)).body.error).toMatchObject({
      code: "BLOCK_MAX_SHARES",
      details: { max: 500 },
    });
    app.advance(hourMs);
    const allotted = await call(
      `${app.url}/ops/block/offerings/${offering.id}/allot`,
      "POST",
      {},
      supervisor,
    );
    expect(allotted.status).toBe(200);
    for (const [someone, shares] of [
      [a, 400],
      [b, 500],
    ] as const) {
      const list = await call(`${app.url}/block/applications`, "GET", undefined, someone.auth);
      expect(list.body.items[0]).toMatchObject({
        state: "passed",
        sharesFilled: shares,
        lockedUntilMs: null,
      });
    }
    const again = await call(`${app.url}/ops/block/offerings/${offering.id}/allot`, "POST", {}, supervisor);
    expect(again.body.error.code).toBe("BLOCK_OFFERING_NOT_CLOSED");
    const rows = rowsOf(
      await app.database.db.execute(
        sql`select count(*)::int as n from block_draws where offering_id = ${Number(offering.id)}`,
      ),
    );
    expect(Number(rows[0]?.n)).toBe(1);
    await expect(
      app.database.db.execute(
        sql`update block_draws set seed = 'x' where offering_id = ${Number(offering.id)}`,
      ),
    ).rejects.toThrow();
    expect(await ledgerHealthy()).toBe(true);
    app.advance(-hourMs);
  });

  it("concurrent applications from many members are all drawn, and the block is never over-allotted", async () => {
    const offering = await publish({ sharesOffered: 300, maxShares: 300 });
    const members = await Promise.all(Array.from({ length: 8 }, () => member()));
    const results = await Promise.all(members.map((someone) => apply(someone.auth, offering.id, 200)));
    expect(results.map((result) => result.status)).toEqual(Array(8).fill(201));
    app.advance(hourMs);
    expect(
      (await call(`${app.url}/ops/block/offerings/${offering.id}/allot`, "POST", {}, supervisor)).status,
    ).toBe(200);
    const filled = await Promise.all(
      members.map(async (someone) => {
        const list = await call(
          `${app.url}/block/applications?kind=offering`,
          "GET",
          undefined,
          someone.auth,
        );
        return list.body.items[0].sharesFilled as number;
      }),
    );
    // More members than units: three win one unit (100 shares) each.
    expect(filled.reduce((sum, shares) => sum + shares, 0)).toBe(300);
    expect(filled.filter((shares) => shares === 100)).toHaveLength(3);
    expect(await ledgerHealthy()).toBe(true);
    app.advance(-hourMs);
  });

  it("lists the desk's audit trail of what operations did", async () => {
    const offering = await publish();
    const audit = await call(
      `${app.url}/ops/audit?target=block_offering:${offering.id}`,
      "GET",
      undefined,
      supervisor,
    );
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body)).toContain(`block_offering:${offering.id}`);
  });
});
