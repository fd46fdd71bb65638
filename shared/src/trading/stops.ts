import { marketDate } from "../market/calendar.ts";
import { type SessionOptions, sessionAt, sessionWindows } from "../market/sessions.ts";
import { isOnTick, roundToTick, type TickTable } from "../market/ticks.ts";
import type { Market } from "../symbols.ts";
import type { Side } from "./rules.ts";

/**
 * Stop orders (逆指値): the exchange takes only market and limit orders, so the broker holds a stop
 * and sends an ordinary order when its own feed's last trade crosses the trigger. These are the
 * rules of that, pure, shared by the API (which decides) and the order sheet (which explains).
 * Prices are integer price units of the market (`priceToUnits`).
 */

/**
 * A quote older than this is stale: new stops on the symbol are refused and waiting ones hold,
 * as brokers do when their feed fails (Rakuten). The simulator publishes a moving name several
 * times a second; a minute without a trade in an open session means the feed, not the market, stopped.
 */
export const quoteStaleAfterMs = 60_000;

/**
 * A US stop-market buy has no daily limit to bound its fill, so it holds money for a fill up to
 * this share of its trigger (Robinhood collars its stops at 5%; we hold twice that).
 */
export const stopHoldPctWithoutLimits = 110;

/** Whether the last trade fires the stop: a buy stop at or above its trigger, a sell stop at or below. */
export function stopTriggered(side: Side, lastUnits: number, triggerUnits: number): boolean {
  return side === "long" ? lastUnits >= triggerUnits : lastUnits <= triggerUnits;
}

/** Whether a quote published at `quoteMs` is too old to trade stops on at `nowMs`. */
export function quoteStale(quoteMs: number, nowMs: number): boolean {
  return nowMs - quoteMs > quoteStaleAfterMs;
}

/**
 * Why a waiting stop cannot fire now, as the member is told it: the symbol's quotes went stale in
 * an open session (`sinceMs`: when the last one was published; null when the feed never sent one).
 */
export interface StopHold {
  reason: "quote_stale";
  sinceMs: number | null;
}

/**
 * Whether a waiting stop on a symbol holds at `nowMs`: in the regular session (the only one stops
 * fire in), when its newest quote is missing or older than the bound. The engine skips such a
 * symbol by this rule and the orders list tells the member by it, so the two never disagree.
 * Outside the regular session nothing fires anyway and no quote is expected: no hold.
 */
export function stopHold(quoteMs: number | undefined, nowMs: number, regular: boolean): StopHold | null {
  if (!regular) return null;
  if (quoteMs === undefined) return { reason: "quote_stale", sinceMs: null };
  return quoteStale(quoteMs, nowMs) ? { reason: "quote_stale", sinceMs: quoteMs } : null;
}

/** What the market looks like to a new stop: the last trade, its age and the day's band. */
export interface StopMarket {
  market: Market;
  table: TickTable;
  lastUnits: number;
  /** When the feed published the quote, epoch ms. */
  quoteMs: number;
  /** The day's price limits in price units (Tokyo); null where the market has none. */
  limit: { upUnits: number; downUnits: number } | null;
  /** The market's phase now. */
  phase: string;
}

/** A refusal of a new stop: its error code and what the member needs to correct it. */
export type StopRefusal = { code: StopRefusalCode; params?: Record<string, number | string> };
export type StopRefusalCode =
  | "STOP_OUTSIDE_REGULAR"
  | "QUOTE_STALE"
  | "TRIGGER_INVALID"
  | "TRIGGER_OFF_TICK"
  | "TRIGGER_LIMIT_EXCEEDED"
  | "TRIGGER_WRONG_SIDE";

/**
 * Checks a new stop's trigger, in the order a member should hear about it: the session (US stops
 * trade in the regular session only, as US brokers run them; a Tokyo stop placed while the market
 * is shut waits for the next session), the feed while the market is open, then the trigger itself:
 * a positive price on the tick grid, inside the day's band, and on the side of the last trade that
 * has not yet fired it (a buy stop above, a sell stop below). Undefined when it may be placed.
 */
