import { z } from "zod";
import { orderVenueSchema, venues } from "../market/venues.ts";
import { minorAmountSchema } from "../money.ts";
import { currencySchema, equitySymbolSchema } from "../symbols.ts";
import { safeText } from "../text.ts";
import { orderConditions } from "../trading/conditions.ts";

export const sides = ["long", "short"] as const;
/**
 * Market and limit orders go to the market; a stop or stop-limit (逆指値) waits in the broker's own
 * engine until the last trade crosses its trigger, then becomes a market or a limit order.
 */
export const orderTypes = ["market", "limit", "stop", "stop_limit"] as const;
export type OrderType = (typeof orderTypes)[number];
/** Regular hours, or the US pre-market and after-hours sessions (limit orders only, as US brokers do). */
export const orderSessions = ["regular", "extended"] as const;

/** A price of an IFD's leg: refused with the leg's own code. */
const legPrice = (error: "IFD_TAKE_PROFIT_INVALID" | "IFD_STOP_LOSS_INVALID") =>
  safeText({ error }).regex(/^\d+(\.\d+)?$/, { error });

export const placeOrderSchema = z.object({
  symbol: equitySymbolSchema,
  side: z.enum(sides, { error: "SIDE_INVALID" }),
  type: z.enum(orderTypes, { error: "ORDER_TYPE_INVALID" }),
  /** Shares: a whole number of the market's trading units. */
  quantity: z
    .number({ error: "QUANTITY_INVALID" })
    .int({ error: "QUANTITY_INVALID" })
    .positive({ error: "QUANTITY_INVALID" }),
  leverage: z
    .number({ error: "LEVERAGE_INVALID" })
    .int({ error: "LEVERAGE_INVALID" })
    .positive({ error: "LEVERAGE_INVALID" }),
  /** Limit and stop-limit orders only: a decimal price on the instrument's tick grid. */
  price: safeText()
    .regex(/^\d+(\.\d+)?$/, { error: "PRICE_INVALID" })
    .optional(),
  /** Stop and stop-limit orders only: the last-trade price that fires it, on the tick grid. */
  triggerPrice: safeText()
    .regex(/^\d+(\.\d+)?$/, { error: "TRIGGER_INVALID" })
    .optional(),
  /**
   * A trailing stop (a stop that closes a position only): its trigger starts this far from the
   * last trade and follows the best price since, never moving back. No `triggerPrice` with it.
   */
  trailPrice: safeText()
    .regex(/^\d+(\.\d+)?$/, { error: "TRAIL_INVALID" })
    .optional(),
  /**
   * Stop, stop-limit and limit orders: the holding position the order closes (the whole of it, on
   * the other side) instead of opening a new one; a closing stop and a closing limit on one position
   * make an OCO. Valid for the day, like every stop.
   */
  closesPositionId: safeText({ error: "CLOSE_ORDER_INVALID" })
    .regex(/^[1-9]\d{0,17}$/, { error: "CLOSE_ORDER_INVALID" })
    .optional(),
  session: z.enum(orderSessions, { error: "SESSION_INVALID" }).default("regular"),
  /**
   * Tokyo's names only (a US order naming one is refused `VENUE_INVALID`): where the order goes
   * (`market/pts.ts`). `tse` (what none means), `pts` (the
   * second venue: limit orders only, valid for its session, in its day or night session), or
   * `smart` (a market order in the TSE's session: both books compared when it arrives, the better
   * prices taken wherever they are, the rest at the TSE, the whole saving the member's).
   */
  venue: orderVenueSchema.optional(),
  /**
   * A Tokyo limit order at the TSE only (`trading/conditions.ts`): `ioc` fills at once or is
   * cancelled at once; `funari` (不成) rests as a limit and becomes a market order at the day's
   * close if it has not filled; `open` (寄付) and `close` (引け) trade only in the next opening or
   * closing auction. Each lives one day. None: an ordinary order.
   */
  condition: z.enum(orderConditions, { error: "CONDITION_INVALID" }).optional(),
  /**
   * Limit, stop and stop-limit orders of the regular session: the last trading date the order
   * waits (it lapses at that date's close, releasing what it held), up to 15 business days in
   * Tokyo and 60 days in New York (`validityCap`). Without it, a day order: valid for the first
   * trading date it can trade on.
   */
  validUntil: z.iso.date({ error: "VALIDITY_INVALID" }).optional(),
  /**
   * IFD / IFDOCO (limit, stop and stop-limit orders of the regular session): the closing orders to
   * place on the position this order opens, in the same transaction as its fill. A take-profit
   * limit, a stop-loss stop (with a limit for a stop-limit), or both as an OCO.
   */
  ifd: z
    .object(
      {
        takeProfit: z.object({ price: legPrice("IFD_TAKE_PROFIT_INVALID") }).optional(),
        stopLoss: z
          .object({
            triggerPrice: legPrice("IFD_STOP_LOSS_INVALID"),
            price: legPrice("IFD_STOP_LOSS_INVALID").optional(),
          })
          .optional(),
      },
      { error: "IFD_INVALID" },
    )
    .optional(),
  /**
   * A day trade (approved members, market orders only): the day-trade margin rule applies
   * instead of `leverage`, and the worker closes it at the day's cut-off.
   */
  dayTrade: z.boolean({ error: "VALIDATION_FAILED" }).default(false),
});
export type PlaceOrder = z.input<typeof placeOrderSchema>;
/** An order request as the API has checked it: the symbol branded, the session defaulted. */
export type OrderRequest = z.output<typeof placeOrderSchema>;

