import { mirrorQuantity } from "@kabuto/shared/follow/mirror";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { rowsOf } from "../db/rows.ts";
import { balanceOf, readyToWithdraw } from "../funding/funding-fixtures.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember, setMarket } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { testConfig } from "../testing/test-env.ts";
import { FollowService, parseFollowTerms } from "./follow.service.ts";

let app: TestApp;
let reviewer: Record<string, string>;
let supervisor: Record<string, string>;
/** The worker's follow service, over the app's database, trading service and clock. */
let worker: FollowService;
/** A second worker, as a second process would run one. */
let otherWorker: FollowService;

const toyota = "JP:7203";

beforeAll(async () => {
  // The block desk open at any hour, for the check that a mirror cannot be sold off the book.
  app = await startTestApp({ BLOCK_HOURS: "always" });
  await seedDemo(app.database.db, Date.now());
  const make = () =>
    new FollowService({
      db: app.database.db,
      trading: app.trading,
      now: app.now,
      events: () => undefined,
      terms: parseFollowTerms(testConfig()),
    });
  worker = make();
  otherWorker = make();
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  reviewer = (await signInStaff(app, "reviewer")).auth;
  supervisor = (await signInStaff(app, "supervisor")).auth;
  price("2650");
});

/** A deep book around `bid`: one yen wide, enough for any order here. */
function price(bid: string): void {
  const ask = String(Number(bid) + 1);
  setMarket(app.bus, toyota, [[bid, 1_000_000]], [[ask, 1_000_000]]);
}

async function ledgerHealthy(): Promise<boolean> {
  return isHealthy(await app.database.db.transaction((tx) => checkLedger(tx)));
}

function trade(auth: Record<string, string>, quantity: number, leverage = 1) {
  return call(
    `${app.url}/orders`,
    "POST",
    { symbol: toyota, side: "long", type: "market", quantity, leverage },
    auth,
  );
}

async function close(auth: Record<string, string>, positionId: string) {
  const closed = await call(`${app.url}/positions/${positionId}/close`, "POST", {}, auth);
  expect(closed.status).toBe(200);
}

/** A verified member with ten million yen and three closed trades, approved as a lead. */
async function approvedLead(nickname: string) {
  const lead = await registerMember(app.url, app.database);
  await readyToWithdraw(app.database, lead.memberId);
  await fund(app.database, lead.memberId, "JPY", 10_000_000n);
  const apply = () =>
    call(
      `${app.url}/follow/lead`,
      "POST",
      { nickname, avatar: "owl", bio: "Patient swing trades", currency: "JPY" },
      lead.auth,
    );
  const early = await apply();
  expect(early.status).toBe(409);
  expect(early.body.error?.code).toBe("LEAD_HISTORY_TOO_SHORT");
  for (let n = 0; n < 3; n += 1) {
    const opened = await trade(lead.auth, 100);
    await close(lead.auth, opened.body.positionId);
  }
  const applied = await apply();
  expect(applied.status).toBe(201);
  expect(applied.body).toMatchObject({ status: "pending", nickname });
  const approved = await call(
    `${app.url}/ops/follow/leads/${lead.memberId}/review`,
    "POST",
    { decision: "approve" },
    reviewer,
  );
  expect(approved.status).toBe(200);
  expect(approved.body).toMatchObject({ status: "approved", trades: 3 });
  return lead;
}

async function follower(cash = 2_000_000n) {
  const member = await registerMember(app.url, app.database);
  await fund(app.database, member.memberId, "JPY", cash);
  return member;
}

function copy(
  auth: Record<string, string>,
  leadId: string,
  amount: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return call(
    `${app.url}/follow/copies`,
    "POST",
    { leadId, amount, periodDays: 30, stopLossPct: 40, riskAccepted: true, ...extra },
    { ...auth, ...headers },
  );
}

async function copiesOf(auth: Record<string, string>) {
  const listed = await call(`${app.url}/follow/copies`, "GET", undefined, auth);
  expect(listed.status).toBe(200);
  return listed.body.items;
}

async function mirrorsOf(memberId: string) {
  return rowsOf(
    await app.database.db.execute(sql`
      select x.quantity, x.status, x.follower_position_id from mirrors x join copies c on c.id = x.copy_id
      where c.follower_id = ${memberId} order by x.lead_position_id`),
  );
}

describe("lead traders", () => {
  it("apply with a record, are approved, and show a public profile without their name or balances", async () => {
    const lead = await approvedLead("Patient Owl");
    const board = await call(`${app.url}/follow/leads`, "GET", undefined, lead.auth);
    const card = board.body.items.find((item: { id: string }) => item.id === lead.memberId);
    expect(card).toMatchObject({ nickname: "Patient Owl", avatar: "owl", trades: 3, copiers: 0 });
    // Three round trips, each losing the spread and fees: a small negative month, no deposits counted.
    expect(card.returns.m1).toBeLessThan(0);
    expect(card.returns.m1).toBeGreaterThan(-0.01);
    expect(card.winShare).toBe(0);
    const text = JSON.stringify(card);
    expect(text).not.toContain("山田");
    expect(text).not.toContain("10000000");
    const detail = await call(`${app.url}/follow/leads/${lead.memberId}`, "GET", undefined, lead.auth);
    expect(detail.status).toBe(200);
    expect(detail.body.terms).toMatchObject({ minimum: "30000", periods: [7, 30, 90], stopDefaultPct: 40 });
    expect(detail.body.curve.length).toBeGreaterThan(1);
    const audit = await call(
      `${app.url}/ops/audit?target=member:${lead.memberId}`,
      "GET",
      undefined,
      supervisor,
    );
    expect(audit.body.items.map((row: { action: string }) => row.action)).toContain("lead.approve");
  });

  it("answer the spec's 'lead trader does not exist' for an unknown or unapproved lead", async () => {
    const member = await follower();
    for (const id of ["00000000-0000-4000-8000-000000000000", "nobody", member.memberId]) {
      const refused = await copy(member.auth, id, "100000");
      expect(refused.status).toBe(404);
      expect(refused.body.error?.code).toBe("LEAD_TRADER_NOT_FOUND");
    }
  });
});

