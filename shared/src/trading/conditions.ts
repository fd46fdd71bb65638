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

/** The conditions that trade in an auction only: never on the continuous book. */
export function isAuctionOnly(condition: OrderCondition | null | undefined): condition is "open" | "close" {
  return condition === "open" || condition === "close";
}
