import { call, fund, IpoService, rowsOf, signInStaff } from "@kabuto/api/testing";
import { createCatalog } from "@kabuto/feed";
import { type DividendEvent, dividendsBetween } from "@kabuto/shared/dividends/schedule";
import { offeringWindows } from "@kabuto/shared/ipo/rules";
import { marketDate, previousTradingDay } from "@kabuto/shared/market/calendar";
import { addDays } from "@kabuto/shared/market/iso-date";
import { zonedIsoDate, zonedWallClockMs } from "@kabuto/shared/market/zone-time";
import { marketZone } from "@kabuto/shared/symbols";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyedOrder, type Member, orderPrice, readyMembers, symbol } from "./fault-burst.ts";
import {
  type FaultStand,
  ledgerClean,
  openFaultStand,
  putMarket,
  type RoleProcess,
  until,
} from "./fault-stand.ts";

/**
 * The worker process is killed (SIGKILL, no goodbye) in the middle of each of four passes, on one
 * stand. Each pass's work is made with the worker stopped (through the API as members and staff
 * do, or for new shares the service operations use), then the worker starts and is killed once
 * that pass has begun and before it has ended; the next start both resumes what was cut short
 * and begins the next pass's work, which the next kill lands in. After the last start every
 * effect has happened exactly once, and at every kill each pass's steps were whole or not made.
 *
 * - Loan interest: fifteen loans' interest is 150 days behind, as a worker that was away that long
 *   would find it, so the pass posts over two thousand journals, one per loan and day, each
 *   loan's days in one transaction. After it every loan is accrued through yesterday with exactly
 *   one interest journal per day.
 * - Day-trade cut-off: four members' 80 day trades were opened yesterday, so their cut-off has
 *   passed and the pass closes each, one transaction apiece: each closed once, by the cut-off,
 *   with one close journal.
 * - Dividend payment: four members held 80 positions in a symbol through its latest ex-date, so
 *   the pass pays each, one transaction apiece: each paid once, and each member's cash grew by
 *   exactly what their payments record.
 * - New shares on listing day: operations' draw is a staff request, one transaction in the API;
 *   the worker's part of an offering is the listing, where each paid winner gets their position
 *   and the waitlist is settled, one offering per transaction. Six offerings of eight units, for
 *   which eleven members applied and the eight winners paid, list in one pass: each winner holds
 *   one allotted position per offering, with one allotment journal, and every other applicant
 *   is settled as lost, once.
 */
let stand: FaultStand;
let worker: RoleProcess;
/** Every pass's members, made once: borrowers, then day traders, then holders; all win new shares. */
let members: Member[];

/**
 * Days of interest each loan is behind: each loan's step posts this many journals in one
 * transaction, so the pass lasts seconds and a kill lands in the middle of it.
 */
const daysBehind = 150;
const loansEach = 5;
/** Yen per loan: 2.8% a year makes 7 or 8 yen a day, so every day posts a journal. */
const loanYen = "100000";
/** Day trades and dividend positions per member: four members' worth is a pass a kill lands inside. */
const positionsEach = 20;
const positionsPerPass = 4 * positionsEach;
/** New shares listed in one pass, one transaction each. */
const offerings = 6;
/** Units of each, one per winner: fewer than the eleven applicants, so three wait in vain. */
const unitsOffered = 8;

/** One pass the worker is killed in: how far it has got, and what must hold of it. */
interface Pass<P> {
  name: string;
  progress(): Promise<P>;
  began(now: P): boolean;
  finished(now: P): boolean;
  /** At a kill: every step whole (its rows and journals together) or not made at all. */
  whole(now: P): void;
  /** After the last pass: every effect exactly once. */
  exactlyOnce(): Promise<void>;
}

beforeAll(async () => {
  stand = await openFaultStand({ startLater: ["worker"] });
  worker = stand.processes.worker as RoleProcess;
  members = await readyMembers(stand, 11);
}, 120_000);

afterAll(async () => {
  await stand?.close();
});

function memberList(some: readonly Member[]): SQL {
  return sql.join(
    some.map((member) => sql`${member.memberId}`),
    sql`, `,
  );
}

async function row<T>(query: SQL): Promise<T> {
  const [first] = rowsOf(await stand.database.db.execute(query));
  return first as T;
}

/** Opens `count` market positions for each member through the API, as members do. */
async function openPositions(some: readonly Member[], count: number, order: Record<string, unknown>) {
  await Promise.all(
    some.map(async (member) => {
      for (let n = 0; n < count; n += 1) {
        const placed = await call(`${stand.api}/orders`, "POST", order, {
          ...member.auth,
          "idempotency-key": keyedOrder(stand, member).key,
        });
        if (placed.status !== 201) throw new Error(`order: ${JSON.stringify(placed.body)}`);
      }
    }),
  );
}

