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
 * The worker process is killed (SIGKILL, no goodbye) in the middle of a pass and started again,
 * once per pass, on one stand: each case makes its work through the API with the worker stopped,
 * starts it, kills it once the pass has begun and before it ends, and starts it again.
 *
 * Loan interest: the loans' interest is 150 days behind, as a worker that was away that long
 * would find it, so one pass posts thousands of journals, one per loan and day. After the
 * restart's pass every loan is accrued through yesterday with exactly one interest journal per
 * day: none posted twice, none skipped, and the ledger whole.
 *
 * New shares on listing day: the worker's part of an offering after operations' draw (a staff
 * request, one transaction in the API) is the allotment: on listing day each paid winner gets
 * their position, one offering per transaction. Six offerings drawn and paid in the past list
 * in one pass; after the restart every winner holds exactly one allotted position, with one
 * allotment journal.
 *
 * Day-trade cut-off: members' day trades were opened yesterday, so their cut-off has passed and
 * the pass closes each, one transaction apiece. After the restart every one is closed once, by
 * the cut-off, with exactly one close journal.
 *
 * Dividend payment: members held a symbol through its latest ex-date, so the pass pays each
 * position, one transaction apiece. After the restart every position is paid exactly once, and
 * each member's cash grew by exactly what their payments record.
 */
let stand: FaultStand;
let worker: RoleProcess;
/** Every case's members, made once: the loans' borrowers, then day traders, then holders; all apply for new shares. */
let members: Member[];
let borrowers: Member[];

/**
 * Days of interest each loan is behind: each loan's step posts this many journals in one
 * transaction, so the pass lasts seconds and a kill lands in the middle of it.
 */
const daysBehind = 150;
const loansEach = 5;
/** Yen per loan: 2.8% a year makes 7 or 8 yen a day, so every day posts a journal. */
const loanYen = "100000";

/** Tokyo's yesterday, as the worker names days. */
const yesterday = sql`to_char((now() at time zone 'Asia/Tokyo')::date - 1, 'YYYY-MM-DD')`;

async function progress(): Promise<{ loans: number; done: number; journals: number }> {
  const [row] = rowsOf(
    await stand.database.db.execute(sql`
      select (select count(*)::int from loans where status = 'approved') as loans,
        (select count(*)::int from loans where status = 'approved' and accrued_through = ${yesterday}) as done,
        (select count(*)::int from journals where kind = 'loan_interest') as journals`),
  );
  return row as { loans: number; done: number; journals: number };
}

beforeAll(async () => {
  stand = await openFaultStand({ startLater: ["worker"] });
  worker = stand.processes.worker as RoleProcess;
  members = await readyMembers(stand, 11);
  borrowers = members.slice(0, 3);
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
  // A year behind: the worker that starts next finds a year of interest to post on every loan.
  await stand.database.db.execute(sql`
    update loans set accrued_through = to_char((now() at time zone 'Asia/Tokyo')::date - ${daysBehind + 1}::int,
      'YYYY-MM-DD') where status = 'approved'`);
}, 120_000);

afterAll(async () => {
  await stand?.close();
});

const positionsEach = 20;
/** Four members' positions each: a pass over this many lasts long enough that a kill lands inside it. */
const positionsPerCase = 4 * positionsEach;