export const orderStatuses = ["pending", "filled", "cancelled"] as const;

export const orderSchema = z.object({
  id: z.string(),
  symbol: equitySymbolSchema,
  side: z.enum(sides),
  type: z.enum(orderTypes),
  quantity: z.number(),
  leverage: z.number(),
  limitPrice: z.string().nullable(),
  session: z.enum(orderSessions),
  status: z.enum(orderStatuses),
  /** Minor units held for a pending limit order. */
  held: minorAmountSchema,
  currency: currencySchema,
  fillPrice: z.string().nullable(),
  positionId: z.string().nullable(),
  /** Stops: the last-trade price that fires it; null for market and limit orders. */
  triggerPrice: z.string().nullable(),
  /** Stops: when the last trade crossed the trigger; null while it waits (and for other types). */
  triggeredAtMs: z.number().nullable(),
  /**
   * A waiting stop (OCO and IFD legs and trailing stops included) that cannot fire now, and why:
   * its symbol's quotes stopped in an open session (`sinceMs`: the last one's time; null when none
   * came), by the rule the engine holds it by (`stopHold`). Null when it can fire, and for every
   * other order.
   */
  stopHold: z.object({ reason: z.enum(["quote_stale"]), sinceMs: z.number().nullable() }).nullable(),
  /**
   * A resting order (limit, stop, stop-limit): the last trading date it waits; at that date's
   * close the engine cancels it and releases its hold. Null for orders that filled at once.
   */
  validDate: z.string().nullable(),
  /** A closing stop: the position it closes when it fires. */
  closesPositionId: z.string().nullable(),
  /** A trailing stop: how far its trigger follows the best price (the trigger is its current value). */
  trailPrice: z.string().nullable(),
  /** IFD / IFDOCO: the closing orders this order places on its position when it fills. */
  ifd: z
    .object({
      takeProfit: z.object({ price: z.string() }).nullable(),
      stopLoss: z.object({ triggerPrice: z.string(), price: z.string().nullable() }).nullable(),
    })
    .nullable(),
  /** A closing order an IFD placed: the order whose fill placed it. */
  parentOrderId: z.string().nullable(),
  /** Where the member sent it: `tse`, `pts` or `smart`; null for US orders, which have one venue here. */
  venue: orderVenueSchema.nullable(),
  /** The execution condition the member chose (`ioc`, `funari`, `open`, `close`); null for none. */
  condition: z.enum(orderConditions).nullable(),
  /**
   * A filled order: where it was done, shares per venue, and what the smart route saved against
   * the TSE's own book (minor units, never negative; "0" when it saved nothing or was not smart).
   * Null while pending, once cancelled, and for US orders.
   */
  route: z
    .object({
      fills: z.array(z.object({ venue: z.enum(venues), quantity: z.number().int().positive() })),
      saved: minorAmountSchema,
    })
    .nullable(),
  createdAtMs: z.number(),
  updatedAtMs: z.number(),
});
export type Order = z.infer<typeof orderSchema>;
export const orderListSchema = z.object({ items: z.array(orderSchema) });
export const orderQuerySchema = z.object({ status: z.enum(orderStatuses).optional() });

export const positionStatuses = ["holding", "closed"] as const;