export function checkNewStop(
  side: Side,
  triggerUnits: number,
  at: StopMarket,
  nowMs: number,
): StopRefusal | undefined {
  if (at.market === "US" && at.phase !== "regular")
    return { code: "STOP_OUTSIDE_REGULAR", params: { phase: at.phase } };
  // Only an open market's quotes go stale: after the close the last one stands until the next open.
  if (at.phase === "regular" && quoteStale(at.quoteMs, nowMs))
    return { code: "QUOTE_STALE", params: { quoteMs: at.quoteMs } };
  if (!Number.isSafeInteger(triggerUnits) || triggerUnits <= 0) return { code: "TRIGGER_INVALID" };
  if (!isOnTick(at.table, triggerUnits)) return { code: "TRIGGER_OFF_TICK" };
  if (at.limit && (triggerUnits > at.limit.upUnits || triggerUnits < at.limit.downUnits)) {
    return {
      code: "TRIGGER_LIMIT_EXCEEDED",
      params: { limitUpUnits: at.limit.upUnits, limitDownUnits: at.limit.downUnits },
    };
  }
  if (stopTriggered(side, at.lastUnits, triggerUnits)) {
    return { code: "TRIGGER_WRONG_SIDE", params: { lastUnits: at.lastUnits } };
  }
  return undefined;
}

/**
 * The price a waiting stop holds money at, so it never fails for money when it fires: a stop-limit
 * at its limit (as a limit order holds); a stop-market buy at the day's upper limit, the most it can
 * fill at, or where there is none at `stopHoldPctWithoutLimits` of its trigger; a stop-market sell at
 * its trigger (it fills at or below; a short's resting hold adds its own margin above, `limitHoldNotional`).
 */
export function stopHoldUnits(
  side: Side,
  stop: { triggerUnits: number; limitUnits: number | null },
  limitUpUnits: number | null,
): number {
  if (stop.limitUnits !== null) return stop.limitUnits;
  if (side === "short") return stop.triggerUnits;
  return limitUpUnits ?? Math.ceil((stop.triggerUnits * stopHoldPctWithoutLimits) / 100);
}

/**
 * Whether a day order for `validDate` (the trading date it was placed for) has lapsed at `nowMs`:
 * once that date's last regular session has ended. Around the clock (`alwaysOpen`), once the
 * exchange's calendar day has moved on.
 */
export function dayOrderExpired(
  market: Market,
  validDate: string,
  nowMs: number,
  options: SessionOptions = {},
): boolean {
  if (options.alwaysOpen) return marketDate(market, nowMs) > validDate;
  const regular = sessionWindows(market, validDate).filter((window) => window.phase === "regular");
  const last = regular[regular.length - 1];
  return last === undefined || nowMs >= last.endMs;
}

/**
 * The newest valid date whose day orders have all lapsed at `nowMs`, as a bound the database can
 * use: `valid_date < date`, or `<= date` when `inclusive` (today's close has passed). Every date
 * before today has lapsed; today's has once its last regular session is over.
 */
export function dayOrdersLapsedThrough(
  market: Market,
  nowMs: number,
  options: SessionOptions = {},
): { date: string; inclusive: boolean } {
  const today = marketDate(market, nowMs);
  return { date: today, inclusive: dayOrderExpired(market, today, nowMs, options) };
}

/** The trading date a day order placed at `nowMs` is valid for: today's, or the next trading day's once today's is over. */
export function dayOrderDate(market: Market, nowMs: number, options: SessionOptions = {}): string {
  return sessionAt(market, nowMs, options).tradingDate;
}

/**
 * A trailing stop's trigger after a last trade: it follows the best price since it was placed at
 * `trailUnits` (a sell stop that far below the highest, a buy stop that far above the lowest),
 * rounded onto the tick grid away from the price, and never moves back. Rakuten offers it to close
 * a position only, which is what we take. Returns the trigger unchanged when the trade does not
 * improve it.
 */
export function trailedTrigger(
  side: Side,
  triggerUnits: number,
  lastUnits: number,
  trailUnits: number,
  table: TickTable,
): number {
  const candidate = trailStart(side, lastUnits, trailUnits, table);
  if (candidate === undefined) return triggerUnits;
  return side === "short" ? Math.max(candidate, triggerUnits) : Math.min(candidate, triggerUnits);
}

/** A trailing stop's first trigger, `trailUnits` from the last trade; undefined when no price is that far below. */
export function trailStart(
  side: Side,
  lastUnits: number,
  trailUnits: number,
  table: TickTable,
): number | undefined {
  const raw = side === "short" ? lastUnits - trailUnits : lastUnits + trailUnits;
  if (raw <= 0) return undefined;
  return roundToTick(table, raw, side === "short" ? "down" : "up");
}
