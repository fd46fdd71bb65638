import { sessionAt } from "@kabuto/shared/market/sessions";
import { priceToUnits } from "@kabuto/shared/market/ticks";
import type { Market } from "@kabuto/shared/symbols";
import { awaitsClosingCross } from "@kabuto/shared/trading/auctions";
import { breachesMaintenance, equity, profit, toMinor, walkBook } from "@kabuto/shared/trading/rules";
import {
  dayOrdersLapsedThrough,
  stopHold,
  stopTriggered,
  trailedTrigger,
} from "@kabuto/shared/trading/stops";
import { orderLapsed } from "@kabuto/shared/trading/validity";
import type { Db } from "../db/database.ts";
import {
  crossedStops,
  holdingDayTrades,
  holdingPositions,
  lapsedDayOrders,
  lapsedPtsOrders,
  marketOf,
  pendingAuctionOrders,
  pendingFillable,
  trailingStops,
  waitingStopSymbols,
  waitingStopsOf,
} from "./trading.repo.ts";
import type { TradingService } from "./trading.service.ts";

/** Pending orders looked at per pass; the rest wait a second, oldest first. */
const ordersPerPassMax = 500;
/**
 * Crossed stops fired per pass (and trailing stops moved). Firing one is a single conditional
 * update, far cheaper than a fill; the rest fire in the next pass, oldest first.
 */
const stopsPerPassMax = 5_000;
/** Holding positions checked for margin per pass. */
const positionsPerPassMax = 5_000;

/**
 * The trigger worker: lapses day orders after their date's close, fires stops whose trigger the
 * last trade crossed, fills resting limit orders (and fired stops) when the market reaches them, and closes
 * positions whose equity fell below the maintenance margin. It polls the database for work and
 * the bus for the newest books (through the trading service), so a crash loses nothing: the next pass picks up where the
 * last one was, and each fill or close is its own transaction that checks the row's status.
 */
export class TradingWorker {
  private readonly db: Db;
  private readonly trading: TradingService;
  private readonly alwaysOpen: boolean;
  private readonly now: () => number;
  private readonly log: (message: string, fields?: Record<string, unknown>) => void;
  /** The symbols whose stops the last pass that looked at them found held (`stopHold`). */
  private readonly held = new Set<string>();

  constructor(deps: {
    db: Db;
    trading: TradingService;
    alwaysOpen: boolean;
    now?: () => number;
    log?: (message: string, fields?: Record<string, unknown>) => void;
  }) {
    this.db = deps.db;
    this.trading = deps.trading;
    this.alwaysOpen = deps.alwaysOpen;
    this.now = deps.now ?? Date.now;
    this.log = deps.log ?? (() => undefined);
  }

  /** One look at every pending order and holding position. Returns what it did, for tests. */
  async pass(): Promise<{ expired: number; fired: number; filled: number; called: number; cutOff: number }> {
    const expired = await this.expireDayOrders();
    const fired = await this.fireStops();
    const filled = (await this.fillAuctions()) + (await this.fillLimits());
    const cutOff = await this.dayTradeCutoffs();
    const called = await this.marginCalls();
    return { expired, fired, filled, called, cutOff };
  }

  /**
   * The stop engine's own pass, over every symbol with waiting stops or over the symbols given: the
   * stops the newest prices cross fire, and what fired fills. The stop watch runs it for a symbol
   * as soon as a quote crosses one of its triggers, and over every symbol four times a second as
   * the safety net (stop-watch.ts). Cheap when nothing crosses (an index probe per symbol). The
   * pass over every symbol cancels lapsed orders first; a pass over a few leaves that to it (the
   * query reads every day order valid through the later market's date), and `fireStops` skips a
   * lapsed stop itself, so none fires after its day either way.
   */
  async stopPass(
    symbols?: readonly string[],
  ): Promise<{ expired: number; fired: number; filled: number; trailed: string[] }> {
    const expired = symbols ? 0 : await this.expireDayOrders();
    const { fired, trailed } = await this.fireAndTrail(symbols);
    const filled = fired.length > 0 ? await this.fillLimits(fired) : 0;
    return { expired, fired: fired.length, filled, trailed };
  }

