import { z } from "zod";
import { currencySchema } from "../symbols.ts";
import { decimal } from "./journal-memo-parts.ts";
import { productCodes } from "./product-codes.ts";

/** The codes of deposits, withdrawals and exchange (see `product-codes.ts`). */
export const fundingCodes = productCodes({
  errors: {
    CHANNEL_NOT_FOUND: 404,
    RECEIPT_REQUIRED: 400,
    AMOUNT_BELOW_MINIMUM: 400,
    AMOUNT_ABOVE_MAXIMUM: 400,
    OUTSIDE_FUND_HOURS: 409,
    FUND_OPERATION_IN_PROGRESS: 409,
    SUBMITTING_TOO_FREQUENTLY: 429,
    INSUFFICIENT_WITHDRAWABLE: 409,
    DEPOSIT_NOT_FOUND: 404,
    WITHDRAWAL_NOT_FOUND: 404,
    CURRENCIES_SAME: 400,
    FX_PAIR_UNAVAILABLE: 400,
    FX_QUOTE_NOT_FOUND: 404,
    FX_QUOTE_EXPIRED: 409,
  },
  audit: [
    "deposit.approve",
    "deposit.reject",
    "withdrawal.check",
    "withdrawal.approve",
    "withdrawal.reject",
    "channel.create",
    "channel.update",
  ],
  journals: [
    "deposit",
    /** A withdrawal request moves its amount from available to held; approval pays it out (`withdrawal`), rejection releases it. */
    "withdrawal_hold",
    "withdrawal",
    "withdrawal_release",
    "fx",
  ],
  memos: [
    /** The demo member's starting money, in embedded mode. */
    z.object({ code: z.literal("demo_funding"), params: z.object({}) }),
    /** A currency exchange at its quoted rate (units of `to` per one of `from`). */
    z.object({
      code: z.literal("fx_conversion"),
      params: z.object({ from: currencySchema, to: currencySchema, rate: decimal }),
    }),
  ],
});
