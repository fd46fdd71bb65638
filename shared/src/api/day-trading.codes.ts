import { z } from "zod";
import { count, decimal, side } from "./journal-memo-parts.ts";
import { productCodes } from "./product-codes.ts";

/** The codes of day trading (see `product-codes.ts`). */
export const dayTradingCodes = productCodes({
  errors: {
    /** Only members whose day-trading application operations approved may place a day trade. */
    DAY_TRADE_NOT_APPROVED: 403,
    /** Past the day's cut-off (or on a day the market does not trade) no new day trade opens. */
    DAY_TRADE_CUTOFF_PASSED: 409,
    DAY_TRADE_MARKET_ONLY: 400,
    DAY_TRADE_AGREEMENT_REQUIRED: 400,
    /** The member already has a pending or approved application. */
    DAY_TRADE_ALREADY_APPLIED: 409,
    DAY_TRADE_APPLICATION_NOT_FOUND: 404,
  },
  audit: ["daytrade.approve", "daytrade.reject"],
  memos: [
    /** A day-trade position opened, at its leverage to a tenth (`3.3`). */
    z.object({
      code: z.literal("day_trade_open"),
      params: z.object({ side, quantity: count, symbol: z.string(), price: decimal, leverage: decimal }),
    }),
    /** A day-trade position the house closed at the day's cut-off, before the session ended. */
    z.object({
      code: z.literal("day_trade_cutoff"),
      params: z.object({ side, quantity: count, symbol: z.string(), price: decimal }),
    }),
  ],
});
