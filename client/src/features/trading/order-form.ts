import type { OrderType, PlaceOrder } from "@kabuto/shared/api/trading";
import { placeOrderSchema } from "@kabuto/shared/api/trading";
import type { TickTable } from "@kabuto/shared/market/ticks";
import { isOnTick, priceToUnits, roundToTick, stepTicks, unitsToPrice } from "@kabuto/shared/market/ticks";
import { type OrderVenue, ptsTickTable } from "@kabuto/shared/market/venues";
import type { Market } from "@kabuto/shared/symbols";
import { checkAttached } from "@kabuto/shared/trading/attached";
import { conditionRefusal, type OrderCondition } from "@kabuto/shared/trading/conditions";
import type { Side } from "@kabuto/shared/trading/rules";

import { type FieldError, fieldErrorCode } from "../../lib/api-error.ts";
/**
 * The order panel's form, checked in the browser with the server's own rules (whole lots, the
 * tick grid, the daily price limits) so most mistakes show at the field before a round trip.
 * The server checks everything again; its refusals map back onto the same fields.
 */

export type OrderSession = "regular" | "extended";

export interface OrderForm {
  symbol: string;
  side: Side;
  type: OrderType;
  session: OrderSession;
  /** Lots as typed. */
  lots: string;
  leverage: number;
  /** The limit price as typed (limit and stop-limit orders only). */
  price: string;
  /** The trigger price as typed (stop and stop-limit orders only). */
  trigger: string;
  /**
   * The last date a resting order (limit, stop, stop-limit, regular session) waits; empty for a
   * day order.
   */
  validUntil?: string;
  /**
   * IFD / IFDOCO: the closing orders to place when this one fills, as typed; a leg left out is
   * not asked for.
   */
  ifd?: { takeProfit?: string | undefined; stopLoss?: string | undefined };
  /**
   * Tokyo's names only: where the order goes (`venue.ts` picks it). A PTS order is a limit order
   * on the PTS's grid, for its session only; never sent for a US name.
   */
  venue?: OrderVenue | undefined;
  /** Tokyo's names at the TSE only: the execution condition (IOC, 不成); none for an ordinary order. */
  condition?: OrderCondition | undefined;
}

export interface OrderContext {
  market: Market;
  lotSize: number;
  tickTable: TickTable;
  limitUp: string | null | undefined;
  limitDown: string | null | undefined;
  /** The last trade, which a new stop's trigger must not have reached yet. */
  last?: string | undefined;
  /**
   * Whether the TSE is in its session: outside it a PTS order is a cash (1×) order. The
   * limits above are the PTS quote's for a PTS order (the TSE's limits from the PTS's base).
   */
  tseInSession?: boolean | undefined;
}

/** Where an error shows: a field of the form, or the estimate's total (an insufficient balance). */
export type OrderField =
  | "venue"
  | "condition"
  | "type"
  | "session"
  | "price"
  | "trigger"
  | "quantity"
  | "leverage"
  | "validity"
  | "ifdProfit"
  | "ifdLoss"
  | "required";
export type OrderErrors = Partial<Record<OrderField, string>>;

/** Most lots one order may ask for in the form: far above any real order, below any overflow. */
export const lotsMax = 100_000;

/** Whole lots, 1 to lotsMax; undefined for anything else. */
export function parseLots(text: string): number | undefined {
  if (!/^[1-9]\d{0,5}$/.test(text.trim())) return undefined;
  const lots = Number(text.trim());
  return lots <= lotsMax ? lots : undefined;
}

/** Checks a limit price: a decimal on the grid, inside the day's limits. Returns an error code or nothing. */
export function limitPriceError(price: string, context: OrderContext): string | undefined {
  const text = price.trim();
  if (text === "") return "PRICE_REQUIRED";
  const units = priceToUnits(text, context.market);
  if (units === undefined || units <= 0 || text.startsWith("-")) return "PRICE_INVALID";
  if (!isOnTick(context.tickTable, units)) return "PRICE_OFF_TICK";
  const up = context.limitUp ? priceToUnits(context.limitUp, context.market) : undefined;
  const down = context.limitDown ? priceToUnits(context.limitDown, context.market) : undefined;
  if ((up !== undefined && units > up) || (down !== undefined && units < down)) return "PRICE_LIMIT_EXCEEDED";
  return undefined;
}