async function loanInterest(): Promise<Pass<{ done: number; journals: number }>> {
  const borrowers = members.slice(0, 3);
  const supervisor = (await signInStaff({ url: stand.api, database: stand.database }, "supervisor")).auth;
  const reviewer = (await signInStaff({ url: stand.api, database: stand.database }, "reviewer")).auth;
  for (const member of borrowers) {
    const line = await call(
      `${stand.api}/ops/members/${member.memberId}/credit`,
      "PUT",
      { score: 700, lines: { JPY: "10000000", USD: "0" }, reason: "fault suite" },
      supervisor,
    );
    if (line.status !== 200) throw new Error(`credit line: ${JSON.stringify(line.body)}`);
    for (let n = 0; n < loansEach; n += 1) {
      const asked = await call(
        `${stand.api}/loans`,
        "POST",
        { currency: "JPY", amount: loanYen },
        member.auth,
      );
      if (asked.status !== 201) throw new Error(`loan: ${JSON.stringify(asked.body)}`);
      const approved = await call(
        `${stand.api}/ops/loans/${asked.body.id}/review`,
        "POST",
        { decision: "approve" },
        reviewer,
      );
      if (approved.status !== 200) throw new Error(`approval: ${JSON.stringify(approved.body)}`);
    }
  }
  // Far behind: the worker that starts next finds 150 days of interest to post on every loan.
  await stand.database.db.execute(sql`
    update loans set accrued_through = to_char((now() at time zone 'Asia/Tokyo')::date - ${daysBehind + 1}::int,
      'YYYY-MM-DD') where status = 'approved'`);
  const loans = borrowers.length * loansEach;
  /** Tokyo's yesterday, as the worker names days. */
  const yesterday = sql`to_char((now() at time zone 'Asia/Tokyo')::date - 1, 'YYYY-MM-DD')`;
  return {
    name: "loan interest",
    progress: () =>
      row(sql`
        select (select count(*)::int from loans where status = 'approved' and accrued_through = ${yesterday}) as done,
          (select count(*)::int from journals where kind = 'loan_interest') as journals`),
    began: (now) => now.journals > 0,
    finished: (now) => now.done === loans,
    // Each loan's days were posted whole or not at all: no loan half-posted.
    whole: (now) => expect(now.journals).toBe(now.done * daysBehind),
    async exactlyOnce() {
      // No day of any loan posted twice.
      const twice = rowsOf(
        await stand.database.db.execute(sql`
          select ref, memo, count(*)::int as n from journals where kind = 'loan_interest'
          group by ref, memo having count(*) > 1`),
      );
      expect(twice).toEqual([]);
    },
  };
}

async function dayTradeCutoff(): Promise<Pass<{ closed: number; journals: number }>> {
  const traders = members.slice(3, 7);
  const reviewer = (await signInStaff({ url: stand.api, database: stand.database }, "reviewer")).auth;
  for (const member of traders) {
    const applied = await call(`${stand.api}/day-trading/application`, "POST", { agree: true }, member.auth);
    if (applied.status !== 201) throw new Error(`application: ${JSON.stringify(applied.body)}`);
    const review = await call(
      `${stand.api}/ops/day-trading/applications/${applied.body.id}/review`,
      "POST",
      { decision: "approve" },
      reviewer,
    );
    if (review.status !== 200) throw new Error(`review: ${JSON.stringify(review.body)}`);
  }
  await putMarket(stand, symbol, orderPrice);
  await openPositions(traders, positionsEach, {
    symbol,
    side: "long",
    type: "market",
    quantity: 100,
    leverage: 1,
    dayTrade: true,
  });
  // Opened yesterday: today's pass finds every cut-off past.
  await stand.database.db.execute(sql`
    update positions set opened_at_ms = opened_at_ms - 86400000
    where member_id in (${memberList(traders)}) and day_trade`);
  const ours = sql`member_id in (${memberList(traders)}) and day_trade`;
  return {
    name: "day-trade cut-off",
    progress: () =>
      row(sql`
        select (select count(*)::int from positions where ${ours} and status = 'closed'
            and close_reason = 'day_trade_cutoff') as closed,
          (select count(*)::int from journals j join positions p on j.ref = 'position:' || p.id
            where p.member_id in (${memberList(traders)}) and p.day_trade and j.kind = 'close') as journals`),
    began: (now) => now.closed > 0,
    finished: (now) => now.closed === positionsPerPass,
    // A closed day trade has its one close journal; one still open has none.
    whole: (now) => expect(now.journals).toBe(now.closed),
    async exactlyOnce() {
      const counts = await row(sql`
        select count(*)::int as trades, count(*) filter (where status = 'closed')::int as closed
        from positions where ${ours}`);
      expect(counts).toEqual({ trades: positionsPerPass, closed: positionsPerPass });
    },
  };
}

