import type { DividendDetail, DividendPayment, UpcomingDividend } from "@kabuto/shared/api/dividends";
import {
  type DividendEvent,
  dividendsBetween,
  entitlementOf,
  parseDividendId,
} from "@kabuto/shared/dividends/schedule";
import { marketDate } from "@kabuto/shared/market/calendar";
import type { InstrumentCatalog } from "@kabuto/shared/market/catalog";
import { addDays } from "@kabuto/shared/market/iso-date";
import { unitsToPrice } from "@kabuto/shared/market/ticks";
import { tradingUnit } from "@kabuto/shared/market/units";
import { zonedWallClockMs } from "@kabuto/shared/market/zone-time";
import { type Market, marketZone } from "@kabuto/shared/symbols";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type AccountEvents, transactThenEmit } from "../events/account-events.ts";
import { lockAvailable, postJournal } from "../ledger/ledger.repo.ts";
import { dividendJournal, type PaymentDraft } from "./dividend-drafts.ts";
import {
  type HeldPosition,
  insertPayment,
  memberPayments,
  memberPaymentsOn,
  openHoldings,
  type PaymentRow,
  unpaidHolders,
  watchlistSymbols,
} from "./dividends.repo.ts";

/** Tax withheld from a long's dividend, parts per million, per market. */
export interface DividendTerms {
  withholdingPpm: Readonly<Record<Market, number>>;
}

/** How far ahead the calendar looks: beyond a Japanese half-year's announcement lead. */
const calendarDays = 200;
/**
 * The dividends on a symbol the calendar shows on `today` (the exchange's date): announced by
 * then, with an ex-date from tomorrow to `calendarDays` ahead.
 */
export function announcedUpcoming(
  catalog: InstrumentCatalog,
  symbol: string,
  today: string,
): DividendEvent[] {
  const instrument = catalog.instrumentBySymbol.get(symbol);
  const policy = catalog.dividendPolicy(symbol);
  if (!instrument || !policy) return [];
  return dividendsBetween(
    symbol,
    instrument.market,
    policy,
    addDays(today, 1),
    addDays(today, calendarDays),
  ).filter((event) => event.announceDate <= today);
}

/** Ex-dates a worker pass looks back over, so a worker that was away a fortnight still pays. */
const catchUpDays = 14;
/** Positions one query hands the worker; a larger holding list is paid over several reads. */
const holdersPerRead = 200;
/** Payments the history shows: years of quarterly dividends on a handful of names. */
const historyMax = 200;

/**
 * How long after an ex-date begins a pass that finds nobody left to pay settles the dividend for
 * this process: an order that opened a position just before the cut-off has committed by then.
 */
const settleAfterMs = 60_000;

/** Thrown inside a payment's transaction when another worker paid the position first: rolls its journal back. */
class AlreadyPaid extends Error {}

/**
 * Dividends: the calendar of announced dividends on what a member holds or watches, and the
 * payments on positions held across an ex-date. The worker pays on the ex-date itself (the day
 * the price opens lower by the dividend, so a holder's equity does not dip in between), each
 * position once whatever the number of workers: the (position, dividend) key decides.
 */
export class DividendsService {
  private readonly db: Db;
  private readonly catalog: InstrumentCatalog;
  private readonly now: () => number;
  private readonly events: AccountEvents;
  private readonly terms: DividendTerms;
  /** Dividends this process has found fully paid: no position can become entitled after its cut-off. */
  private readonly settled = new Set<string>();

  constructor(deps: {
    db: Db;
    catalog: InstrumentCatalog;
    now: () => number;
    events: AccountEvents;
    terms: DividendTerms;
  }) {
    this.db = deps.db;
    this.catalog = deps.catalog;
    this.now = deps.now;
    this.events = deps.events;
    this.terms = deps.terms;
  }

