import { z } from "zod";
import { count, decimal, side } from "./journal-memo-parts.ts";
import { productCodes } from "./product-codes.ts";

/** The codes of trading (see `product-codes.ts`). */
export const tradingCodes = productCodes({
  errors: {
    PRODUCT_NOT_FOUND: 404,
    SIDE_INVALID: 400,
    ORDER_TYPE_INVALID: 400,
    QUANTITY_INVALID: 400,
    LEVERAGE_INVALID: 400,
    PRICE_REQUIRED: 400,
    PRICE_INVALID: 400,
    PRICE_OFF_TICK: 400,
    PRICE_LIMIT_EXCEEDED: 400,
    SESSION_INVALID: 400,
    MARKET_ORDER_OUTSIDE_REGULAR: 409,
    OUTSIDE_TRADING_HOURS: 409,
    PRICE_UNAVAILABLE: 503,
    BOOK_TOO_THIN: 409,
    ORDER_NOT_FOUND: 404,
    ORDER_NOT_PENDING: 409,
    POSITION_NOT_FOUND: 404,
    POSITION_NOT_HOLDING: 409,
    POSITION_LOCKED: 409,
    /** Margin is added only to a leveraged position; a 1× position is held with its own cash. */
    POSITION_NOT_LEVERAGED: 409,
    /** A stop or stop-limit order without its trigger price. */
    TRIGGER_REQUIRED: 400,
    TRIGGER_INVALID: 400,
    TRIGGER_OFF_TICK: 400,
    /** IFD / IFDOCO on an order that cannot carry one (market, extended hours, a day trade, a closing order), or with no leg. */
    IFD_INVALID: 400,
    /** A take-profit off the tick grid or not better than the order's own price. */
    IFD_TAKE_PROFIT_INVALID: 400,
    /** A stop-loss trigger (or limit) off the tick grid, or a trigger not worse than the order's own price. */
    IFD_STOP_LOSS_INVALID: 400,
    /** `validUntil` is not a date. */
    VALIDITY_INVALID: 400,
    /** A validity past the order's first day on an order that lives one day only (market, extended hours, a day trade). */
    VALIDITY_DAY_ONLY: 400,
    /** A validity before the first day the order can trade; `earliest` in the details. */
    VALIDITY_PAST: 400,
    /** A validity past the cap (15 business days in Tokyo, 60 days in New York); `latest` in the details. */
    VALIDITY_TOO_FAR: 400,
    /** A validity on a weekend or holiday of the order's exchange. */
    VALIDITY_NOT_TRADING_DAY: 400,
    /** A trigger outside the day's price limits; the band is in the details. */
    TRIGGER_LIMIT_EXCEEDED: 400,
    /** A trigger the last trade has already crossed: it would fire at once. */
    TRIGGER_WRONG_SIDE: 409,
    /** US stops trade in the regular session only, as US brokers run them. */
    STOP_OUTSIDE_REGULAR: 409,
    /** The symbol's quotes are older than the bound: new stops wait for the feed. */
    QUOTE_STALE: 503,
    /** A closing order must be a stop or a limit for the whole position, on the other side of it. */
    CLOSE_ORDER_INVALID: 400,
    /** A trailing amount that is not a positive price, or given with a trigger of its own. */
    TRAIL_INVALID: 400,
    /** A trailing stop closes a position only (as Rakuten offers it). */
    TRAIL_CLOSE_ONLY: 400,
    /** A venue on a US order, or one that is not `tse`, `pts` or `smart`. */
    VENUE_INVALID: 400,
    /** The PTS takes limit orders only: no market order there. */
    PTS_MARKET_ORDER: 400,
    /** The PTS takes limit orders only: no stop or stop-limit there. */
    PTS_STOP_ORDER: 400,
    /** A price off the PTS's own grid (a tenth of the TSE's); `tick` in the details. */
    PTS_PRICE_OFF_TICK: 400,
    /** The PTS is between sessions (or it is not a business day); `nextOpenMs` in the details. */
    PTS_CLOSED: 409,
    /** Leverage at the PTS outside the TSE's session: margin trades only while the TSE is open. */
    PTS_MARGIN_CLOSED: 400,
    /** A day trade goes to the TSE only. */
    DAY_TRADE_TSE_ONLY: 400,
    /** The broker's choice of venue needs both open: the TSE's session. Choose the PTS at night. */
    SMART_ROUTE_CLOSED: 409,
    /** The broker's choice of venue is for market orders; a limit names its venue. */
    SMART_ROUTE_MARKET_ONLY: 400,
    /** A condition that is not `ioc` or `funari`. */
    CONDITION_INVALID: 400,
    /** Execution conditions are the TSE's: not on a New York name, at the PTS or by the smart route. */
    CONDITION_TSE_ONLY: 400,
    /** A market order fills at once or is refused already; 不成 is a limit's by definition. */
    CONDITION_MARKET_ORDER: 400,
    /** A stop or stop-limit waits in the broker's engine: no condition on it. */
    CONDITION_STOP_ORDER: 400,
    /** No condition on an IFD parent, a closing order or a day trade. */
    CONDITION_ATTACHED_ORDER: 400,
    /** 寄付 and 引け need the TSE's auctions, which do not happen around the clock (MARKET_HOURS=always). */
    CONDITION_NO_AUCTION: 409,
  },
  journals: ["order_hold", "order_release", "open", "close", "margin_add", "margin_call", "fee", "tax"],
  memos: [
    /**
     * A position opened: `long 100 JP:9432 @ 151.8 ×3`. An order sent to the PTS or by the smart
     * route says where it was done (`venue`: all at the TSE, all at the PTS, or `split`); a smart
     * route's also what it saved against the TSE's own book (`saved`, minor units). An order sent
     * to the TSE says neither, as before the PTS.
     */
    z.object({
      code: z.literal("position_open"),
      params: z.object({
        side,
        quantity: count,
        symbol: z.string(),
        price: decimal,
        leverage: count,
        venue: z.enum(["tse", "pts", "split"]).optional(),
        saved: z.string().regex(/^\d+$/).optional(),
      }),
    }),
    /** A position closed, by the member or by a margin call, at its fill's average price. */
    z.object({
      code: z.literal("position_close"),
      params: z.object({ side, quantity: count, symbol: z.string(), price: decimal }),
    }),
    /** The commission on opening a position. */
    z.object({ code: z.literal("purchase_fee"), params: z.object({}) }),
    /** The commission on closing a position. */
    z.object({ code: z.literal("selling_fee"), params: z.object({}) }),
    /** The tax on the sale (stamp duty in Japan, the SEC fee in the US). */
    z.object({ code: z.literal("sale_tax"), params: z.object({}) }),
  ],
});