async function dividendPayment(): Promise<Pass<{ paid: number; positions: number; journals: number }>> {
  // A dividend whose ex-date began in the last week: the pass pays whoever held before it.
  const catalog = createCatalog();
  const nowMs = Date.now();
  const due: { event: DividendEvent; cutoffMs: number }[] = [];
  for (const instrument of catalog.instruments) {
    const policy = catalog.dividendPolicy(instrument.symbol);
    if (!policy) continue;
    const today = marketDate(instrument.market, nowMs);
    for (const event of dividendsBetween(
      instrument.symbol,
      instrument.market,
      policy,
      addDays(today, -7),
      today,
    )) {
      const cutoffMs = zonedWallClockMs(marketZone[instrument.market], event.exDate, 0, 0);
      if (cutoffMs < nowMs - 60_000) due.push({ event, cutoffMs });
    }
  }
  const { event, cutoffMs } = due[0] ?? {};
  if (!event || cutoffMs === undefined) throw new Error("no dividend went ex in the last week");
  const holders = members.slice(7, 11);
  for (const member of holders) await fund(stand.database, member.memberId, event.currency, 1_000_000_000n);
  await putMarket(stand, event.symbol, "100");
  await openPositions(holders, positionsEach, {
    symbol: event.symbol,
    side: "long",
    type: "market",
    quantity: event.market === "JP" ? 100 : 10,
    leverage: 1,
  });
  // Held through the ex-date: opened before it began.
  await stand.database.db.execute(sql`
    update positions set opened_at_ms = ${cutoffMs - 86_400_000}
    where member_id in (${memberList(holders)}) and symbol = ${event.symbol}`);
  const cash = async () =>
    rowsOf(
      await stand.database.db.execute(sql`
        select member_id, balance::text as balance from ledger_accounts
        where member_id in (${memberList(holders)}) and purpose = 'available' and currency = ${event.currency}`),
    ).map((each) => [String(each.member_id), BigInt(String(each.balance))] as const);
  const cashBefore = new Map(await cash());
  const ours = sql`dividend_id = ${event.id} and member_id in (${memberList(holders)})`;
  return {
    name: "dividend payment",
    progress: () =>
      row(sql`
        select (select count(*)::int from dividend_entitlements where ${ours}) as paid,
          (select count(distinct position_id)::int from dividend_entitlements where ${ours}) as positions,
          (select count(*)::int from journals j join positions p on j.ref = 'position:' || p.id
            where j.kind = 'dividend' and p.member_id in (${memberList(holders)})
            and p.symbol = ${event.symbol}) as journals`),
    began: (now) => now.paid > 0,
    finished: (now) => now.paid === positionsPerPass,
    // A paid position has one payment and its journal; an unpaid one neither.
    whole: (now) => expect(now).toEqual({ paid: now.paid, positions: now.paid, journals: now.paid }),
    async exactlyOnce() {
      // Each member's cash grew by exactly the payments recorded for them: none twice, none lost.
      const net = new Map(
        rowsOf(
          await stand.database.db.execute(sql`
            select member_id, sum(net_minor)::text as net from dividend_entitlements where ${ours}
            group by member_id`),
        ).map((each) => [String(each.member_id), BigInt(String(each.net))]),
      );
      for (const [memberId, balance] of await cash()) {
        expect(net.get(memberId) ?? 0n).toBeGreaterThan(0n);
        expect(balance).toBe((cashBefore.get(memberId) ?? 0n) + (net.get(memberId) ?? 0n));
      }
    },
  };
}

async function newSharesListing(): Promise<
  Pass<{ listed: number; allotted: number; lost: number; positions: number; journals: number }>