  /** Announced dividends with an ex-date after today on the member's holdings and watchlist, soonest first. */
  async upcoming(memberId: string): Promise<UpcomingDividend[]> {
    const [holdings, watched] = await Promise.all([
      openHoldings(this.db, memberId),
      watchlistSymbols(this.db, memberId),
    ]);
    const symbols = new Set([...holdings.map((holding) => holding.symbol), ...watched]);
    const nowMs = this.now();
    const items: UpcomingDividend[] = [];
    for (const symbol of symbols) {
      const instrument = this.catalog.instrumentBySymbol.get(symbol);
      if (!instrument) continue;
      for (const event of announcedUpcoming(this.catalog, symbol, marketDate(instrument.market, nowMs))) {
        items.push(this.upcomingOf(event, holdings, watched.includes(symbol)));
      }
    }
    return items.sort((a, b) => a.exDate.localeCompare(b.exDate) || a.symbol.localeCompare(b.symbol));
  }

  async history(memberId: string): Promise<DividendPayment[]> {
    return (await memberPayments(this.db, memberId, historyMax)).map((row) => this.paymentOf(row));
  }

  /** One dividend by its id: announced ones only, so nobody reads a dividend before it is public. */
  async detail(memberId: string, id: string): Promise<DividendDetail> {
    const parsed = parseDividendId(id);
    const instrument = parsed && this.catalog.instrumentBySymbol.get(parsed.symbol);
    const policy = parsed && this.catalog.dividendPolicy(parsed.symbol);
    if (!parsed || !instrument || !policy) throw new AppError("DIVIDEND_NOT_FOUND");
    const event = dividendsBetween(parsed.symbol, instrument.market, policy, parsed.exDate, parsed.exDate)[0];
    const today = marketDate(instrument.market, this.now());
    if (!event || event.announceDate > today) throw new AppError("DIVIDEND_NOT_FOUND");
    const [holdings, watched, payments] = await Promise.all([
      openHoldings(this.db, memberId),
      watchlistSymbols(this.db, memberId),
      memberPaymentsOn(this.db, memberId, event.id),
    ]);
    const upcoming = event.exDate > today;
    return {
      dividend: this.upcomingOf(event, upcoming ? holdings : [], watched.includes(event.symbol)),
      status: upcoming ? "upcoming" : "ex",
      payments: payments.map((row) => this.paymentOf(row)),
    };
  }

  /**
   * The worker's pass: for every dividend whose ex-date has begun in the last fortnight, pays
   * each position held at the close before it (opened before the ex-date began in the market's
   * zone, not closed before then) that is not yet paid, one position per transaction. Returns
   * the payments made.
   */
  async pay(): Promise<number> {
    const nowMs = this.now();
    let paid = 0;
    for (const instrument of this.catalog.instruments) {
      const policy = this.catalog.dividendPolicy(instrument.symbol);
      if (!policy) continue;
      const today = marketDate(instrument.market, nowMs);
      const due = dividendsBetween(
        instrument.symbol,
        instrument.market,
        policy,
        addDays(today, -catchUpDays),
        today,
      );
      for (const event of due) {
        const cutoffMs = zonedWallClockMs(marketZone[instrument.market], event.exDate, 0, 0);
        if (cutoffMs > nowMs || this.settled.has(event.id)) continue;
        const count = await this.payHolders(event, cutoffMs, nowMs);
        paid += count;
        if (count === 0 && nowMs - cutoffMs > settleAfterMs) this.settled.add(event.id);
      }
    }
    return paid;
  }

  private async payHolders(event: DividendEvent, cutoffMs: number, nowMs: number): Promise<number> {
    let paid = 0;
    for (;;) {
      const holders = await unpaidHolders(this.db, {
        symbol: event.symbol,
        dividendId: event.id,
        cutoffMs,
        limit: holdersPerRead,
      });
      let progressed = false;
      for (const holder of holders) {
        if (await this.payOne(event, holder, nowMs)) paid += 1;
        progressed = true;
      }
      if (!progressed || holders.length < holdersPerRead) return paid;
    }
  }