  /** Everything but firing stops (`stopPass` does that): fills, day-trade cut-offs and margin calls. */
  async housekeeping(): Promise<{ filled: number; called: number; cutOff: number }> {
    const filled = (await this.fillAuctions()) + (await this.fillLimits());
    const cutOff = await this.dayTradeCutoffs();
    const called = await this.marginCalls();
    return { filled, called, cutOff };
  }

  /**
   * Cancels the resting orders (limits and stops) whose last valid date has closed, and releases
   * what they held; a 不成 order is filled at market there instead (`fillAtClose`), at the
   * closing cross, or lapses where that cannot fill it. An extended-hours order lapses when after hours end, a regular one at the
   * regular close. Limit orders placed before orders carried a date rest until cancelled.
   */
  async expireDayOrders(): Promise<number> {
    const nowMs = this.now();
    const options = { alwaysOpen: this.alwaysOpen };
    const lapsed = {
      JP: dayOrdersLapsedThrough("JP", nowMs, options),
      US: dayOrdersLapsedThrough("US", nowMs, options),
    };
    const rows = await lapsedDayOrders(this.db, lapsed, ordersPerPassMax);
    // A 不成 order does not lapse: it becomes a market order at its date's closing cross, or where
    // the feed printed none for that date within a minute (it was down, or runs around the
    // clock), at the book the session closed on. A 引け order fills at that cross if its limit
    // allows; without one it lapses as any day order.
    const atClose = (row: (typeof rows)[number]) => row.condition === "funari" || row.condition === "close";
    const closingBooks = await this.trading.books(
      rows.filter((row) => row.condition === "funari").map((row) => row.symbol),
    );
    const crosses = await this.trading.crosses(rows.filter(atClose).map((row) => row.symbol));
    let expired = 0;
    for (const row of rows) {
      if (row.validDate === null) continue;
      if (!orderLapsed(marketOf(row.symbol), row.session, row.validDate, nowMs, options)) continue;
      const found = crosses.get(row.symbol);
      const cross = found?.kind === "close" && found.tradingDate === row.validDate ? found.book : undefined;
      // Just past the close, an order for it waits for the cross the feed is about to print.
      if (atClose(row) && !cross && awaitsClosingCross(row.validDate, nowMs, options)) continue;
      const done =
        row.condition === "funari"
          ? this.trading.fillAtClose(row.id, cross ?? closingBooks.get(row.symbol))
          : row.condition === "close" && cross
            ? this.trading.fillAtCross(row.id, cross)
            : this.trading.expireOrder(row.id);
      if (await done.catch(this.logged("day order expiry"))) expired += 1;
    }
    // A PTS order lapses when the PTS session it was placed in ends.
    for (const row of await lapsedPtsOrders(this.db, nowMs, ordersPerPassMax)) {
      if (await this.trading.expireOrder(row.id).catch(this.logged("PTS order expiry"))) expired += 1;
    }
    return expired;
  }

  /**
   * Fires the waiting stops whose trigger the newest last trade crossed, of every symbol with
   * waiting stops or of the symbols given, in the regular session only. A symbol whose quote is
   * older than the bound holds its stops: the feed, not the market, has stopped, and firing on an
   * old price would fill at a new one. A stop whose day has closed never fires: the expiry cancels it.
   */
  async fireStops(only?: readonly string[]): Promise<number> {
    return (await this.fireAndTrail(only)).fired.length;
  }

