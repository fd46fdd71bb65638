import { commitmentOf, runDraw } from "@kabuto/shared/ipo/draw";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { balanceOf, readyToWithdraw } from "../funding/funding-fixtures.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember, setMarket } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { IpoService } from "./ipo.service.ts";

/** Monday 30 November 2026, 10:00 in Tokyo: the day before book-building opens. */
const startMs = Date.parse("2026-11-30T01:00:00Z");
const at = (iso: string) => Date.parse(iso);

let app: TestApp;
/** The worker's service over the app's database and clock. */
let worker: IpoService;

beforeAll(async () => {
  app = await startTestApp({}, { startMs });
  await seedDemo(app.database.db, startMs);
  worker = new IpoService({ db: app.database.db, now: app.now, events: () => undefined, bus: app.bus });
});
afterAll(async () => {
  await app?.close();
});

/** Moves the test clock to an instant (never back). */
function clockTo(ms: number) {
  const delta = ms - app.now();
  if (delta < 0) throw new Error("the clock only moves forward");
  app.advance(delta);
}

async function ledgerHealthy(): Promise<boolean> {
  return isHealthy(await app.database.db.transaction((tx) => checkLedger(tx)));
}

/** A supervisor signed in now (a session outlives no week of test clock). */
async function supervisor() {
  return (await signInStaff(app, "supervisor")).auth;
}

/** A verified member with `yen` of available cash. */
async function investor(yen: bigint, verified = true) {
  const member = await registerMember(app.url, app.database);
  if (verified) await readyToWithdraw(app.database, member.memberId);
  if (yen > 0n) await fund(app.database, member.memberId, "JPY", yen);
  return member;
}

const schedule = {
  bookOpenDate: "2026-12-01",
  bookCloseDate: "2026-12-04",
  priceDate: "2026-12-07",
  paymentEndDate: "2026-12-10",
  listingDate: "2026-12-16",
};

function offeringInput(code: string, unitsOffered: number) {
  return {
    code,
    market: "JP",
    name: { ja: "テスト新規", en: "Test Newco", zhHant: "測試新股" },
    sector: "software",
    bandLow: "1200",
    bandHigh: "1400",
    unitsOffered,
    ...schedule,
    lockupDays: 90,
    releaseMultiple: "1.5",
  };
}

function declare(
  auth: Record<string, string>,
  offeringId: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return call(`${app.url}/ipo/offerings/${offeringId}/subscriptions`, "POST", body, { ...auth, ...headers });
}

async function recordOf(auth: Record<string, string>, offeringId: string) {
  const records = await call(`${app.url}/ipo/subscriptions`, "GET", undefined, auth);
  expect(records.status).toBe(200);
  return records.body.items.find((item: { offeringId: string }) => item.offeringId === offeringId);
}