  /** Pays one position in its own transaction; false if another worker already had. */
  private async payOne(event: DividendEvent, holder: HeldPosition, nowMs: number): Promise<boolean> {
    const draft: PaymentDraft = {
      memberId: holder.memberId,
      positionId: holder.id,
      symbol: event.symbol,
      market: event.market,
      currency: event.currency,
      exDate: event.exDate,
      side: holder.side,
      quantity: holder.quantity,
      perShareUnits: event.perShareUnits,
      entitlement: entitlementOf(
        event.market,
        holder.side,
        holder.quantity,
        event.perShareUnits,
        this.terms.withholdingPpm[event.market],
      ),
    };
    try {
      return await transactThenEmit(this.db, this.events, async (tx) => {
        // A short's payment takes what available cash it can; the lock keeps that figure true.
        const available =
          holder.side === "short" ? await lockAvailable(tx, holder.memberId, event.currency) : 0n;
        const journalId = await postJournal(tx, dividendJournal(draft, available), nowMs);
        const inserted = await insertPayment(tx, {
          dividendId: event.id,
          positionId: holder.id,
          memberId: holder.memberId,
          symbol: event.symbol,
          currency: event.currency,
          exDate: event.exDate,
          side: holder.side,
          quantity: holder.quantity,
          perShareUnits: event.perShareUnits,
          gross: draft.entitlement.gross,
          withheld: draft.entitlement.withheld,
          net: draft.entitlement.net,
          journalId,
          createdAtMs: nowMs,
        });
        if (!inserted) throw new AlreadyPaid();
        return {
          value: true,
          events: [{ memberId: holder.memberId, event: { type: "balance", id: event.currency } }],
        };
      });
    } catch (error) {
      if (error instanceof AlreadyPaid) return false;
      throw error;
    }
  }

  private upcomingOf(
    event: DividendEvent,
    holdings: readonly { symbol: string; side: "long" | "short"; quantity: number }[],
    watchlisted: boolean,
  ): UpcomingDividend {
    const instrument = this.catalog.instrumentBySymbol.get(event.symbol);
    if (!instrument) throw new Error(`dividend on an unknown symbol ${event.symbol}`);
    const withholdingPpm = this.terms.withholdingPpm[event.market];
    const held = holdings.filter((holding) => holding.symbol === event.symbol);
    const heldLong = held.filter((h) => h.side === "long").reduce((sum, h) => sum + h.quantity, 0);
    const heldShort = held.filter((h) => h.side === "short").reduce((sum, h) => sum + h.quantity, 0);
    const netOf = (side: "long" | "short", quantity: number) =>
      quantity > 0
        ? entitlementOf(event.market, side, quantity, event.perShareUnits, withholdingPpm).net
        : 0n;
    return {
      id: event.id,
      symbol: event.symbol,
      name: instrument.name,
      market: event.market,
      currency: event.currency,
      exDate: event.exDate,
      recordDate: event.recordDate,
      announceDate: event.announceDate,
      perShare: unitsToPrice(event.perShareUnits, event.market),
      lotSize: tradingUnit[event.market],
      perUnitNet: netOf("long", tradingUnit[event.market]).toString(),
      withholdingPpm,
      heldLong,
      heldShort,
      estimate: held.length > 0 ? (netOf("long", heldLong) + netOf("short", heldShort)).toString() : null,
      watchlisted,
    };
  }

  private paymentOf(row: PaymentRow): DividendPayment {
    const instrument = this.catalog.instrumentBySymbol.get(row.symbol);
    const market: Market = instrument?.market ?? (row.currency === "JPY" ? "JP" : "US");
    return {
      id: String(row.id),
      dividendId: row.dividendId,
      symbol: row.symbol,
      name: instrument?.name ?? { ja: row.symbol, en: row.symbol, zhHant: row.symbol },
      currency: row.currency,
      exDate: row.exDate,
      positionId: String(row.positionId),
      side: row.side,
      quantity: row.quantity,
      perShare: unitsToPrice(row.perShareUnits, market),
      gross: row.gross.toString(),
      withheld: row.withheld.toString(),
      net: row.net.toString(),
      journalId: String(row.journalId),
      paidAtMs: row.createdAtMs,
    };
  }
}

/** The withholding rates from the API's settings. */
export function dividendTermsOf(config: {
  DIVIDEND_WITHHOLDING_PPM_JP: number;
  DIVIDEND_WITHHOLDING_PPM_US: number;
}): DividendTerms {
  return {
    withholdingPpm: { JP: config.DIVIDEND_WITHHOLDING_PPM_JP, US: config.DIVIDEND_WITHHOLDING_PPM_US },
  };
}