/** Whether an order type waits for a trigger (逆指値). */
export function isStopType(type: OrderType): type is "stop" | "stop_limit" {
  return type === "stop" || type === "stop_limit";
}

/**
 * Whether an order of this type and session may wait past today: limit, stop and stop-limit
 * orders of the regular session. Market orders fill at once, and extended hours are day only.
 */
export function rests(type: OrderType, session: OrderSession, venue?: OrderVenue): boolean {
  return type !== "market" && session === "regular" && venue !== "pts";
}

/** The grid a price of this order is checked on: the PTS's (a tenth of the TSE's) for a PTS order. */
export function venueTickTable(table: TickTable, venue: OrderVenue | undefined): TickTable {
  return venue === "pts" ? ptsTickTable(table) : table;
}

/**
 * What the venue refuses of the order, as the server does: the PTS takes limit orders only, at
 * 1× outside the TSE's session; the smart route takes market orders only. Empty: nothing.
 */
function venueErrors(form: OrderForm, type: OrderType, context: OrderContext): OrderErrors {
  if (context.market !== "JP") return {};
  if (form.venue === "pts") {
    if (type === "market") return { type: "PTS_MARKET_ORDER" };
    if (isStopType(type)) return { type: "PTS_STOP_ORDER" };
    if (form.leverage > 1 && context.tseInSession === false) return { leverage: "PTS_MARGIN_CLOSED" };
  }
  if (form.venue === "smart" && type !== "market") return { venue: "SMART_ROUTE_MARKET_ONLY" };
  return {};
}

/** Whether an order type carries a limit price. */
export function hasLimitPrice(type: OrderType): boolean {
  return type === "limit" || type === "stop_limit";
}

const triggerCodes: Record<string, string> = {
  PRICE_REQUIRED: "TRIGGER_REQUIRED",
  PRICE_INVALID: "TRIGGER_INVALID",
  PRICE_OFF_TICK: "TRIGGER_OFF_TICK",
  PRICE_LIMIT_EXCEEDED: "TRIGGER_LIMIT_EXCEEDED",
};

/**
 * Checks a stop's trigger as the server will (`checkNewStop`): a price on the grid inside the day's
 * limits, on the side of the last trade that has not fired it yet (a buy stop above, a sell stop below).
 */
export function triggerPriceError(trigger: string, side: Side, context: OrderContext): string | undefined {
  const priceError = limitPriceError(trigger, context);
  if (priceError) return triggerCodes[priceError] ?? priceError;
  const units = priceToUnits(trigger.trim(), context.market);
  const last = context.last === undefined ? undefined : priceToUnits(context.last, context.market);
  if (units !== undefined && last !== undefined && (side === "long" ? last >= units : last <= units))
    return "TRIGGER_WRONG_SIDE";
  return undefined;
}

/** The order to send, or the errors to show at the fields. */
export function buildOrder(
  form: OrderForm,
  context: OrderContext,
): { order: PlaceOrder; errors?: undefined } | { order?: undefined; errors: OrderErrors } {
  const errors: OrderErrors = {};
  const lots = parseLots(form.lots);
  if (lots === undefined) errors.quantity = "QUANTITY_INVALID";
  // Pre-market and after-hours take limit orders only (as US brokers do).
  const type: OrderType = form.session === "extended" ? "limit" : form.type;
  if (form.session === "extended" && context.market !== "US") errors.session = "SESSION_INVALID";
  Object.assign(errors, venueErrors(form, type, context));
  const venue = context.market === "JP" ? form.venue : undefined;
  if (hasLimitPrice(type)) {
    const table = venueTickTable(context.tickTable, venue);
    const priceError = limitPriceError(form.price, { ...context, tickTable: table });
    if (priceError)
      errors.price = priceError === "PRICE_OFF_TICK" && venue === "pts" ? "PTS_PRICE_OFF_TICK" : priceError;
  }
  if (isStopType(type)) {
    const triggerError = triggerPriceError(form.trigger, form.side, context);
    if (triggerError) errors.trigger = triggerError;
  }
  const ifd = ifdOf(form, type, context);
  if ("errors" in ifd) Object.assign(errors, ifd.errors);
  const condition = conditionOf(form, type, context, ifd);
  if (condition.error) errors.condition = condition.error;
  if (Object.keys(errors).length > 0 || lots === undefined || "errors" in ifd) return { errors };
  const order: PlaceOrder = {
    symbol: form.symbol,
    side: form.side,
    type,
    quantity: lots * context.lotSize,
    leverage: form.leverage,
    session: form.session,
    ...(hasLimitPrice(type) ? { price: form.price.trim() } : {}),
    ...(isStopType(type) ? { triggerPrice: form.trigger.trim() } : {}),
    ...(rests(type, form.session, venue) && form.validUntil ? { validUntil: form.validUntil } : {}),
    ...(rests(type, form.session, venue) && ifd.legs ? { ifd: ifd.legs } : {}),
    ...(venue === undefined ? {} : { venue }),
    ...(condition.value === undefined ? {} : { condition: condition.value }),
  };
  const checked = placeOrderSchema.safeParse(order);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = orderErrorField(issue.message) ?? "quantity";
      errors[field] ??= issue.message;
    }
    return { errors };
  }
  return { order };
}