  /**
   * `fireStops`, saying which stops it fired (the stop pass fills those, and only those) and which
   * symbols' trailing triggers it moved: the stop watch reads those symbols' triggers again at
   * once rather than at its next periodic pass.
   */
  private async fireAndTrail(only?: readonly string[]): Promise<{ fired: number[]; trailed: string[] }> {
    const none = { fired: [], trailed: [] };
    const symbols = only ?? (await waitingStopSymbols(this.db));
    if (symbols.length === 0) return none;
    const quotes = await this.trading.quotes(symbols);
    const nowMs = this.now();
    const options = { alwaysOpen: this.alwaysOpen };
    const regular = {
      JP: sessionAt("JP", nowMs, options).phase === "regular",
      US: sessionAt("US", nowMs, options).phase === "regular",
    };
    const lasts = new Map<string, number>();
    const held = new Set<string>();
    for (const symbol of symbols) {
      const state = quotes.get(symbol);
      const market = marketOf(symbol);
      if (stopHold(state?.quoteMs, nowMs, regular[market])) held.add(symbol);
      if (!state || !regular[market] || held.has(symbol)) continue;
      const last = priceToUnits(state.quote.last, market);
      if (last !== undefined) lasts.set(symbol, last);
    }
    await this.noteHolds(symbols, held, only === undefined).catch(this.logged("stop hold notice"));
    if (lasts.size === 0) return none;
    const trailed = await this.trail(lasts, only);
    const rows = await crossedStops(
      this.db,
      [...lasts].map(([symbol, lastUnits]) => ({ symbol, lastUnits })),
      stopsPerPassMax,
    );
    const fired: number[] = [];
    for (const row of rows) {
      const last = lasts.get(row.symbol);
      if (last === undefined || !stopTriggered(row.side, last, row.triggerUnits)) continue;
      const market = marketOf(row.symbol);
      if (row.validDate !== null && orderLapsed(market, row.session, row.validDate, nowMs, options)) continue;
      if (await this.trading.fireStop(row.id, row.memberId).catch(this.logged("stop trigger")))
        fired.push(row.id);
    }
    return { fired, trailed };
  }

  /**
   * Remembers which of the symbols looked at hold their stops, and tells the members of the stops
   * on a symbol that started or stopped holding: no account event follows the feed otherwise. A
   * pass over every symbol forgets those that no longer have stops waiting. After a restart the
   * first pass tells of every symbol held then; a member told twice only reads the list again.
   */
  private async noteHolds(
    looked: readonly string[],
    held: ReadonlySet<string>,
    everySymbol: boolean,
  ): Promise<void> {
    const changed = looked.filter((symbol) => held.has(symbol) !== this.held.has(symbol));
    for (const symbol of looked) {
      if (held.has(symbol)) this.held.add(symbol);
      else this.held.delete(symbol);
    }
    if (everySymbol) {
      const seen = new Set(looked);
      for (const symbol of this.held) if (!seen.has(symbol)) this.held.delete(symbol);
    }
    if (changed.length > 0) this.trading.tellStopHolds(await waitingStopsOf(this.db, changed));
  }

  /**
   * Moves each trailing stop's trigger after the best price, before the triggers are checked: a
   * trade that moves a trigger is that far from it, so it cannot also fire it. Returns the symbols
   * whose triggers moved.
   */
  private async trail(lasts: ReadonlyMap<string, number>, only?: readonly string[]): Promise<string[]> {
    const rows = await trailingStops(this.db, stopsPerPassMax, only);
    const moved = new Set<string>();
    for (const row of rows) {
      const last = lasts.get(row.symbol);
      const table = this.trading.tickTableOf(row.symbol);
      if (last === undefined || table === undefined || row.trailUnits === null) continue;
      const trailed = trailedTrigger(row.side, row.triggerUnits, last, row.trailUnits, table);
      if (trailed === row.triggerUnits) continue;
      if (await this.trading.trailStop(row.id, row.memberId, trailed).catch(this.logged("trailing stop")))
        moved.add(row.symbol);
    }
    return [...moved];
  }

  /**
   * Closes at market every day trade still open past the cut-off of the day it opened on. Each
   * close locks its position and checks it is still holding, so two workers close it once: the
   * second finds it closed and skips it. Outside a regular session the close is refused and the
   * position waits for the next open (the fallback real brokers use for every leftover).
   */
  async dayTradeCutoffs(): Promise<number> {
    const rows = await holdingDayTrades(this.db, positionsPerPassMax);
    const nowMs = this.now();
    let closed = 0;
    for (const row of rows) {
      const cutoff = this.trading.dayTradeCutoff(marketOf(row.symbol), row.openedAtMs);
      if (cutoff !== undefined && nowMs < cutoff) continue;
      const done = await this.trading
        .closePosition(row.memberId, String(row.id), undefined, "day_trade_cutoff")
        .catch(this.logged("day-trade cut-off"));
      if (done) closed += 1;
    }
    return closed;
  }