export const positionSchema = z.object({
  id: z.string(),
  symbol: equitySymbolSchema,
  currency: currencySchema,
  side: z.enum(sides),
  quantity: z.number(),
  leverage: z.number(),
  openOrderId: z.string(),
  openPrice: z.string(),
  /** Minor units (decimal strings) in the position's currency from here on. */
  openNotional: minorAmountSchema,
  initialMargin: minorAmountSchema,
  margin: minorAmountSchema,
  openFee: minorAmountSchema,
  status: z.enum(positionStatuses),
  lockedUntilMs: z.number().nullable(),
  closePrice: z.string().nullable(),
  closeNotional: minorAmountSchema.nullable(),
  closeFee: minorAmountSchema.nullable(),
  closeTax: minorAmountSchema.nullable(),
  realized: minorAmountSchema.nullable(),
  closeReason: z.enum(["member", "margin_call", "day_trade_cutoff"]).nullable(),
  /** A day trade: opened under the day-trade margin rule, closed by the house at the day's cut-off. */
  dayTrade: z.boolean(),
  openedAtMs: z.number(),
  closedAtMs: z.number().nullable(),
});
export type Position = z.infer<typeof positionSchema>;
export const positionListSchema = z.object({ items: z.array(positionSchema) });
export const positionQuerySchema = z.object({ status: z.enum(positionStatuses).optional() });

export const addMarginSchema = z.object({
  /** Minor units of the position's currency: a positive whole number (spec: positive integer). */
  amount: safeText({ error: "AMOUNT_INVALID" }).regex(/^[1-9]\d{0,15}$/, { error: "AMOUNT_INVALID" }),
});

export const balanceSchema = z.object({
  currency: currencySchema,
  available: minorAmountSchema,
  /** Frozen: held for pending orders and requests. */
  held: minorAmountSchema,
  margin: minorAmountSchema,
  /** What the member owes after a loss beyond their money (shown, never hidden). */
  deficit: minorAmountSchema,
  /** What the member owes on credit loans, negative (principal and posted interest). */
  loan: minorAmountSchema,
  /** Realised profit and loss of closed positions, net of their charges. */
  realized: minorAmountSchema,
});
export type Balance = z.infer<typeof balanceSchema>;
export const accountSchema = z.object({ balances: z.array(balanceSchema) });
export type AccountSummary = z.infer<typeof accountSchema>;

/** The spec's fund-record filters (deposit, withdrawal, trade) and currency exchanges. */
export const fundRecordKinds = ["deposit", "withdrawal", "trade", "exchange", "loan", "dividend"] as const;
export type FundRecordKind = (typeof fundRecordKinds)[number];
export const ledgerQuerySchema = z.object({
  type: z.enum(fundRecordKinds).optional(),
  /** The id of the last record already shown: the page goes on after it, newest first by time. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export const fundRecordSchema = z.object({
  id: z.string(),
  kind: z.string(),
  ref: z.string().nullable(),
  /** The description as written, in English for journals the server made: shown only when there is no code. */
  memo: z.string().nullable(),
  /**
   * The description as a code (`journalMemoSchema`) and its parameters, rendered in the
   * member's language; null for staff's own words and for journals older than the codes. A
   * client that does not know a code shows `memo`.
   */
  memoCode: z.string().nullable(),
  memoParams: z.record(z.string(), z.unknown()).nullable(),
  createdAtMs: z.number(),
  /** What the journal did to the member's own accounts. */
  changes: z.array(z.object({ purpose: z.string(), currency: currencySchema, amount: minorAmountSchema })),
});
export type FundRecord = z.infer<typeof fundRecordSchema>;
export const fundRecordListSchema = z.object({ items: z.array(fundRecordSchema) });

export const marketTermsSchema = z.object({
  leverages: z.array(z.number().int().positive()),
  /** Commission each way, parts per million of notional, rounded up to the minor unit. */
  feePpm: z.number().int().nonnegative(),
  /** Charged on the selling side (stamp duty in the spec's words; the SEC fee in the US). */
  taxPpm: z.number().int().nonnegative(),
  /** The house closes a position whose equity falls below this share of its initial margin. */
  maintenancePct: z.number().int().positive(),
});
export const tradingTermsSchema = z.object({ JP: marketTermsSchema, US: marketTermsSchema });
export type TradingTerms = z.infer<typeof tradingTermsSchema>;