/**
 * The condition the order carries and, where the server would refuse it, the code: the form's
 * own order as the server's rule (`conditionRefusal`) reads it. A US name carries none.
 */
function conditionOf(
  form: OrderForm,
  type: OrderType,
  context: OrderContext,
  ifd: { legs?: unknown } | { errors: OrderErrors },
): { value?: OrderCondition | undefined; error?: string | undefined } {
  if (context.market !== "JP" || form.condition === undefined) return {};
  const venue = form.venue;
  const error = conditionRefusal({
    market: context.market,
    venue,
    type,
    condition: form.condition,
    hasIfd: "legs" in ifd && ifd.legs !== undefined,
    closesPosition: false,
    dayTrade: false,
    validUntil: rests(type, form.session, venue) && form.validUntil ? form.validUntil : undefined,
  });
  return { value: form.condition, error };
}

/**
 * An IFD's legs as the server takes them, checked at their fields with the server's rule against
 * the order's own price (its limit, or a stop's trigger): none when the member asked for none.
 */
function ifdOf(
  form: OrderForm,
  type: OrderType,
  context: OrderContext,
): { legs?: NonNullable<PlaceOrder["ifd"]> | undefined } | { errors: OrderErrors } {
  const takeProfit = form.ifd?.takeProfit?.trim();
  const stopLoss = form.ifd?.stopLoss?.trim();
  const venue = context.market === "JP" ? form.venue : undefined;
  if (!rests(type, form.session, venue) || (takeProfit === undefined && stopLoss === undefined)) return {};
  const legs = {
    ...(takeProfit === undefined ? {} : { takeProfit: { price: takeProfit } }),
    ...(stopLoss === undefined ? {} : { stopLoss: { triggerPrice: stopLoss } }),
  };
  const own = priceToUnits((hasLimitPrice(type) ? form.price : form.trigger).trim(), context.market);
  // The order's own price is checked at its own field; the legs wait for it.
  if (own === undefined || own <= 0) return { legs };
  const checked = checkAttached(legs, {
    side: form.side,
    priceUnits: own,
    market: context.market,
    table: context.tickTable,
  });
  if (!("refusal" in checked)) return { legs };
  return {
    errors: { [checked.refusal === "IFD_STOP_LOSS_INVALID" ? "ifdLoss" : "ifdProfit"]: checked.refusal },
  };
}

/** How far an IFD's legs start from the order's own price: a take-profit 2% better, a stop-loss 2% worse. */
const ifdStartFraction = 0.02;

/**
 * Where an IFD's leg starts: 2% from the order's own price on its side (above a buy for a
 * take-profit, below it for a stop-loss; the other way for a sell), on the tick grid. Empty when
 * the order has no price yet.
 */
export function ifdStart(
  own: string,
  leg: "takeProfit" | "stopLoss",
  side: Side,
  table: TickTable,
  market: Market,
): string {
  const units = priceToUnits(own.trim(), market);
  if (units === undefined || units <= 0) return "";
  const up = (leg === "takeProfit") === (side === "long");
  const target = Math.round(units * (up ? 1 + ifdStartFraction : 1 - ifdStartFraction));
  const onGrid = roundToTick(table, Math.max(target, 1), up ? "up" : "down");
  return onGrid > 0 && onGrid !== units ? unitsToPrice(onGrid, market) : "";
}