> {
  const applicants = members;
  // Walked through each offering's past days on a clock of its own, as the demo's history is:
  // the service operations and members use, on the stand's database.
  let clock = 0;
  const ipo = new IpoService({ db: stand.database.db, now: () => clock, events: () => undefined });
  const context = () => ({ nowMs: clock, ip: "" });
  const tradingDaysBefore = (days: number) => {
    let day = zonedIsoDate("Asia/Tokyo", Date.now());
    for (let n = 0; n < days; n += 1) day = previousTradingDay("JP", day);
    return day;
  };
  const dates = {
    bookOpenDate: tradingDaysBefore(10),
    bookCloseDate: tradingDaysBefore(8),
    priceDate: tradingDaysBefore(7),
    paymentEndDate: tradingDaysBefore(5),
    listingDate: tradingDaysBefore(2),
  };
  const windows = offeringWindows("JP", dates);
  const hourMs = 3_600_000;
  const ids: string[] = [];
  for (let n = 1; n <= offerings; n += 1) {
    clock = windows.bookOpenMs - 24 * hourMs;
    const created = await ipo.create(
      {
        code: `9F${n}A`,
        market: "JP",
        name: { ja: "障害試験", en: "Fault Test", zhHant: "故障測試" },
        sector: "software",
        bandLow: "1200",
        bandHigh: "1400",
        unitsOffered: unitsOffered,
        ...dates,
        lockupDays: 0,
        releaseMultiple: null,
      },
      null,
      context(),
    );
    const id = created.offering.id;
    ids.push(id);
    clock = windows.bookOpenMs + hourMs;
    for (const member of applicants) await ipo.subscribe(member.memberId, id, { price: null, units: 1 });
    clock = offeringWindows("JP", { ...dates, bookCloseDate: dates.priceDate }).bookCloseMs;
    await ipo.setPrice(id, "1400", null, context());
    clock += hourMs;
    await ipo.draw(id, null, context());
    clock += 18 * hourMs;
    // The winners pay; the waitlist's turn never comes.
    let paid = 0;
    for (const member of applicants) {
      const won = (await ipo.records(member.memberId)).find(
        (record) => record.offeringId === id && record.state === "won",
      );
      if (won) await ipo.pay(member.memberId, won.id);
      if (won) paid += 1;
    }
    if (paid !== unitsOffered) throw new Error(`${paid} winners paid in offering ${id}`);
  }
  const ours = sql`offering_id in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const others = applicants.length - unitsOffered;
  return {
    name: "new shares' listing",
    progress: () =>
      row(sql`
        select (select count(*)::int from ipo_offerings where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) and stage = 'listed') as listed,
          (select count(*)::int from ipo_subscriptions where ${ours} and state = 'allotted'
            and position_id is not null) as allotted,
          (select count(*)::int from ipo_subscriptions where ${ours} and state = 'lost') as lost,
          (select count(distinct position_id)::int from ipo_subscriptions where ${ours}) as positions,
          (select count(*)::int from journals where kind = 'ipo_allotment'
            and member_id in (${memberList(applicants)})) as journals`),
    began: (now) => now.listed > 0,
    finished: (now) => now.listed === offerings,
    // An offering lists whole or not at all: every applicant of a listed one settled once (each
    // paid winner allotted, the waitlist lost), none of another.
    whole: (now) =>
      expect(now).toEqual({
        listed: now.listed,
        allotted: now.listed * unitsOffered,
        lost: now.listed * others,
        positions: now.listed * unitsOffered,
        journals: now.listed * unitsOffered,
      }),
    async exactlyOnce() {
      // One position per winner and offering, none twice; no applicant left waiting.
      const held = await row(sql`
        select count(*)::int as n, count(distinct (member_id, symbol))::int as holdings from positions
        where member_id in (${memberList(applicants)}) and symbol like 'JP:9F%'`);
      expect(held).toEqual({ n: offerings * unitsOffered, holdings: offerings * unitsOffered });
      const waiting = await row(sql`
        select count(*)::int as n from ipo_subscriptions where ${ours} and state not in ('allotted', 'lost')`);
      expect(waiting).toEqual({ n: 0 });
    },
  };
}

describe("the worker killed in the middle of its passes", () => {
  it("leaves each step whole at every kill, and after its restarts every effect happened exactly once", async () => {
    const passes: Pass<Record<string, number>>[] = [];
    const makers: (() => Promise<Pass<Record<string, number>>>)[] = [
      loanInterest,
      dayTradeCutoff,
      dividendPayment,
      newSharesListing,
    ];
    for (const make of makers) {
      const pass = await make();
      expect(pass.began(await pass.progress()), `${pass.name} before the worker starts`).toBe(false);
      passes.push(pass);
      // This start also resumes what the last kill cut short.
      await worker.start();
      await until(async () => pass.began(await pass.progress()), `the ${pass.name} pass to begin`, 60_000);
      await worker.kill();
      expect(pass.finished(await pass.progress()), `the kill to land inside the ${pass.name} pass`).toBe(
        false,
      );
      for (const each of passes) each.whole(await each.progress());
    }

    await worker.start();
    await until(
      async () => {
        for (const pass of passes) if (!pass.finished(await pass.progress())) return false;
        return true;
      },
      "every pass to finish after the restart",
      90_000,
    );
    await worker.kill();
    for (const pass of passes) {
      const now = await pass.progress();
      expect(pass.finished(now), pass.name).toBe(true);
      pass.whole(now);
      await pass.exactlyOnce();
    }
    expect(await ledgerClean(stand.database)).toBe(true);
  }, 240_000);
});