  /**
   * Settles the 寄付 and 引け orders whose auction the feed has printed: the newest quote is the
   * cross of their kind for their date. Each fills at the cross where its limit allows and is
   * cancelled there otherwise (`fillAtCross`); a 引け order's close is also in `expireDayOrders`,
   * which runs first in a pass. Returns the orders settled.
   */
  private async fillAuctions(): Promise<number> {
    const rows = await pendingAuctionOrders(this.db, ordersPerPassMax);
    if (rows.length === 0) return 0;
    const crosses = await this.trading.crosses(rows.map((row) => row.symbol));
    let settled = 0;
    for (const row of rows) {
      const cross = crosses.get(row.symbol);
      if (cross?.kind !== row.condition || cross.tradingDate !== row.validDate) continue;
      if (await this.trading.fillAtCross(row.id, cross.book).catch(this.logged("auction fill"))) settled += 1;
    }
    return settled;
  }

  /**
   * Fills the resting orders whose price the book reached: an order sent to the PTS on the PTS's
   * book, while the PTS session it was placed in lasts; every other on its market's book. Given
   * the stops a pass has just fired, only those, read by id (the other resting orders are the
   * housekeeping's), each waiting for its row rather than skipping it (`FillOptions`).
   */
  private async fillLimits(justFired?: readonly number[]): Promise<number> {
    const rows = await pendingFillable(this.db, ordersPerPassMax, justFired);
    const options = { justFired: justFired !== undefined };
    const atPts = (row: (typeof rows)[number]) => row.venue === "pts";
    const books = await this.trading.books(rows.filter((row) => !atPts(row)).map((row) => row.symbol));
    const ptsBooks = await this.trading.books(
      rows.filter(atPts).map((row) => row.symbol),
      "pts",
    );
    const nowMs = this.now();
    const ptsOpen = this.trading.ptsSession(nowMs).phase !== "closed";
    let filled = 0;
    for (const row of rows) {
      const book = atPts(row) ? ptsBooks.get(row.symbol) : books.get(row.symbol);
      const market = marketOf(row.symbol);
      const open = atPts(row)
        ? ptsOpen && (row.lapsesAtMs === null || nowMs < row.lapsesAtMs)
        : this.canFill(market, row.session);
      if (!book || !open) continue;
      const limit = row.limitUnits;
      const best = row.side === "long" ? book.asks[0] : book.bids[0];
      const bestUnits = best && priceToUnits(best.price, market);
      if (bestUnits === undefined) continue;
      // A fired stop market (no limit) takes the book as it is.
      const crossed = limit === null || (row.side === "long" ? bestUnits <= limit : bestUnits >= limit);
      if (!crossed) continue;
      const done =
        row.closesPositionId === null
          ? this.trading.fillLimit(row.id, book, options)
          : this.trading.fillClose(row.id, row.memberId, row.closesPositionId, book, options);
      if (await done.catch(this.logged("order fill"))) filled += 1;
    }
    return filled;
  }

  private async marginCalls(): Promise<number> {
    const rows = await holdingPositions(this.db, positionsPerPassMax);
    const books = await this.trading.books(rows.map((row) => row.symbol));
    const nowMs = this.now();
    let called = 0;
    for (const row of rows) {
      const market = marketOf(row.symbol);
      const book = books.get(row.symbol);
      if (!book || sessionAt(market, nowMs, { alwaysOpen: this.alwaysOpen }).phase !== "regular") continue;
      // Marked at what closing would fetch: a long sells into the bids, a short buys the asks.
      const fill = walkBook(book, market, row.side === "long" ? "short" : "long", row.quantity);
      if (!fill) continue;
      const pnl = profit(row.side, row.openNotional, toMinor(fill.scaledNotional, market));
      const current = equity(row.margin, pnl);
      const terms = this.trading.termsOf(market);
      if (!breachesMaintenance(row.initialMargin, current, terms.maintenancePct)) continue;
      const closed = await this.trading
        .closePosition(row.memberId, String(row.id), undefined, "margin_call")
        .catch(this.logged("margin call"));
      if (closed) called += 1;
    }
    return called;
  }

  private canFill(market: Market, session: string): boolean {
    const phase = sessionAt(market, this.now(), { alwaysOpen: this.alwaysOpen }).phase;
    return phase === "regular" || (session === "extended" && (phase === "pre" || phase === "after"));
  }

  private logged(what: string) {
    return (error: unknown) => {
      // A refusal here (the member closed it first, the book moved) is ordinary; the next pass retries.
      this.log(`${what} skipped`, { error: String(error) });
      return undefined;
    };
  }
}