/** Opens `count` market positions for each member through the API, as members do. */
async function openPositions(
  members: readonly Member[],
  count: number,
  order: Record<string, unknown>,
): Promise<void> {
  await Promise.all(
    members.map(async (member) => {
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

/** Kills the worker once `progress` says the pass began and before it finished; returns it then. */
async function killMidPass<T>(progress: () => Promise<T>, began: (now: T) => boolean): Promise<T> {
  await worker.start();
  await until(async () => began(await progress()), "the pass to begin", 60_000);
  await worker.kill();
  return progress();
}

function memberList(members: readonly Member[]): SQL {
  return sql.join(
    members.map((member) => sql`${member.memberId}`),
    sql`, `,
  );
}

describe("the worker killed in the middle of a pass", () => {
  it("posts each loan's interest for each day exactly once after its restart", async () => {
    const loans = borrowers.length * loansEach;
    expect(await progress()).toEqual({ loans, done: 0, journals: 0 });

    await worker.start();
    // Killed once the pass has begun posting and before it has finished.
    await until(async () => (await progress()).journals > 0, "the pass to begin posting", 60_000);
    await worker.kill();
    const atKill = await progress();
    expect(atKill.done).toBeLessThan(loans);
    // Each loan's days were posted whole or not at all: the kill left no loan half-posted.
    expect(atKill.journals).toBe(atKill.done * daysBehind);

    await worker.start();
    await until(async () => (await progress()).done === loans, "the restarted pass to finish", 90_000);
    await worker.kill();
    expect(await progress()).toEqual({ loans, done: loans, journals: loans * daysBehind });
    // No day of any loan posted twice.
    const twice = rowsOf(
      await stand.database.db.execute(sql`
        select ref, memo, count(*)::int as n from journals where kind = 'loan_interest'
        group by ref, memo having count(*) > 1`),
    );
    expect(twice).toEqual([]);
    expect(await ledgerClean(stand.database)).toBe(true);
  }, 180_000);

  it("closes each day trade past its cut-off exactly once after its restart", async () => {
    const traders = members.slice(3, 7);
    const reviewer = (await signInStaff({ url: stand.api, database: stand.database }, "reviewer")).auth;
    for (const member of traders) {
      const applied = await call(
        `${stand.api}/day-trading/application`,
        "POST",
        { agree: true },
        member.auth,
      );
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
    const dayTrade = { symbol, side: "long", type: "market", quantity: 100, leverage: 1, dayTrade: true };
    await openPositions(traders, positionsEach, dayTrade);
    // Opened yesterday: today's pass finds every cut-off past.
    await stand.database.db.execute(sql`
      update positions set opened_at_ms = opened_at_ms - 86400000
      where member_id in (${memberList(traders)}) and day_trade`);
    const progress = async () => {
      const [row] = rowsOf(
        await stand.database.db.execute(sql`
          select (select count(*)::int from positions where member_id in (${memberList(traders)})
              and day_trade) as trades,
            (select count(*)::int from positions where member_id in (${memberList(traders)})
              and day_trade and status = 'closed' and close_reason = 'day_trade_cutoff') as closed,
            (select count(*)::int from journals j join positions p on j.ref = 'position:' || p.id
              where p.member_id in (${memberList(traders)}) and j.kind = 'close') as journals`),
      );
      return row as { trades: number; closed: number; journals: number };
    };
    expect(await progress()).toEqual({ trades: positionsPerCase, closed: 0, journals: 0 });

    const atKill = await killMidPass(progress, (now) => now.closed > 0);
    expect(atKill.closed).toBeLessThan(positionsPerCase);
    // Each close was whole or not made: a closed position has its journal, an open one none.
    expect(atKill.journals).toBe(atKill.closed);

    await worker.start();
    await until(
      async () => (await progress()).closed === positionsPerCase,
      "the restarted pass to finish",
      60_000,
    );
    await worker.kill();
    expect(await progress()).toEqual({
      trades: positionsPerCase,
      closed: positionsPerCase,
      journals: positionsPerCase,
    });
    expect(await ledgerClean(stand.database)).toBe(true);
  }, 120_000);

  it("pays each holder of a dividend exactly once after its restart", async () => {
    // A dividend whose ex-date began in the last days: the pass pays whoever held before it.
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
          where member_id in (${memberList(holders)}) and purpose = 'available' and currency = ${event.currency}
          order by member_id`),
      ).map((row) => [String(row.member_id), BigInt(String(row.balance))] as const);
    const cashBefore = new Map(await cash());
    const progress = async () => {
      const [row] = rowsOf(
        await stand.database.db.execute(sql`
          select (select count(*)::int from dividend_entitlements where dividend_id = ${event.id}
              and member_id in (${memberList(holders)})) as paid,
            (select count(distinct position_id)::int from dividend_entitlements where dividend_id = ${event.id}
              and member_id in (${memberList(holders)})) as positions,
            (select count(*)::int from journals j join positions p on j.ref = 'position:' || p.id
              where j.kind = 'dividend' and p.member_id in (${memberList(holders)})
              and p.symbol = ${event.symbol}) as journals`),
      );
      return row as { paid: number; positions: number; journals: number };
    };
    expect(await progress()).toEqual({ paid: 0, positions: 0, journals: 0 });

    const atKill = await killMidPass(progress, (now) => now.paid > 0);
    expect(atKill.paid).toBeLessThan(positionsPerCase);
    expect(atKill.journals).toBe(atKill.paid);

    await worker.start();
    await until(
      async () => (await progress()).paid === positionsPerCase,
      "the restarted pass to finish",
      60_000,
    );
    await worker.kill();
    expect(await progress()).toEqual({
      paid: positionsPerCase,
      positions: positionsPerCase,
      journals: positionsPerCase,
    });
    // Each member's cash grew by exactly the payments recorded for them: none paid twice or lost.
    const netByMember = new Map(
      rowsOf(
        await stand.database.db.execute(sql`
          select member_id, sum(net_minor)::text as net from dividend_entitlements
          where dividend_id = ${event.id} and member_id in (${memberList(holders)}) group by member_id`),
      ).map((row) => [String(row.member_id), BigInt(String(row.net))]),
    );
    for (const [memberId, balance] of await cash()) {
      expect(netByMember.get(memberId) ?? 0n).toBeGreaterThan(0n);
      expect(balance).toBe((cashBefore.get(memberId) ?? 0n) + (netByMember.get(memberId) ?? 0n));
    }
    expect(await ledgerClean(stand.database)).toBe(true);
  }, 120_000);

  it("allots each paid winner of each offering exactly once after its restart", async () => {
    const offerings = 6;
    const winners = members;
    // Walked through each offering's days on a clock of its own, as the demo's history is: the
    // service operations and members use, on the stand's database.
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
          unitsOffered: winners.length,
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
      for (const member of winners) await ipo.subscribe(member.memberId, id, { price: null, units: 1 });
      clock = offeringWindows("JP", { ...dates, bookCloseDate: dates.priceDate }).bookCloseMs;
      await ipo.setPrice(id, "1400", null, context());
      clock += hourMs;
      await ipo.draw(id, null, context());
      clock += 18 * hourMs;
      for (const member of winners) {
        const won = (await ipo.records(member.memberId)).find(
          (record) => record.offeringId === id && record.state === "won",
        );
        if (!won) throw new Error(`no win for ${member.memberId} in offering ${id}`);
        await ipo.pay(member.memberId, won.id);
      }
    }
    const list = sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    );
    const progress = async () => {
      const [row] = rowsOf(
        await stand.database.db.execute(sql`
          select (select count(*)::int from ipo_offerings where id in (${list}) and stage = 'listed') as listed,
            (select count(*)::int from ipo_subscriptions where offering_id in (${list})
              and state = 'allotted' and position_id is not null) as allotted,
            (select count(distinct position_id)::int from ipo_subscriptions where offering_id in (${list})) as positions,
            (select count(*)::int from journals where kind = 'ipo_allotment'
              and member_id in (${memberList(winners)})) as journals`),
      );
      return row as { listed: number; allotted: number; positions: number; journals: number };
    };
    const each = winners.length;
    expect(await progress()).toEqual({ listed: 0, allotted: 0, positions: 0, journals: 0 });

    const atKill = await killMidPass(progress, (now) => now.listed > 0);
    expect(atKill.listed).toBeLessThan(offerings);
    // An offering lists whole or not at all: every winner of a listed one allotted, no other.
    expect(atKill).toEqual({
      listed: atKill.listed,
      allotted: atKill.listed * each,
      positions: atKill.listed * each,
      journals: atKill.listed * each,
    });

    await worker.start();
    await until(async () => (await progress()).listed === offerings, "the restarted pass to finish", 60_000);
    await worker.kill();
    expect(await progress()).toEqual({
      listed: offerings,
      allotted: offerings * each,
      positions: offerings * each,
      journals: offerings * each,
    });
    // One position per winner and offering, none twice.
    const [held] = rowsOf(
      await stand.database.db.execute(sql`
        select count(*)::int as n, count(distinct (member_id, symbol))::int as distinct_holdings from positions
        where member_id in (${memberList(winners)}) and symbol like 'JP:9F%'`),
    );
    expect(held).toEqual({ n: offerings * each, distinct_holdings: offerings * each });
    expect(await ledgerClean(stand.database)).toBe(true);
  }, 120_000);
});
