import { isTradingDay, marketDate, nextTradingDay } from "../market/calendar.ts";
import { type SessionOptions, sessionWindows } from "../market/sessions.ts";
import type { OrderVenue } from "../market/venues.ts";
import type { Market } from "../symbols.ts";

/**
 * The TSE's execution conditions (執行条件) that Kabuto takes on a Tokyo limit order. `ioc`: what
 * the book allows now fills, the rest is cancelled at once and its hold released; an order here
 * fills whole or not at all, so an IOC fills whole at once or is cancelled. `funari` (不成): a
 * limit during the day; if it has not filled by the day's close, it becomes a market order there.
 * `open` (寄付) and `close` (引け): a limit that trades only in the day's opening or closing
 * auction (the feed's cross at 9:00 or 15:30), at the cross price if its limit allows, else it
 * is cancelled there. Market orders with these conditions are not taken.
 */
export const orderConditions = ["ioc", "funari", "open", "close"] as const;
export type OrderCondition = (typeof orderConditions)[number];

/** Why an order cannot carry its condition; each is an error code of trading. */
export type ConditionRefusal =
  /** A New York name, or a Tokyo order sent to the PTS or by the smart route: conditions are the TSE's. */
  | "CONDITION_TSE_ONLY"
  /** A market order fills at once or is refused already; 不成 is a limit's by definition. */
  | "CONDITION_MARKET_ORDER"
  /** A stop or stop-limit waits in the broker's engine, not at the TSE. */
  | "CONDITION_STOP_ORDER"
  /** An IFD parent, a closing order or a day trade: their own lifecycles decide when they fill. */
  | "CONDITION_ATTACHED_ORDER"
  /** Every condition lives one day (one auction): no validity past the first. */
  | "VALIDITY_DAY_ONLY";

/** What the rules read of an order request. */
export interface ConditionedOrder {
  market: Market;
  venue: OrderVenue | undefined;
  type: "market" | "limit" | "stop" | "stop_limit";
  condition: OrderCondition | undefined;
  hasIfd: boolean;
  closesPosition: boolean;
  dayTrade: boolean;
  validUntil: string | undefined;
}

/**
 * Whether the order may carry its condition: undefined when it may (or has none), else the code
 * to refuse it with. The order sheet asks the same to disable the choices an order cannot take.
 */
export function conditionRefusal(order: ConditionedOrder): ConditionRefusal | undefined {
  if (order.condition === undefined) return undefined;
  if (order.market !== "JP" || (order.venue !== undefined && order.venue !== "tse"))
    return "CONDITION_TSE_ONLY";
  if (order.type === "market") return "CONDITION_MARKET_ORDER";
  if (order.type !== "limit") return "CONDITION_STOP_ORDER";
  if (order.hasIfd || order.closesPosition || order.dayTrade) return "CONDITION_ATTACHED_ORDER";
  if (order.validUntil !== undefined) return "VALIDITY_DAY_ONLY";
  return undefined;
}

/**
 * How long past its date's close a 不成 order waits for the feed's closing cross before it takes
 * the closing book instead: the cross prints in the feed's first step after the close, and a
 * worker pass a moment earlier must not fill at the book a cross is about to replace.
 */
export const closingCrossWaitMs = 60_000;

/**
 * Whether a 不成 order valid for `validDate` still waits at `nowMs` for that date's closing cross:
 * within `closingCrossWaitMs` of the TSE's close. Never around the clock, where no cross prints.
 */
export function awaitsClosingCross(validDate: string, nowMs: number, options: SessionOptions = {}): boolean {
  if (options.alwaysOpen) return false;
  const regular = sessionWindows("JP", validDate).filter((window) => window.phase === "regular");
  const closeMs = regular[regular.length - 1]?.endMs;
  return closeMs !== undefined && nowMs < closeMs + closingCrossWaitMs;
}

/** The conditions that trade in an auction only: never on the continuous book. */
export function isAuctionOnly(condition: OrderCondition | null | undefined): condition is "open" | "close" {
  return condition === "open" || condition === "close";
}

/**
 * The trading date of the next TSE auction of this kind at `nowMs`: today's opening cross until
 * 9:00 (then the next trading day's); today's closing cross until 15:30. The lunch break's edges
 * are not auctions here.
 */
export function nextAuctionDate(kind: "open" | "close", nowMs: number): string {
  const today = marketDate("JP", nowMs);
  const regular = isTradingDay("JP", today)
    ? sessionWindows("JP", today).filter((window) => window.phase === "regular")
    : [];
  const atMs = kind === "open" ? regular[0]?.startMs : regular[regular.length - 1]?.endMs;
  return atMs !== undefined && nowMs < atMs ? today : nextTradingDay("JP", today);
}