describe("a new share from book-building to the waitlist", () => {
  it("takes declarations, prices, draws where anyone can check, takes payment and releases lapsed units", async () => {
    const ops = await supervisor();
    const created = await call(`${app.url}/ops/ipo/offerings`, "POST", offeringInput("9991", 2), ops);
    expect(created.status).toBe(201);
    const offeringId: string = created.body.offering.id;
    expect(created.body.offering).toMatchObject({ phase: "scheduled", tab: "pending", unitShares: 100 });
    const commitment: string = created.body.offering.commitment;
    expect(commitment).toMatch(/^[0-9a-f]{64}$/);

    // A window that closes on a weekend, and a band upside down, are refused and change nothing.
    const badDates = await call(
      `${app.url}/ops/ipo/offerings`,
      "POST",
      { ...offeringInput("9992", 2), bookCloseDate: "2026-12-05" },
      ops,
    );
    expect(badDates.status).toBe(400);
    expect(badDates.body.error).toMatchObject({
      code: "OFFERING_SCHEDULE_INVALID",
      details: { field: "bookCloseDate" },
    });
    const badBand = await call(
      `${app.url}/ops/ipo/offerings`,
      "POST",
      { ...offeringInput("9992", 2), bandLow: "1500" },
      ops,
    );
    expect(badBand.body.error.code).toBe("OFFERING_BAND_INVALID");
    const taken = await call(`${app.url}/ops/ipo/offerings`, "POST", offeringInput("9991", 2), ops);
    expect(taken.body.error.code).toBe("OFFERING_CODE_EXISTS");

    // Before book-building: editable, and members are told it is not yet time.
    const early = await investor(1_000_000n);
    const tooEarly = await declare(early.auth, offeringId, { price: null, units: 1 });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.error.code).toBe("IPO_NOT_YET_OPEN");
    const edited = await call(
      `${app.url}/ops/ipo/offerings/${offeringId}`,
      "PUT",
      offeringInput("9991", 2),
      ops,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.offering.commitment).toBe(commitment);

    clockTo(at("2026-12-01T01:00:00Z"));
    const notEditable = await call(
      `${app.url}/ops/ipo/offerings/${offeringId}`,
      "PUT",
      offeringInput("9991", 3),
      await supervisor(),
    );
    expect(notEditable.body.error.code).toBe("OFFERING_NOT_EDITABLE");

    // Four members with cash for a unit (¥140,000 at most), one without, one below the price.
    const [a, b, c, d] = await Promise.all([
      investor(1_000_000n),
      investor(1_000_000n),
      investor(1_000_000n),
      investor(1_000_000n),
    ]);
    const poor = await investor(50_000n);
    const low = await investor(1_000_000n);
    const unverified = await investor(1_000_000n, false);
    if (!a || !b || !c || !d) throw new Error("members");

    const first = await declare(
      a.auth,
      offeringId,
      { price: null, units: 2 },
      { "idempotency-key": "ipo-a-1" },
    );
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      state: "declared",
      price: null,
      units: 2,
      unitsWon: 0,
      cancellable: true,
    });
    // No one asks for more than the whole offering.
    const tooMany = await declare(a.auth, offeringId, { price: null, units: 3 });
    expect(tooMany.body.error).toMatchObject({ code: "QUANTITY_INVALID", details: { max: 2 } });
    // A retry with the same key answers the same and declares nothing more.
    const retry = await declare(
      a.auth,
      offeringId,
      { price: null, units: 2 },
      { "idempotency-key": "ipo-a-1" },
    );
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    const second = await declare(a.auth, offeringId, { price: "1300", units: 1 });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("IPO_ALREADY_SUBSCRIBED");

    expect((await declare(b.auth, offeringId, { price: "1400", units: 1.5 })).body.error.code).toBe(
      "UNITS_NOT_WHOLE",
    );
    expect((await declare(b.auth, offeringId, { price: "1400", units: 0 })).body.error.code).toBe(
      "UNITS_NOT_WHOLE",
    );
    const outside = await declare(b.auth, offeringId, { price: "1450", units: 1 });
    expect(outside.status).toBe(400);
    expect(outside.body.error).toMatchObject({
      code: "PRICE_OUTSIDE_BAND",
      details: { low: "1200", high: "1400" },
    });
    expect((await declare(unverified.auth, offeringId, { price: null, units: 1 })).body.error.code).toBe(
      "KYC_REQUIRED",
    );

    const bDeclared = await declare(b.auth, offeringId, { price: "1300", units: 1 });
    expect(bDeclared.status).toBe(201);
    // Changed while the book is open; cancelled and declared again.
    const changed = await call(
      `${app.url}/ipo/subscriptions/${bDeclared.body.id}`,
      "PUT",
      { price: "1400", units: 2 },
      b.auth,
    );
    expect(changed.body).toMatchObject({ price: "1400", units: 2, state: "declared" });
    const cDeclared = await declare(c.auth, offeringId, { price: "1350", units: 1 });
    const cancelled = await call(
      `${app.url}/ipo/subscriptions/${cDeclared.body.id}/cancel`,
      "POST",
      {},
      c.auth,
    );
    expect(cancelled.body.state).toBe("cancelled");
    expect((await declare(c.auth, offeringId, { price: "1400", units: 1 })).status).toBe(201);
    expect((await declare(d.auth, offeringId, { price: null, units: 1 })).status).toBe(201);
    expect((await declare(poor.auth, offeringId, { price: null, units: 1 })).status).toBe(201);
    expect((await declare(low.auth, offeringId, { price: "1200", units: 1 })).status).toBe(201);

    // Nothing is held during book-building; the odds are live.
    expect(await balanceOf(app.database, a.memberId, "held", "JPY")).toBe(0n);
    const live = await call(`${app.url}/ipo/offerings/${offeringId}`, "GET", undefined, a.auth);
    expect(live.body.offering).toMatchObject({ phase: "book", unitsAsked: 8, members: 6, demandRatio: 4 });
    expect(live.body.subscription).toMatchObject({ units: 2 });
    expect(live.body.draw).toBeNull();
    expect(await ledgerHealthy()).toBe(true);

    // The price waits for the book to close.
    const soon = await call(
      `${app.url}/ops/ipo/offerings/${offeringId}/price`,
      "POST",
      { price: "1350" },
      await supervisor(),
    );
    expect(soon.body.error.code).toBe("OFFERING_STAGE_INVALID");

    clockTo(at("2026-12-04T02:00:00Z"));
    const closed = await declare(low.auth, offeringId, { price: null, units: 1 });
    expect(closed.status).toBe(409);
    expect(closed.body.error.code).toBe("IPO_CHANNEL_CLOSED");
    expect(await recordOf(b.auth, offeringId)).toMatchObject({ state: "declared", cancellable: false });
    const lateCancel = await call(
      `${app.url}/ipo/subscriptions/${bDeclared.body.id}/cancel`,
      "POST",
      {},
      b.auth,
    );
    expect(lateCancel.body.error.code).toBe("IPO_CHANNEL_CLOSED");
    const noDraw = await call(
      `${app.url}/ops/ipo/offerings/${offeringId}/draw`,
      "POST",
      {},
      await supervisor(),
    );
    expect(noDraw.body.error.code).toBe("OFFERING_STAGE_INVALID");

    clockTo(at("2026-12-07T01:00:00Z"));
    expect(
      (
        await call(
          `${app.url}/ops/ipo/offerings/${offeringId}/price`,
          "POST",
          { price: "1500" },
          await supervisor(),
        )
      ).body.error.code,
    ).toBe("PRICE_OUTSIDE_BAND");
    const priced = await call(
      `${app.url}/ops/ipo/offerings/${offeringId}/price`,
      "POST",
      { price: "1350" },
      await supervisor(),
    );
    expect(priced.status).toBe(200);
    expect(priced.body.offering).toMatchObject({ phase: "priced", offerPrice: "1350" });
    // The declaration below the price is told so at once.
    expect(await recordOf(low.auth, offeringId)).toMatchObject({
      state: "excluded",
      exclusion: "below_price",
    });

    const drawn = await call(
      `${app.url}/ops/ipo/offerings/${offeringId}/draw`,
      "POST",
      {},
      await supervisor(),
    );
    expect(drawn.status).toBe(200);
    expect(drawn.body.offering.phase).toBe("payment");
    expect(await recordOf(poor.auth, offeringId)).toMatchObject({
      state: "excluded",
      exclusion: "insufficient_cash",
    });
    const again = await call(
      `${app.url}/ops/ipo/offerings/${offeringId}/draw`,
      "POST",
      {},
      await supervisor(),
    );
    expect(again.body.error.code).toBe("OFFERING_STAGE_INVALID");

    // The published draw: the seed matches the commitment, and re-running it gives the result.
    const detail = await call(`${app.url}/ipo/offerings/${offeringId}`, "GET", undefined, a.auth);
    const draw = detail.body.draw;
    expect(commitmentOf(draw.seed)).toBe(commitment);
    expect(draw.entries).toHaveLength(4);
    const rerun = runDraw(draw.seed, draw.entries, { unitsOffered: draw.unitsOffered });
    expect(Object.fromEntries(rerun.won)).toEqual(
      Object.fromEntries(draw.won.map((w: { hash: string; units: number }) => [w.hash, w.units])),
    );
    expect(rerun.waitlist).toEqual(draw.waitlist);
    // Each member finds their own entry by the hash their record shows.
    const members = [a, b, c, d];
    const records = await Promise.all(members.map((m) => recordOf(m.auth, offeringId)));
    for (const record of records) {
      expect(draw.entries.map((e: { hash: string }) => e.hash)).toContain(record.entryHash);
    }
    // Four members for two units: two win one unit each whatever they asked; two wait in order.
    const winners = members.filter((_, i) => records[i].state === "won");
    const waiting = members.filter((_, i) => records[i].state === "waitlisted");
    expect(winners).toHaveLength(2);
    expect(waiting).toHaveLength(2);
    for (const record of records.filter((r) => r.state === "won")) {
      expect(record).toMatchObject({ unitsWon: 1, amountDue: "135000", payByMs: at("2026-12-10T06:00:00Z") });
    }
    const [payer, lapser] = winners;
    const [nextInLine] = members.filter((_, i) => records[i].waitlistPlace === 1);
    if (!payer || !lapser || !nextInLine) throw new Error("draw outcome");

    // Payment holds the cost; a retry holds nothing more.
    const payerRecord = await recordOf(payer.auth, offeringId);
    const paid = await call(
      `${app.url}/ipo/subscriptions/${payerRecord.id}/pay`,
      "POST",
      {},
      { ...payer.auth, "idempotency-key": "pay-1" },
    );
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ state: "paid", amountPaid: "135000" });
    const paidAgain = await call(
      `${app.url}/ipo/subscriptions/${payerRecord.id}/pay`,
      "POST",
      {},
      { ...payer.auth, "idempotency-key": "pay-1" },
    );
    expect(paidAgain.body).toEqual(paid.body);
    expect(await balanceOf(app.database, payer.memberId, "held", "JPY")).toBe(135_000n);
    expect(await balanceOf(app.database, payer.memberId, "available", "JPY")).toBe(865_000n);
    const twice = await call(`${app.url}/ipo/subscriptions/${payerRecord.id}/pay`, "POST", {}, payer.auth);
    expect(twice.body.error.code).toBe("SUBSCRIPTION_STATE_INVALID");
    const waitingRecord = await recordOf(nextInLine.auth, offeringId);
    const notWon = await call(
      `${app.url}/ipo/subscriptions/${waitingRecord.id}/pay`,
      "POST",
      {},
      nextInLine.auth,
    );
    expect(notWon.status).toBe(409);
    expect(notWon.body.error.code).toBe("SUBSCRIPTION_STATE_INVALID");
    const fundRecords = await call(`${app.url}/ledger?type=trade`, "GET", undefined, payer.auth);
    expect(fundRecords.body.items[0]).toMatchObject({ kind: "ipo_payment" });
    expect(await ledgerHealthy()).toBe(true);

    // Nothing happens before the deadline; at it, the unpaid win lapses to the waitlist's first.
    expect(await worker.advance()).toBe(0);
    clockTo(at("2026-12-10T06:00:00Z"));
    const lapserRecord = await recordOf(lapser.auth, offeringId);
    const tooLate = await call(
      `${app.url}/ipo/subscriptions/${lapserRecord.id}/pay`,
      "POST",
      {},
      lapser.auth,
    );
    expect(tooLate.body.error.code).toBe("SUBSCRIPTION_STATE_INVALID");
    expect(await worker.advance()).toBe(1);
    expect(await worker.advance()).toBe(0);
    expect(await recordOf(lapser.auth, offeringId)).toMatchObject({ state: "lapsed" });
    const promoted = await recordOf(nextInLine.auth, offeringId);
    expect(promoted).toMatchObject({ state: "won", unitsWon: 1, payByMs: at("2026-12-11T06:00:00Z") });
    const [other] = waiting.filter((m) => m !== nextInLine);
    if (!other) throw new Error("second in line");
    expect(await recordOf(other.auth, offeringId)).toMatchObject({ state: "lost" });
    const promotedPaid = await call(
      `${app.url}/ipo/subscriptions/${promoted.id}/pay`,
      "POST",
      {},
      nextInLine.auth,
    );
    expect(promotedPaid.body.state).toBe("paid");
    expect(await ledgerHealthy()).toBe(true);

    // Listing day: unpaid wins are gone, paid winners hold the shares at the offer price.
    clockTo(at("2026-12-15T15:00:00Z"));
    expect(await worker.advance()).toBe(1);
    expect(await ledgerHealthy()).toBe(true);
    const listings = await worker.listings();
    expect(listings.map((l) => l.symbol)).toContain("JP:9991");
    // Every process's catalog learns the new name, as the server does for each one.
    for (const listing of listings) app.catalog.addListing(listing);
    expect(app.catalog.isKnown("JP:9991")).toBe(true);
    const allotted = await recordOf(payer.auth, offeringId);
    expect(allotted).toMatchObject({ state: "allotted" });
    expect(await balanceOf(app.database, payer.memberId, "held", "JPY")).toBe(0n);
    expect(await balanceOf(app.database, payer.memberId, "margin", "JPY")).toBe(135_000n);
    const positions = await call(`${app.url}/positions?status=holding`, "GET", undefined, payer.auth);
    const position = positions.body.items.find((p: { id: string }) => p.id === allotted.positionId);
    const lockEnds = at("2027-03-15T15:00:00Z");
    expect(position).toMatchObject({
      symbol: "JP:9991",
      side: "long",
      quantity: 100,
      leverage: 1,
      openPrice: "1350",
      openFee: "0",
      margin: "135000",
      lockedUntilMs: lockEnds,
    });
    const allotmentRecords = await call(`${app.url}/ledger?type=trade`, "GET", undefined, payer.auth);
    expect(allotmentRecords.body.items[0]).toMatchObject({ kind: "ipo_allotment" });
    expect((await recordOf(nextInLine.auth, offeringId)).state).toBe("allotted");
    expect((await recordOf(lapser.auth, offeringId)).state).toBe("lapsed");

    // Locked up: a close is refused until the unlock date, then it sells like any position.
    setMarket(app.bus, "JP:9991", [["1600", 10_000]], [["1601", 10_000]]);
    const refused = await call(`${app.url}/positions/${position.id}/close`, "POST", {}, payer.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "POSITION_LOCKED", details: { untilMs: lockEnds } });
    expect(await ledgerHealthy()).toBe(true);
    clockTo(lockEnds);
    setMarket(app.bus, "JP:9991", [["1600", 10_000]], [["1601", 10_000]]);
    // Three months on the member's session has ended; the API's own service closes for them.
    const sold = await app.trading.closePosition(payer.memberId, position.id);
    if (sold.replayed) throw new Error("not a retry");
    expect(sold.value).toMatchObject({ status: "closed", closePrice: "1600", realized: expect.any(String) });
    expect(await ledgerHealthy()).toBe(true);
  });

  it("gives everyone what they asked when the offering covers it, and refuses a payment the cash cannot cover", async () => {
    clockTo(Math.max(app.now(), at("2027-04-01T01:00:00Z")));
    const input = {
      ...offeringInput("9993", 10),
      bookOpenDate: "2027-04-05",
      bookCloseDate: "2027-04-06",
      priceDate: "2027-04-07",
      paymentEndDate: "2027-04-08",
      listingDate: "2027-04-14",
    };
    const created = await call(`${app.url}/ops/ipo/offerings`, "POST", input, await supervisor());
    expect(created.status).toBe(201);
    const id = created.body.offering.id;
    clockTo(at("2027-04-05T01:00:00Z"));
    const short = await investor(200_000n);
    expect((await declare(short.auth, id, { price: null, units: 3 })).status).toBe(201);
    clockTo(at("2027-04-07T01:00:00Z"));
    await call(`${app.url}/ops/ipo/offerings/${id}/price`, "POST", { price: "1200" }, await supervisor());
    await call(`${app.url}/ops/ipo/offerings/${id}/draw`, "POST", {}, await supervisor());
    const record = await recordOf(short.auth, id);
    expect(record).toMatchObject({ state: "won", unitsWon: 3, amountDue: "360000" });
    const refused = await call(`${app.url}/ipo/subscriptions/${record.id}/pay`, "POST", {}, short.auth);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      details: { available: "200000" },
    });
    expect(await balanceOf(app.database, short.memberId, "held", "JPY")).toBe(0n);
    expect((await recordOf(short.auth, id)).state).toBe("won");
    expect(await ledgerHealthy()).toBe(true);
  });

  it("ends a lock-up early once the price reaches its release multiple, and keeps the published draw as it was", async () => {
    clockTo(Math.max(app.now(), at("2027-06-01T01:00:00Z")));
    const input = {
      ...offeringInput("9994", 10),
      bookOpenDate: "2027-06-07",
      bookCloseDate: "2027-06-08",
      priceDate: "2027-06-09",
      paymentEndDate: "2027-06-10",
      listingDate: "2027-06-16",
      lockupDays: 180,
      releaseMultiple: "1.5",
    };
    const created = await call(`${app.url}/ops/ipo/offerings`, "POST", input, await supervisor());
    const id = created.body.offering.id;
    clockTo(at("2027-06-07T01:00:00Z"));
    const holder = await investor(1_000_000n);
    expect((await declare(holder.auth, id, { price: "1400", units: 1 })).status).toBe(201);
    clockTo(at("2027-06-09T02:00:00Z"));
    await call(`${app.url}/ops/ipo/offerings/${id}/price`, "POST", { price: "1300" }, await supervisor());
    await call(`${app.url}/ops/ipo/offerings/${id}/draw`, "POST", {}, await supervisor());
    const won = await recordOf(holder.auth, id);
    expect((await call(`${app.url}/ipo/subscriptions/${won.id}/pay`, "POST", {}, holder.auth)).status).toBe(
      200,
    );
    clockTo(at("2027-06-15T16:00:00Z"));
    await worker.advance();
    for (const listing of await worker.listings()) app.catalog.addListing(listing);
    const positionId = (await recordOf(holder.auth, id)).positionId;
    const refusedClose = () => call(`${app.url}/positions/${positionId}/close`, "POST", {}, holder.auth);

    // 1,949 is under 1.5 × 1,300 = 1,950: still locked.
    setMarket(app.bus, "JP:9994", [["1949", 10_000]], [["1950", 10_000]]);
    await worker.advance();
    expect((await refusedClose()).body.error.code).toBe("POSITION_LOCKED");
    setMarket(app.bus, "JP:9994", [["1950", 10_000]], [["1951", 10_000]]);
    await worker.advance();
    const sold = await call(`${app.url}/positions/${positionId}/close`, "POST", {}, holder.auth);
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ status: "closed", closePrice: "1950" });
    expect(await ledgerHealthy()).toBe(true);

    // The published draw is append-only: the app role cannot rewrite it.
    await expect(app.database.db.execute(sql`update ipo_draws set seed = 'x'`)).rejects.toThrow();
  });
});