describe("copying", () => {
  it("moves the amount into a copy once, mirrors the lead's trade proportionally, once, and returns the money at the stop with the profit share", async () => {
    const lead = await approvedLead("Steady Crane");
    const fan = await follower();
    const checks = [
      [{ amount: "1000" }, "COPY_AMOUNT_OUT_OF_RANGE"],
      [{ periodDays: 12 }, "FOLLOW_PERIOD_INVALID"],
      [{ stopLossPct: 99 }, "COPY_STOP_INVALID"],
      [{ riskAccepted: false }, "RISK_NOT_ACCEPTED"],
    ] as const;
    for (const [extra, code] of checks) {
      const refused = await copy(fan.auth, lead.memberId, "1000000", extra);
      expect(refused.body.error?.code).toBe(code);
    }
    const key = { "Idempotency-Key": "copy-crane-1" };
    const started = await copy(fan.auth, lead.memberId, "1000000", {}, key);
    expect(started.status).toBe(201);
    const retried = await copy(fan.auth, lead.memberId, "1000000", {}, key);
    expect(retried.body).toEqual(started.body);
    expect(await balanceOf(app.database, fan.memberId, "available", "JPY")).toBe(1_000_000n);
    expect(await balanceOf(app.database, fan.memberId, "copy", "JPY")).toBe(1_000_000n);
    expect(started.body).toMatchObject({
      status: "active",
      invested: "1000000",
      floor: "600000",
      nickname: "Steady Crane",
    });
    expect(await ledgerHealthy()).toBe(true);
    const again = await copy(fan.auth, lead.memberId, "1000000");
    expect(again.body.error?.code).toBe("ALREADY_COPYING");

    // The lead's equity before they trade: what the mirror is proportional to.
    const leadAccount = await call(`${app.url}/account`, "GET", undefined, lead.auth);
    const jpy = leadAccount.body.balances.find((b: { currency: string }) => b.currency === "JPY");
    const leadEquity = BigInt(jpy.available) + BigInt(jpy.held) + BigInt(jpy.margin);
    const opened = await trade(lead.auth, 3_000, 2);
    expect(opened.status).toBe(201);
    // Two workers at once: the mirrors table's key lets only one of them open it.
    const [a, b] = await Promise.all([worker.mirrorPass(), otherWorker.mirrorPass()]);
    expect(a.mirrored + b.mirrored).toBe(1);
    expect((await worker.mirrorPass()).mirrored).toBe(0);
    const expected = mirrorQuantity({ leadQuantity: 3_000, leadEquity, copyEquity: 1_000_000n, unit: 100 });
    expect(expected).toBe(300);
    const [mirror] = await mirrorsOf(fan.memberId);
    expect(mirror).toMatchObject({ status: "open" });
    expect(Number(mirror?.quantity)).toBe(expected);
    const mirrored = await call(`${app.url}/follow/positions?status=holding`, "GET", undefined, fan.auth);
    expect(mirrored.body.items).toHaveLength(1);
    expect(mirrored.body.items[0]).toMatchObject({
      symbol: toyota,
      quantity: 300,
      leverage: 2,
      leadNickname: "Steady Crane",
    });
    // The copy paid for it: margin and fee left the copy account, the member's own cash is untouched.
    expect(await balanceOf(app.database, fan.memberId, "available", "JPY")).toBe(1_000_000n);
    expect(await balanceOf(app.database, fan.memberId, "copy", "JPY")).toBeLessThan(1_000_000n);
    expect(await ledgerHealthy()).toBe(true);
    // The member closes a mirror through its copy, never as a position of their own.
    const own = await call(`${app.url}/positions/${mirrored.body.items[0].id}/close`, "POST", {}, fan.auth);
    expect(own.status).toBe(409);
    expect(own.body.error?.code).toBe("POSITION_MIRRORED");
    // Nor off the book: a block sell bid's held fee would come back into the copy's cash.
    await app.database.db.execute(
      sql`update members set verification = 'verified' where id = ${fan.memberId}`,
    );
    const opened2 = await call(
      `${app.url}/ops/block/instruments`,
      "POST",
      { symbol: toyota, minShares: 100, maxShares: 10_000 },
      supervisor,
    );
    expect(opened2.status).toBe(200);
    const sellBid = await call(
      `${app.url}/block/bids`,
      "POST",
      { symbol: toyota, shares: 300, price: "2650", side: "sell", positionId: mirrored.body.items[0].id },
      fan.auth,
    );
    expect([sellBid.status, sellBid.body.error?.code]).toEqual([409, "POSITION_MIRRORED"]);
    expect(await balanceOf(app.database, fan.memberId, "held", "JPY")).toBe(0n);

    // The price rises 150 yen and the lead takes the profit: the mirror closes with it.
    price("2800");
    await close(lead.auth, opened.body.positionId);
    expect((await worker.mirrorPass()).closed).toBe(1);
    const [closedMirror] = await mirrorsOf(fan.memberId);
    expect(closedMirror?.status).toBe("closed");
    const [running] = await copiesOf(fan.auth);
    const profit = BigInt(running.profit);
    // 300 shares × about 149 yen, less fees and tax.
    expect(profit).toBeGreaterThan(40_000n);
    expect(profit).toBeLessThan(45_000n);
    expect(await ledgerHealthy()).toBe(true);

    const leadCashBefore = await balanceOf(app.database, lead.memberId, "available", "JPY");
    const stopped = await call(`${app.url}/follow/copies/${running.id}/stop`, "POST", {}, fan.auth);
    expect(stopped.status).toBe(200);
    const share = profit / 10n;
    expect(stopped.body).toMatchObject({
      status: "stopped",
      stopReason: "member",
      profitSharePaid: String(share),
    });
    expect(await balanceOf(app.database, fan.memberId, "copy", "JPY")).toBe(0n);
    expect(await balanceOf(app.database, fan.memberId, "available", "JPY")).toBe(2_000_000n + profit - share);
    expect(await balanceOf(app.database, lead.memberId, "available", "JPY")).toBe(leadCashBefore + share);
    // Both sides see the share in their fund records, in their own words.
    const fanRecords = await call(`${app.url}/ledger`, "GET", undefined, fan.auth);
    expect(
      fanRecords.body.items.map((r: { memoParams: { action?: string } }) => r.memoParams?.action),
    ).toContain("share_paid");
    const leadRecords = await call(`${app.url}/ledger`, "GET", undefined, lead.auth);
    expect(leadRecords.body.items[0]).toMatchObject({ kind: "profit_share", memoCode: "copy" });
    expect(await ledgerHealthy()).toBe(true);
    // A stopped copy mirrors nothing more.
    const later = await trade(lead.auth, 1_000);
    expect(later.status).toBe(201);
    expect((await worker.mirrorPass()).mirrored).toBe(0);
    await close(lead.auth, later.body.positionId);
    await worker.mirrorPass();
  });

  it("skips a trade too small to mirror, and records it as skipped", async () => {
    const lead = await approvedLead("Small Koi");
    const fan = await follower();
    await copy(fan.auth, lead.memberId, "30000");
    const opened = await trade(lead.auth, 100);
    const pass = await worker.mirrorPass();
    expect(pass.skipped).toBeGreaterThanOrEqual(1);
    const [mirror] = await mirrorsOf(fan.memberId);
    expect(mirror).toMatchObject({ status: "skipped", follower_position_id: null });
    const [listed] = await copiesOf(fan.auth);
    expect(listed).toMatchObject({ skippedMirrors: 1, openMirrors: 0 });
    await close(lead.auth, opened.body.positionId);
    await worker.mirrorPass();
    expect(await ledgerHealthy()).toBe(true);
  });

  it("stops at the copy stop-loss floor, closing every mirror and returning what is left", async () => {
    const lead = await approvedLead("Bold Tiger");
    const fan = await follower();
    const started = await copy(fan.auth, lead.memberId, "1000000", { stopLossPct: 5 });
    expect(started.body.floor).toBe("950000");
    const opened = await trade(lead.auth, 5_000, 3);
    expect(opened.status).toBe(201);
    expect((await worker.mirrorPass()).mirrored).toBe(1);
    // Down about 100 yen on 500 shares is a 50,000 yen loss: past the 5% floor.
    price("2550");
    const pass = await worker.mirrorPass();
    expect(pass.stopped).toBe(1);
    const [stopped] = await copiesOf(fan.auth);
    expect(stopped).toMatchObject({
      status: "stopped",
      stopReason: "stop_loss",
      openMirrors: 0,
      profitSharePaid: "0",
    });
    expect(await balanceOf(app.database, fan.memberId, "copy", "JPY")).toBe(0n);
    const back = await balanceOf(app.database, fan.memberId, "available", "JPY");
    expect(back).toBeLessThan(1_950_000n);
    expect(back).toBeGreaterThan(1_900_000n);
    expect(await ledgerHealthy()).toBe(true);
    await close(lead.auth, opened.body.positionId);
  });

  it("adds and takes out money, then answers 'time limit exceeded' when the period ends, and the worker stops it", async () => {
    const lead = await approvedLead("Calm Bear");
    const fan = await follower();
    const started = await copy(fan.auth, lead.memberId, "100000", { periodDays: 7 });
    const funds = (body: unknown) =>
      call(`${app.url}/follow/copies/${started.body.id}/funds`, "POST", body, fan.auth);
    expect((await funds({ direction: "add", amount: "50000" })).body.invested).toBe("150000");
    expect((await funds({ direction: "remove", amount: "130000" })).body.error?.code).toBe(
      "COPY_FUNDS_INSUFFICIENT",
    );
    expect((await funds({ direction: "remove", amount: "20000" })).body.invested).toBe("130000");
    expect(await balanceOf(app.database, fan.memberId, "copy", "JPY")).toBe(130_000n);
    expect(await ledgerHealthy()).toBe(true);
    app.advance(8 * 86_400_000);
    const late = await funds({ direction: "add", amount: "1000" });
    expect(late.status).toBe(409);
    expect(late.body.error?.code).toBe("FOLLOW_TIME_LIMIT_EXCEEDED");
    expect((await worker.mirrorPass()).stopped).toBeGreaterThanOrEqual(1);
    const [ended] = await copiesOf(fan.auth);
    expect(ended).toMatchObject({ status: "stopped", stopReason: "time_limit", profit: "0" });
    expect(await balanceOf(app.database, fan.memberId, "available", "JPY")).toBe(2_000_000n);
    expect(await ledgerHealthy()).toBe(true);
  });

  it("stops the copies of a suspended lead and hides them", async () => {
    const lead = await approvedLead("Gone Hawk");
    const fan = await follower();
    await copy(fan.auth, lead.memberId, "100000");
    const suspended = await call(
      `${app.url}/ops/follow/leads/${lead.memberId}/suspend`,
      "POST",
      { reason: "misleading bio" },
      supervisor,
    );
    expect(suspended.status).toBe(200);
    const copies = await call(
      `${app.url}/ops/follow/leads/${lead.memberId}/copies`,
      "GET",
      undefined,
      reviewer,
    );
    expect(copies.body.items).toHaveLength(1);
    await worker.mirrorPass();
    const [ended] = await copiesOf(fan.auth);
    expect(ended).toMatchObject({ status: "stopped", stopReason: "lead_suspended" });
    const page = await call(`${app.url}/follow/leads/${lead.memberId}`, "GET", undefined, fan.auth);
    expect(page.body.error?.code).toBe("LEAD_TRADER_NOT_FOUND");
    expect(await ledgerHealthy()).toBe(true);
  });

  it("checks every running copy each pass, a page at a time, with one read of the books: copies past the first page stop too", async () => {
    const lead = await approvedLead("Paged Owl");
    const fans = [];
    for (let n = 0; n < 5; n += 1) {
      const fan = await follower();
      expect((await copy(fan.auth, lead.memberId, "100000")).status).toBe(201);
      fans.push(fan);
    }
    const suspended = await call(
      `${app.url}/ops/follow/leads/${lead.memberId}/suspend`,
      "POST",
      { reason: "paged" },
      supervisor,
    );
    expect(suspended.status).toBe(200);
    const reading = Object.create(app.trading) as typeof app.trading;
    let bookReads = 0;
    reading.books = (...args: Parameters<typeof app.trading.books>) => {
      bookReads += 1;
      return app.trading.books(...args);
    };
    const paged = new FollowService({
      db: app.database.db,
      trading: reading,
      now: app.now,
      events: () => undefined,
      terms: { ...parseFollowTerms(testConfig()), copiesPage: 2 },
    });
    expect(await paged.checkStops()).toBeGreaterThanOrEqual(fans.length);
    expect(bookReads).toBe(1);
    for (const fan of fans) {
      const [ended] = await copiesOf(fan.auth);
      expect(ended).toMatchObject({ status: "stopped", stopReason: "lead_suspended" });
    }
    expect(await ledgerHealthy()).toBe(true);
  });

  it("mirrors one lead's trade into many copies exactly once with two workers racing", async () => {
    const lead = await approvedLead("Busy Hawk");
    const fans = [];
    for (let n = 0; n < 24; n += 1) {
      const fan = await follower();
      expect((await copy(fan.auth, lead.memberId, "1000000")).status).toBe(201);
      fans.push(fan);
    }
    const opened = await trade(lead.auth, 2_000);
    expect(opened.status).toBe(201);
    // Each worker passes until it finds nothing: a copy the other holds is left for a later pass.
    const drain = async (worker: FollowService) => {
      for (let pass = 0; pass < 10; pass += 1) {
        const done = await worker.mirrorPass();
        if (done.mirrored + done.skipped + done.closed === 0) break;
      }
    };
    await Promise.all([drain(worker), drain(otherWorker)]);
    await drain(worker);
    for (const fan of fans) {
      const mirrors = await mirrorsOf(fan.memberId);
      expect(mirrors).toHaveLength(1);
      expect(mirrors[0]?.status).toBe("open");
      expect(Number(mirrors[0]?.quantity)).toBe(200);
    }
    expect(await ledgerHealthy()).toBe(true);
    await close(lead.auth, opened.body.positionId);
    await Promise.all([drain(worker), drain(otherWorker)]);
    await drain(worker);
    for (const fan of fans) expect((await mirrorsOf(fan.memberId))[0]?.status).toBe("closed");
    expect(await ledgerHealthy()).toBe(true);
  });

  it("closes a single mirror through its copy, so the proceeds return to the copy", async () => {
    const lead = await approvedLead("Quick Koi");
    const fan = await follower();
    const started = await copy(fan.auth, lead.memberId, "1000000");
    const opened = await trade(lead.auth, 1_000);
    expect((await worker.mirrorPass()).mirrored).toBe(1);
    const [mirror] = await mirrorsOf(fan.memberId);
    const closed = await call(
      `${app.url}/follow/copies/${started.body.id}/mirrors/${mirror?.follower_position_id}/close`,
      "POST",
      {},
      fan.auth,
    );
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: "active", openMirrors: 0 });
    // The round trip cost the spread and two fees; everything else is back in the copy.
    const cash = await balanceOf(app.database, fan.memberId, "copy", "JPY");
    expect(cash).toBeLessThan(1_000_000n);
    expect(cash).toBeGreaterThan(999_000n);
    expect(await balanceOf(app.database, fan.memberId, "available", "JPY")).toBe(1_000_000n);
    // The lead's close later finds nothing left to close.
    await close(lead.auth, opened.body.positionId);
    expect((await worker.mirrorPass()).closed).toBe(0);
    expect(await ledgerHealthy()).toBe(true);
  });

  it("pays the lead's share monthly on realised profit above the high-water mark, and not again at the stop", async () => {
    const lead = await approvedLead("Monthly Crane");
    const fan = await follower();
    const started = await copy(fan.auth, lead.memberId, "1000000", { periodDays: 90 });
    const opened = await trade(lead.auth, 3_000);
    expect((await worker.mirrorPass()).mirrored).toBe(1);
    price("2800");
    await close(lead.auth, opened.body.positionId);
    expect((await worker.mirrorPass()).closed).toBe(1);
    // Within the month the copy started in, nothing is settled.
    expect(await worker.settleMonthly()).toBe(0);
    const [before] = await copiesOf(fan.auth);
    const profit = BigInt(before.profit);
    expect(profit).toBeGreaterThan(0n);
    const leadCash = await balanceOf(app.database, lead.memberId, "available", "JPY");
    app.advance(32 * 86_400_000);
    expect(await worker.settleMonthly()).toBe(1);
    // Once a month: a second run the same month pays nothing.
    expect(await worker.settleMonthly()).toBe(0);
    expect(await balanceOf(app.database, lead.memberId, "available", "JPY")).toBe(leadCash + profit / 10n);
    expect(await ledgerHealthy()).toBe(true);
    // A month on, the member's session has lapsed: the stop goes through the service itself.
    const stopped = await worker.stopCopy(fan.memberId, started.body.id);
    expect(stopped.replayed ? undefined : stopped.value).toMatchObject({
      status: "stopped",
      profitSharePaid: String(profit / 10n),
    });
    expect(await balanceOf(app.database, lead.memberId, "available", "JPY")).toBe(leadCash + profit / 10n);
    expect(await ledgerHealthy()).toBe(true);
  });

  it("copies the lead's open trades at today's price when asked, and leaves out what they closed before", async () => {
    const lead = await approvedLead("Open Bear");
    const held = await trade(lead.auth, 1_000);
    const fan = await follower();
    const other = await follower();
    await copy(fan.auth, lead.memberId, "1000000", { copyOpen: true });
    await copy(other.auth, lead.memberId, "1000000");
    await worker.mirrorPass();
    // The lead's three closed round trips before the copy are not recorded at all.
    const mirrors = await mirrorsOf(fan.memberId);
    expect(mirrors).toHaveLength(1);
    expect(mirrors[0]).toMatchObject({ status: "open" });
    expect(await mirrorsOf(other.memberId)).toHaveLength(0);
    await close(lead.auth, held.body.positionId);
    expect((await worker.mirrorPass()).closed).toBe(1);
    expect(await ledgerHealthy()).toBe(true);
  });

  it("catches up after a worker dies mid-mirror: the set it died in is rolled back whole and mirrored on a later pass, once", async () => {
    const lead = await approvedLead("Crashed Fox");
    const fans = [];
    for (let n = 0; n < 12; n += 1) {
      const fan = await follower();
      await copy(fan.auth, lead.memberId, "1000000");
      fans.push(fan);
    }
    // A worker whose process "dies" after writing any set that holds one of every other fan's
    // copies: its transaction never commits, so the set's openings, journals and mirrors vanish.
    const doomed = new Set(fans.filter((_, n) => n % 2 === 1).map((fan) => fan.memberId));
    const dying = Object.create(app.trading) as typeof app.trading;
    dying.openManyWithin = async (...args: Parameters<typeof app.trading.openManyWithin>) => {
      const opened = await app.trading.openManyWithin(...args);
      if (args[2].some((wanted) => doomed.has(wanted.memberId))) throw new Error("worker killed");
      return opened;
    };
    const crashing = new FollowService({
      db: app.database.db,
      trading: dying,
      now: app.now,
      events: () => undefined,
      terms: { ...parseFollowTerms(testConfig()), mirrorChunk: 4 },
    });
    const opened = await trade(lead.auth, 2_000);
    // Each set it died in was tried again in halves, down to the doomed copies alone.
    const first = await crashing.mirror();
    expect(first.mirrored).toBe(6);
    for (const fan of fans)
      expect(await mirrorsOf(fan.memberId)).toHaveLength(doomed.has(fan.memberId) ? 0 : 1);
    // After the restart, the next pass finds exactly what was not committed.
    const after = await worker.mirror();
    expect(after.mirrored).toBe(6);
    for (const fan of fans) expect(await mirrorsOf(fan.memberId)).toHaveLength(1);
    expect(await ledgerHealthy()).toBe(true);
    await close(lead.auth, opened.body.positionId);
    await worker.mirror();
    expect(await ledgerHealthy()).toBe(true);
  });

  it("mirrors a lead's fill into every eligible copy of a set once: one short of money, one too small and one stopped are left out alone", async () => {
    const lead = await approvedLead("Many Herons");
    const setWorker = new FollowService({
      db: app.database.db,
      trading: app.trading,
      now: app.now,
      events: () => undefined,
      terms: { ...parseFollowTerms(testConfig()), mirrorChunk: 4 },
    });
    const started = async (amount: string) => {
      const fan = await follower();
      const copied = await copy(fan.auth, lead.memberId, amount);
      expect(copied.status).toBe(201);
      return { ...fan, copyId: String(copied.body.id) };
    };
    const eligible = [];
    for (let n = 0; n < 8; n += 1) eligible.push(await started("1000000"));
    const short = [];
    for (let n = 0; n < 3; n += 1) short.push(await started("1000000"));
    const stopped = await started("1000000");
    const tiny = await started("30000");
    const everyone = [...eligible, ...short, stopped, tiny];

    // The lead's first trade is mirrored into every copy but the tiny one.
    const first = await trade(lead.auth, 6_000, 3);
    expect(first.status).toBe(201);
    expect(await setWorker.mirror()).toMatchObject({ mirrored: 12, skipped: 1 });
    // Three take most of their cash out: their held mirror keeps their equity, not their cash.
    for (const fan of short) {
      const taken = await call(
        `${app.url}/follow/copies/${fan.copyId}/funds`,
        "POST",
        { direction: "remove", amount: "400000" },
        fan.auth,
      );
      expect(taken.status).toBe(200);
    }
    const halted = await call(`${app.url}/follow/copies/${stopped.copyId}/stop`, "POST", {}, stopped.auth);
    expect(halted.body).toMatchObject({ status: "stopped" });
    const shortCash = await Promise.all(
      short.map((fan) => balanceOf(app.database, fan.memberId, "copy", "JPY")),
    );

    const second = await trade(lead.auth, 5_000, 3);
    expect(second.status).toBe(201);
    expect(await setWorker.mirror()).toMatchObject({ mirrored: 8, skipped: 4 });
    expect(await setWorker.mirror()).toMatchObject({ mirrored: 0, skipped: 0 });
    const ofSecond = async (memberId: string) =>
      rowsOf(
        await app.database.db.execute(sql`
          select x.status, x.quantity from mirrors x join copies c on c.id = x.copy_id
          where c.follower_id = ${memberId} and x.lead_position_id = ${second.body.positionId}`),
      );
    for (const fan of eligible) {
      const [mirror, ...more] = await ofSecond(fan.memberId);
      expect(more).toEqual([]);
      expect(mirror?.status).toBe("open");
      expect(Number(mirror?.quantity)).toBeGreaterThan(0);
    }
    for (const fan of [...short, tiny])
      expect(await ofSecond(fan.memberId)).toMatchObject([{ status: "skipped" }]);
    expect(await ofSecond(stopped.memberId)).toEqual([]);
    // Those left out paid nothing: their copy's cash is what it was.
    expect(
      await Promise.all(short.map((fan) => balanceOf(app.database, fan.memberId, "copy", "JPY"))),
    ).toEqual(shortCash);
    // Each eligible follower holds both mirrors, each paid from the copy once.
    const held = rowsOf(
      await app.database.db.execute(sql`
        select p.member_id, count(*)::int as positions,
          (select count(*)::int from journals j where j.member_id = p.member_id and j.kind = 'copy_mirror') as paid
        from positions p where p.member_id = any(${sql.param(everyone.map((fan) => fan.memberId))}::uuid[])
          and p.status = 'holding'
        group by p.member_id`),
    );
    expect(new Map(held.map((row) => [String(row.member_id), [row.positions, row.paid]]))).toEqual(
      new Map<string, number[]>([
        ...eligible.map((fan): [string, number[]] => [fan.memberId, [2, 2]]),
        ...short.map((fan): [string, number[]] => [fan.memberId, [1, 1]]),
      ]),
    );
    expect(await ledgerHealthy()).toBe(true);
    await close(lead.auth, first.body.positionId);
    await close(lead.auth, second.body.positionId);
    await setWorker.mirror();
    expect(await ledgerHealthy()).toBe(true);
  });

  it("closes a lead's closed position in many copies a set at a time: each copy ends as a close of its own mirror would leave it, a loss past the margin made good, a failing set retried in halves", async () => {
    const lead = await approvedLead("Wide Crane");
    // Pairs of copies of one amount: one closes its mirror through the copy, one at a time; the
    // other waits for the lead's close, which the worker takes a set of sixteen copies at a time.
    type Fan = Awaited<ReturnType<typeof follower>>;
    const pairs: { own: Fan & { copyId: string }; set: Fan }[] = [];
    for (let n = 0; n < 30; n += 1) {
      const amount = String(600_000 + 20_000 * n);
      const own = await follower();
      const ownCopy = await copy(own.auth, lead.memberId, amount);
      const set = await follower();
      expect((await copy(set.auth, lead.memberId, amount)).status).toBe(201);
      pairs.push({ own: { ...own, copyId: String(ownCopy.body.id) }, set });
    }
    // A worker whose close of any set that holds the doomed copy fails, as a set can for a reason of
    // one member's: the sets it fails in are tried again in halves, down to that copy alone.
    const doomed = pairs[7]?.set.memberId;
    const failing = Object.create(app.trading) as typeof app.trading;
    let sets = 0;
    failing.closeManyWithin = async (...args: Parameters<typeof app.trading.closeManyWithin>) => {
      sets += 1;
      if (args[2].some((wanted) => wanted.memberId === doomed)) throw new Error("one member's close failed");
      return app.trading.closeManyWithin(...args);
    };
    const worker = (trading: typeof app.trading) =>
      new FollowService({
        db: app.database.db,
        trading,
        now: app.now,
        events: () => undefined,
        terms: { ...parseFollowTerms(testConfig()), mirrorChunk: 16 },
      });
    const setWorker = worker(app.trading);
    const closeOwn = async () => {
      for (const { own } of pairs) {
        const [mirror] = (await mirrorsOf(own.memberId)).filter((m) => m.status === "open");
        const closed = await call(
          `${app.url}/follow/copies/${own.copyId}/mirrors/${mirror?.follower_position_id}/close`,
          "POST",
          {},
          own.auth,
        );
        expect(closed.status).toBe(200);
      }
    };
    const moneyOf = async (memberId: string) =>
      Promise.all(
        ["copy", "available", "margin", "deficit"].map((p) => balanceOf(app.database, memberId, p, "JPY")),
      );
    const expectPairsEven = async () => {
      for (const { own, set } of pairs) {
        expect(await moneyOf(set.memberId)).toEqual(await moneyOf(own.memberId));
        const mirrors = await mirrorsOf(set.memberId);
        expect(mirrors.every((m) => m.status === "closed")).toBe(true);
      }
    };

    // A rise: each mirror's proceeds (its margin and profit, less the fee) return to the copy.
    const up = await trade(lead.auth, 6_000, 3);
    expect((await setWorker.mirror()).mirrored).toBe(60);
    price("2800");
    await closeOwn();
    await close(lead.auth, up.body.positionId);
    expect((await worker(failing).mirror()).closed).toBe(29);
    // Two sets, each failing once; the one holding the doomed copy tried in halves down to it.
    expect(sets).toBe(2 + 2 * 4);
    const [left] = await mirrorsOf(doomed ?? "");
    expect(left?.status).toBe("open");
    expect((await setWorker.mirror()).closed).toBe(1);
    await expectPairsEven();
    expect(await ledgerHealthy()).toBe(true);

    // A fall past each mirror's margin: the loss takes the follower's own cash, and the copy makes it good.
    price("2650");
    const down = await trade(lead.auth, 6_000, 3);
    expect((await setWorker.mirror()).mirrored).toBe(60);
    const copiesBefore = await Promise.all(
      pairs.map(({ set }) => balanceOf(app.database, set.memberId, "copy", "JPY")),
    );
    price("1500");
    await closeOwn();
    await close(lead.auth, down.body.positionId);
    expect((await setWorker.mirror()).closed).toBe(30);
    await expectPairsEven();
    for (const [n, { set }] of pairs.entries()) {
      // The copy paid for the loss past the margin: the member's own cash is what it was.
      expect(await balanceOf(app.database, set.memberId, "available", "JPY")).toBe(
        2_000_000n - BigInt(600_000 + 20_000 * n),
      );
      expect(await balanceOf(app.database, set.memberId, "copy", "JPY")).toBeLessThan(copiesBefore[n] ?? 0n);
      // Two openings paid from the copy, the rise's proceeds back into it, and the fall's loss made good.
      const moves = rowsOf(
        await app.database.db.execute(sql`
          select memo_params->>'action' as action from journals
          where member_id = ${set.memberId} and kind = 'copy_mirror' order by id`),
      );
      expect(moves.map((move) => move.action)).toEqual([
        "mirror_open",
        "mirror_close",
        "mirror_open",
        "mirror_open",
      ]);
    }
    expect(await ledgerHealthy()).toBe(true);
  }, 180_000);

  it("stops many copies a set at a time, mirrors closed a set per instrument: each copy ends as closing its mirrors one by one and stopping would leave it, a failing set retried in halves and each copy stopped once", async () => {
    const lead = await approvedLead("Twin Heron");
    setMarket(app.bus, sony, [["3000", 1_000_000]], [["3001", 1_000_000]]);
    // Pairs of copies of one amount: one closes its mirrors through the copy, one at a time, and
    // then stops with nothing held; the other is stopped with every mirror held, when the lead is
    // suspended, by a worker that stops sixteen copies a set.
    const pairs = await copyPairs(lead.memberId, 24);
    const doomed = pairs[5]?.set.memberId;
    const failing = Object.create(app.trading) as typeof app.trading;
    failing.closeManyWithin = async (...args: Parameters<typeof app.trading.closeManyWithin>) => {
      // A set holding the doomed copy dies after writing its closes: the transaction never commits.
      const answers = await app.trading.closeManyWithin(...args);
      if (args[2].some((wanted) => wanted.memberId === doomed)) throw new Error("worker killed");
      return answers;
    };
    // Two positions in one stock and one in another: each copy holds three mirrors, two of one instrument.
    const opened = [
      await trade(lead.auth, 2_000, 3),
      await trade(lead.auth, 2_000, 3),
      await tradeSony(lead.auth),
    ];
    for (const each of opened) expect(each.status).toBe(201);
    expect((await setWorker().mirror()).mirrored).toBe(pairs.length * 2 * 3);
    price("2800");
    setMarket(app.bus, sony, [["3200", 1_000_000]], [["3201", 1_000_000]]);
    await closeOwnThenStop(pairs);
    const suspended = await call(
      `${app.url}/ops/follow/leads/${lead.memberId}/suspend`,
      "POST",
      { reason: "fault suite" },
      supervisor,
    );
    expect(suspended.status).toBe(200);
    await setWorker(failing).checkStops();
    for (const { set } of pairs) {
      const [stopped] = await copiesOf(set.auth);
      expect(stopped.status).toBe(set.memberId === doomed ? "active" : "stopped");
    }
    expect(await setWorker().checkStops()).toBeGreaterThanOrEqual(1);
    await expectPairsEven(pairs, "lead_suspended");
    expect(await ledgerHealthy()).toBe(true);
    for (const each of opened) await close(lead.auth, each.body.positionId);
  }, 240_000);

  it("stops copies at their floor a set at a time: a loss past each mirror's margin made good by the copy, as one by one", async () => {
    price("2650");
    const lead = await approvedLead("Deep Carp");
    const pairs = await copyPairs(lead.memberId, 12);
    const opened = [await trade(lead.auth, 3_000, 3), await trade(lead.auth, 3_000, 3)];
    for (const each of opened) expect(each.status).toBe(201);
    expect((await setWorker().mirror()).mirrored).toBe(pairs.length * 2 * 2);
    // Down 1,450 yen a share: past each mirror's margin, and for the larger copies past their cash.
    price("1200");
    await closeOwnThenStop(pairs);
    expect(await setWorker().checkStops()).toBeGreaterThanOrEqual(pairs.length);
    await expectPairsEven(pairs, "stop_loss");
    expect(await ledgerHealthy()).toBe(true);
    for (const each of opened) await close(lead.auth, each.body.positionId);
  }, 240_000);
});

