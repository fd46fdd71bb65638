import { z } from "zod";
import { minorAmountSchema } from "../money.ts";
import { currencySchema } from "../symbols.ts";

/** An amount as the member types it, in major units: "10000", "12.34". */
export const majorAmountSchema = z
  .string({ error: "AMOUNT_INVALID" })
  .trim()
  .regex(/^\d{1,15}(\.\d{1,4})?$/, { error: "AMOUNT_INVALID" });

export const requestStatuses = ["pending", "approved", "rejected"] as const;

export const rechargeChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  currency: currencySchema,
  accountName: z.string(),
  accountNumber: z.string(),
  bankName: z.string(),
  branch: z.string(),
  /** Minor units. */
  min: minorAmountSchema,
  max: minorAmountSchema,
  enabled: z.boolean(),
});
export type RechargeChannel = z.infer<typeof rechargeChannelSchema>;
export const rechargeChannelListSchema = z.object({ items: z.array(rechargeChannelSchema) });

/** The text fields of a deposit; the receipt image comes as the multipart file `receipt`. */
export const depositSubmitSchema = z.object({
  channelId: z.string({ error: "CHANNEL_NOT_FOUND" }).regex(/^\d{1,15}$/, { error: "CHANNEL_NOT_FOUND" }),
  amount: majorAmountSchema,
});

export const depositSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  currency: currencySchema,
  amount: minorAmountSchema,
  status: z.enum(requestStatuses),
  reason: z.string().nullable(),
  createdAtMs: z.number(),
  reviewedAtMs: z.number().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositListSchema = z.object({ items: z.array(depositSchema) });

export const withdrawRequestSchema = z.object({
  cardId: z.string({ error: "CARD_NOT_FOUND" }).regex(/^\d{1,15}$/, { error: "CARD_NOT_FOUND" }),
  currency: currencySchema.refine(() => true, { error: "CURRENCY_INVALID" }),
  amount: majorAmountSchema,
  fundPassword: z.string({ error: "FUND_PASSWORD_REQUIRED" }).min(1, { error: "FUND_PASSWORD_REQUIRED" }),
});

/** `checked` is internal to operations (maker–checker); a member sees it as pending. */
export const withdrawalSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  cardNumberMasked: z.string(),
  bankName: z.string(),
  currency: currencySchema,
  amount: minorAmountSchema,
  status: z.enum(requestStatuses),
  reason: z.string().nullable(),
  createdAtMs: z.number(),
  updatedAtMs: z.number(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;
export const withdrawalListSchema = z.object({ items: z.array(withdrawalSchema) });

/**
 * How much of one currency may be withdrawn, and why: available cash, less losses on open
 * positions that their margin no longer covers, less loans outstanding.
 */
export const withdrawableSchema = z.object({
  currency: currencySchema,
  available: minorAmountSchema,
  uncoveredLoss: minorAmountSchema,
  loans: minorAmountSchema,
  withdrawable: minorAmountSchema,
  minimum: minorAmountSchema,
});
export type Withdrawable = z.infer<typeof withdrawableSchema>;
export const withdrawableListSchema = z.object({ items: z.array(withdrawableSchema) });

/** When deposits and withdrawals are taken, and the exchange quote's life. */
export const fundingTermsSchema = z.object({
  /** "09:30-19:30" Tokyo time on TSE business days, or "always". */
  hours: z.string(),
  openNow: z.boolean(),
  fxQuoteSeconds: z.number(),
});
export type FundingTerms = z.infer<typeof fundingTermsSchema>;

export const fxQuoteRequestSchema = z.object({
  from: currencySchema.refine(() => true, { error: "CURRENCY_INVALID" }),
  to: currencySchema.refine(() => true, { error: "CURRENCY_INVALID" }),
  /** In major units of `from`. */
  amount: majorAmountSchema,
});

export const fxQuoteSchema = z.object({
  id: z.string(),
  from: currencySchema,
  to: currencySchema,
  fromAmount: minorAmountSchema,
  toAmount: minorAmountSchema,
  /** Units of `to` per unit of `from`. */
  rate: z.string(),
  expiresAtMs: z.number(),
});
export type FxQuote = z.infer<typeof fxQuoteSchema>;

export const fxConvertSchema = z.object({ quoteId: z.uuid({ error: "FX_QUOTE_NOT_FOUND" }) });

export const fxConversionSchema = z.object({
  quote: fxQuoteSchema,
  journalId: z.string(),
});
