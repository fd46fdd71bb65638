import { sessionAt } from "@kabuto/shared/market/sessions";
import { priceToUnits } from "@kabuto/shared/market/ticks";
import type { Market } from "@kabuto/shared/symbols";
import { breachesMaintenance, equity, profit, toMinor, walkBook } from "@kabuto/shared/trading/rules";
import type { Db } from "../db/database.ts";
import { holdingDayTrades, holdingPositions, marketOf, pendingLimitOrders } from "./trading.repo.ts";
import type { TradingService } from "./trading.service.ts";

/** Pending orders looked at per pass; the rest wait a second, oldest first. */
const ordersPerPassMax = 500;
/** Holding positions checked for margin per pass. */
const positionsPerPassMax = 5_000;

/**
 * The trigger worker: fills resting limit orders when the market reaches them and closes
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
  async pass(): Promise<{ filled: number; called: number; cutOff: number }> {
    const filled = await this.fillLimits();
    const cutOff = await this.dayTradeCutoffs();
    const called = await this.marginCalls();
    return { filled, called, cutOff };
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

  private async fillLimits(): Promise<number> {
    const rows = await pendingLimitOrders(this.db, ordersPerPassMax);
    const books = await this.trading.books(rows.map((row) => row.symbol));
    let filled = 0;
    for (const row of rows) {
      const book = books.get(row.symbol);
      const market = marketOf(row.symbol);
      if (!book || !this.canFill(market, row.session)) continue;
      const limit = row.limitUnits;
      const best = row.side === "long" ? book.asks[0] : book.bids[0];
      const bestUnits = best && priceToUnits(best.price, market);
      if (limit === null || bestUnits === undefined) continue;
      const crossed = row.side === "long" ? bestUnits <= limit : bestUnits >= limit;
      if (crossed && (await this.trading.fillLimit(row.id, book).catch(this.logged("limit fill"))))
        filled += 1;
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