/** The field a server error code belongs to; undefined for errors of the order as a whole. */
export function orderErrorField(code: string): OrderField | undefined {
  switch (code) {
    case "CONDITION_INVALID":
    case "CONDITION_TSE_ONLY":
    case "CONDITION_MARKET_ORDER":
    case "CONDITION_STOP_ORDER":
    case "CONDITION_ATTACHED_ORDER":
    case "CONDITION_NO_AUCTION":
      return "condition";
    case "VENUE_INVALID":
    case "PTS_CLOSED":
    case "DAY_TRADE_TSE_ONLY":
    case "SMART_ROUTE_CLOSED":
    case "SMART_ROUTE_MARKET_ONLY":
      return "venue";
    case "PTS_MARKET_ORDER":
    case "PTS_STOP_ORDER":
    case "ORDER_TYPE_INVALID":
    case "MARKET_ORDER_OUTSIDE_REGULAR":
    case "STOP_OUTSIDE_REGULAR":
    case "QUOTE_STALE":
      return "type";
    case "TRIGGER_REQUIRED":
    case "TRIGGER_INVALID":
    case "TRIGGER_OFF_TICK":
    case "TRIGGER_LIMIT_EXCEEDED":
    case "TRIGGER_WRONG_SIDE":
      return "trigger";
    case "SESSION_INVALID":
      return "session";
    case "PRICE_REQUIRED":
    case "PRICE_INVALID":
    case "PRICE_OFF_TICK":
    case "PRICE_LIMIT_EXCEEDED":
    case "PTS_PRICE_OFF_TICK":
      return "price";
    case "QUANTITY_INVALID":
      return "quantity";
    case "LEVERAGE_INVALID":
    case "PTS_MARGIN_CLOSED":
      return "leverage";
    case "VALIDITY_INVALID":
    case "VALIDITY_DAY_ONLY":
    case "VALIDITY_PAST":
    case "VALIDITY_TOO_FAR":
    case "VALIDITY_NOT_TRADING_DAY":
      return "validity";
    case "IFD_INVALID":
      return "type";
    case "IFD_TAKE_PROFIT_INVALID":
      return "ifdProfit";
    case "IFD_STOP_LOSS_INVALID":
      return "ifdLoss";
    case "INSUFFICIENT_BALANCE":
      return "required";
    default:
      return undefined;
  }
}

/** The wire's field names (validation details) to the form's. */
const wireFields: Record<string, OrderField> = {
  type: "type",
  session: "session",
  price: "price",
  triggerPrice: "trigger",
  quantity: "quantity",
  leverage: "leverage",
  validUntil: "validity",
  venue: "venue",
};

/** The fields to highlight for a refusal: its code's field, and each field the server named. */
export function orderErrorsFromServer(
  code: string,
  fields: Readonly<Record<string, FieldError>>,
): OrderErrors {
  const errors: OrderErrors = {};
  for (const [name, fieldError] of Object.entries(fields)) {
    const field = wireFields[name];
    // The order's fields have no length bounds: their codes say everything.
    if (field) errors[field] = fieldErrorCode(fieldError);
  }
  const field = orderErrorField(code);
  if (field) errors[field] ??= code;
  return errors;
}

/** The limit price the panel starts with: the last price, on the grid. */
export function initialLimitPrice(last: string | undefined, table: TickTable, market: Market): string {
  const units = last === undefined ? undefined : priceToUnits(last, market);
  if (units === undefined || units <= 0) return "";
  return unitsToPrice(roundToTick(table, units, "nearest"), market);
}

/**
 * `n` ticks up or down from the typed price (each step taking its own band's tick); a price off
 * the grid first snaps to it in the direction of the step. Undefined when there is no such price.
 */
export function stepPrice(price: string, table: TickTable, market: Market, n: number): string | undefined {
  const units = priceToUnits(price.trim(), market);
  if (units === undefined || units <= 0) return undefined;
  if (!isOnTick(table, units)) return unitsToPrice(roundToTick(table, units, n > 0 ? "up" : "down"), market);
  const stepped = stepTicks(table, units, n);
  return stepped === undefined ? undefined : unitsToPrice(stepped, market);
}