const sony = "JP:6758";

function tradeSony(auth: Record<string, string>) {
  return call(
    `${app.url}/orders`,
    "POST",
    { symbol: sony, side: "long", type: "market", quantity: 2_000, leverage: 3 },
    auth,
  );
}

type Fan = Awaited<ReturnType<typeof follower>>;
type Pair = { own: Fan & { copyId: string }; set: Fan };

/** Pairs of followers copying the lead with one amount each, the amounts rising pair by pair. */
async function copyPairs(leadId: string, count: number): Promise<Pair[]> {
  const pairs: Pair[] = [];
  for (let n = 0; n < count; n += 1) {
    const amount = String(600_000 + 20_000 * n);
    const own = await follower();
    const ownCopy = await copy(own.auth, leadId, amount);
    expect(ownCopy.status).toBe(201);
    const set = await follower();
    expect((await copy(set.auth, leadId, amount)).status).toBe(201);
    pairs.push({ own: { ...own, copyId: String(ownCopy.body.id) }, set });
  }
  return pairs;
}

/** A worker that stops and closes sixteen copies a set, through this trading service. */
function setWorker(trading: typeof app.trading = app.trading) {
  return new FollowService({
    db: app.database.db,
    trading,
    now: app.now,
    events: () => undefined,
    terms: { ...parseFollowTerms(testConfig()), mirrorChunk: 16 },
  });
}

