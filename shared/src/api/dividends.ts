import { z } from "zod";
import { minorAmountSchema } from "../money.ts";
import { currencySchema, marketSchema } from "../symbols.ts";
import { localizedNameSchema } from "./market.ts";

const isoDateText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const sideSchema = z.enum(["long", "short"]);

/** The calendar (`upcoming`: announced dividends whose ex-date is still ahead) or the member's payments (`history`). */
export const dividendScopes = ["upcoming", "history"] as const;
export const dividendQuerySchema = z.object({
  scope: z.enum(dividendScopes).default("upcoming"),
});

/** One dividend of one name, as the schedule computes it. */
export const dividendSchema = z.object({
  /** `JP:7203@2027-03-30`: the symbol and the ex-date. */
  id: z.string(),
  symbol: z.string(),
  name: localizedNameSchema,
  market: marketSchema,
  currency: currencySchema,
  exDate: isoDateText,
  recordDate: isoDateText,
  announceDate: isoDateText,
  /** The payment per share, a plain decimal in the currency (`47.8`, `0.26`). */
  perShare: z.string(),
  /** Shares in one trading unit (TSE 100, US 1), for `perUnit`. */
  lotSize: z.number().int().positive(),
  /** What one trading unit held long receives after withholding, minor units. */
  perUnitNet: minorAmountSchema,
  /** The withholding a long's payment bears, parts per million (JP 153,150, US 100,000). */
  withholdingPpm: z.number().int().nonnegative(),
});
export type Dividend = z.infer<typeof dividendSchema>;

/** A dividend ahead, with what the member's open positions in the name would receive or pay if held to the ex-date. */
export const upcomingDividendSchema = dividendSchema.extend({
  /** Shares held in open positions now, per side. */
  heldLong: z.number().int().nonnegative(),
  heldShort: z.number().int().nonnegative(),
  /** Signed net if the positions are held over the ex-date (longs less withholding, shorts the gross); null when nothing is held. */
  estimate: minorAmountSchema.nullable(),
  watchlisted: z.boolean(),
});
export type UpcomingDividend = z.infer<typeof upcomingDividendSchema>;

/** What one position received or paid on one dividend. */
export const dividendPaymentSchema = z.object({
  id: z.string(),
  dividendId: z.string(),
  symbol: z.string(),
  name: localizedNameSchema,
  currency: currencySchema,
  exDate: isoDateText,
  positionId: z.string(),
  side: sideSchema,
  quantity: z.number().int().positive(),
  perShare: z.string(),
  /** Minor units: the dividend on the position, the tax withheld (longs), and the signed net that moved. */
  gross: minorAmountSchema,
  withheld: minorAmountSchema,
  net: minorAmountSchema,
  journalId: z.string(),
  paidAtMs: z.number(),
});
export type DividendPayment = z.infer<typeof dividendPaymentSchema>;

export const dividendListSchema = z.discriminatedUnion("scope", [
  z.object({ scope: z.literal("upcoming"), items: z.array(upcomingDividendSchema) }),
  z.object({ scope: z.literal("history"), items: z.array(dividendPaymentSchema) }),
]);
export type DividendList = z.infer<typeof dividendListSchema>;

/** One dividend: its dates and amount, the estimate while it is ahead, and the member's payments once it has gone ex. */
export const dividendDetailSchema = z.object({
  dividend: upcomingDividendSchema,
  /** `upcoming` before the ex-date; `ex` from it on, when the payments are made. */
  status: z.enum(["upcoming", "ex"]),
  payments: z.array(dividendPaymentSchema),
});
export type DividendDetail = z.infer<typeof dividendDetailSchema>;