/** Each pair's own copy closes its mirrors one at a time through the copy, then the member stops it. */
async function closeOwnThenStop(pairs: readonly Pair[]) {
  for (const { own } of pairs) {
    for (const mirror of (await mirrorsOf(own.memberId)).filter((m) => m.status === "open")) {
      const closed = await call(
        `${app.url}/follow/copies/${own.copyId}/mirrors/${mirror.follower_position_id}/close`,
        "POST",
        {},
        own.auth,
      );
      expect(closed.status).toBe(200);
    }
    const stopped = await call(`${app.url}/follow/copies/${own.copyId}/stop`, "POST", {}, own.auth);
    expect(stopped.status).toBe(200);
  }
}

/**
 * Each pair's two followers hold the same money and paid the same share, every mirror closed once
 * and the copy's money returned once; the set's copy stopped for `reason`.
 */
async function expectPairsEven(pairs: readonly Pair[], reason: string) {
  const moneyOf = async (memberId: string) =>
    Promise.all(
      ["copy", "available", "margin", "deficit"].map((p) => balanceOf(app.database, memberId, p, "JPY")),
    );
  const journalsOf = async (memberId: string) =>
    rowsOf(
      await app.database.db.execute(sql`
        select kind, count(*)::int as n from journals where member_id = ${memberId}
        and kind in ('copy_out', 'copy_mirror', 'close') group by kind order by kind`),
    );
  for (const { own, set } of pairs) {
    expect(await moneyOf(set.memberId)).toEqual(await moneyOf(own.memberId));
    expect(await journalsOf(set.memberId)).toEqual(await journalsOf(own.memberId));
    const [ownCopy] = await copiesOf(own.auth);
    const [setCopy] = await copiesOf(set.auth);
    expect(setCopy).toMatchObject({ status: "stopped", stopReason: reason, openMirrors: 0 });
    expect(setCopy.profitSharePaid).toBe(ownCopy.profitSharePaid);
    expect((await mirrorsOf(set.memberId)).every((m) => m.status === "closed")).toBe(true);
  }
}
