import { z } from "zod";
import { minorAmountSchema } from "../money.ts";
import { currencies, currencySchema } from "../symbols.ts";
import { safeText } from "../text.ts";

/** An amount as the member types it, in major units: "10000", "12.34". */
export const majorAmountSchema = safeText({ error: "AMOUNT_INVALID" })
  .trim()
  .regex(/^\d{1,15}(\.\d{1,4})?$/, { error: "AMOUNT_INVALID" });

export const requestStatuses = ["pending", "approved", "rejected"] as const;
/** A withdrawal's statuses as operations see them: `checked` means a first staff member prepared the payout. */
export const withdrawalStatuses = ["pending", "checked", "approved", "rejected"] as const;

/** A currency a member names; anything else is CURRENCY_INVALID. */
const currencyField = z.enum(currencies, { error: "CURRENCY_INVALID" });

/** A channel's name for each interface language's members (ja, en, zh-Hant). */
export const channelNamesSchema = z.object({ ja: z.string(), en: z.string(), "zh-Hant": z.string() });
export type ChannelNames = z.infer<typeof channelNamesSchema>;

/**
 * A channel's name as a reader of `language` sees it: the name operations gave that language's
 * members, or, without one, the name they gave everyone.
 */
export function channelNameIn(
  channel: { name: string; names: ChannelNames | null },
  language: keyof ChannelNames,
): string {
  return channel.names?.[language].trim() || channel.name;
}

export const rechargeChannelSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The name in each language; null: `name` for every reader. */
  names: channelNamesSchema.nullable(),
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

const channelText = (max: number) =>
  safeText({ error: "VALIDATION_FAILED" })
    .trim()
    .min(1, { error: "VALIDATION_FAILED" })
    .max(max, { error: "VALIDATION_FAILED" });

/**
 * A channel as operations set it up. `min` and `max` are major units of the channel's currency,
 * as typed ("10000", "12.50"); both positive and `min` ≤ `max` (the server checks, knowing the
 * currency's decimals).
 */
export const rechargeChannelInputSchema = z.object({
  name: channelText(64),
  /**
   * The name for each language's members ("かぶと銀行 外貨普通（米ドル）", "Kabuto Bank USD account"):
   * optional; null removes them, and an update without it keeps the ones stored.
   */
  names: z
    .object(
      { ja: channelText(64), en: channelText(64), "zh-Hant": channelText(64) },
      { error: "VALIDATION_FAILED" },
    )
    .nullable()
    .optional(),
  currency: currencyField,
  accountName: channelText(64),
  /** Up to 34 characters: the longest IBAN. */
  accountNumber: channelText(34),
  bankName: channelText(64),
  branch: channelText(64),
  min: majorAmountSchema,
  max: majorAmountSchema,
  enabled: z.boolean({ error: "VALIDATION_FAILED" }).default(true),
});
export type RechargeChannelInput = z.input<typeof rechargeChannelInputSchema>;
/** An update replaces every field, `enabled` included, so a form that forgets one changes nothing by accident. */
export const rechargeChannelUpdateSchema = rechargeChannelInputSchema.extend({
  enabled: z.boolean({ error: "VALIDATION_FAILED" }),
});

/** The text fields of a deposit; the receipt image comes as the multipart file `receipt`. */
export const depositSubmitSchema = z.object({
  channelId: safeText({ error: "CHANNEL_NOT_FOUND" }).regex(/^\d{1,15}$/, { error: "CHANNEL_NOT_FOUND" }),
  amount: majorAmountSchema,
});

export const depositSchema = z.object({
  id: z.string(),
  channelId: z.string(),
  channelName: z.string(),
  /** The channel's name in each language; null: `channelName` for every reader. */
  channelNames: channelNamesSchema.nullable(),
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
  cardId: safeText({ error: "CARD_NOT_FOUND" }).regex(/^\d{1,15}$/, { error: "CARD_NOT_FOUND" }),
  currency: currencyField,
  amount: majorAmountSchema,
  fundPassword: safeText({ error: "FUND_PASSWORD_REQUIRED" }).min(1, { error: "FUND_PASSWORD_REQUIRED" }),
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
 * positions that their margin no longer covers, less loans outstanding, less any debt.
 */
export const withdrawableSchema = z.object({
  currency: currencySchema,
  available: minorAmountSchema,
  uncoveredLoss: minorAmountSchema,
  loans: minorAmountSchema,
  /** What the member owes the house after a loss beyond their money (their deficit account). */
  debt: minorAmountSchema,
  /** Reward cash received within the holding period: it cannot leave yet. */
  rewardsHeld: minorAmountSchema,
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
  from: currencyField,
  to: currencyField,
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
export type FxConversion = z.infer<typeof fxConversionSchema>;

/** One of a member's other deposits and withdrawals, shown beside a request under review. */
export const fundHistoryItemSchema = z.object({
  kind: z.enum(["deposit", "withdrawal"]),
  id: z.string(),
  currency: currencySchema,
  amount: minorAmountSchema,
  status: z.enum(withdrawalStatuses),
  createdAtMs: z.number(),
});
export type FundHistoryItem = z.infer<typeof fundHistoryItemSchema>;

/** Who asked, and what they asked for before: the evidence beside every request in a queue. */
const requesterFields = {
  memberId: z.string(),
  memberAccount: z.string(),
  memberRealName: z.string().nullable(),
  /** The member's requests before this one, newest first (a bounded number). */
  history: z.array(fundHistoryItemSchema),
};

export const opsDepositSchema = depositSchema.extend({
  ...requesterFields,
  /** The receipt image, read through the uploads route. */
  receiptUploadId: z.string(),
  journalId: z.string().nullable(),
  reviewedBy: z.string().nullable(),
});
export type OpsDeposit = z.infer<typeof opsDepositSchema>;
export const opsDepositListSchema = z.object({ items: z.array(opsDepositSchema) });
export const opsDepositQuerySchema = z.object({
  status: z.enum(requestStatuses, { error: "VALIDATION_FAILED" }).optional(),
});

export const opsWithdrawalSchema = withdrawalSchema.extend({
  ...requesterFields,
  status: z.enum(withdrawalStatuses),
  /** The staff member who checked it: someone else must approve it. */
  makerStaffId: z.string().nullable(),
  /** Their sign-in name, so every reviewer sees who checked (the audit log is for supervisors). */
  makerStaffLogin: z.string().nullable(),
  payoutReference: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewedAtMs: z.number().nullable(),
});
export type OpsWithdrawal = z.infer<typeof opsWithdrawalSchema>;
export const opsWithdrawalListSchema = z.object({ items: z.array(opsWithdrawalSchema) });
export const opsWithdrawalQuerySchema = z.object({
  status: z.enum(withdrawalStatuses, { error: "VALIDATION_FAILED" }).optional(),
});

/** The card a withdrawal pays out to, in full: staff need the whole number to pay. */
export const opsBankCardSchema = z.object({
  id: z.string(),
  holderName: z.string(),
  cardNumber: z.string(),
  cardType: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  branchCode: z.string(),
  ifsc: z.string(),
  upi: z.string(),
  /** Set if the member removed the card after asking: the payout still goes where they asked. */
  removedAtMs: z.number().nullable(),
});
export const opsWithdrawalDetailSchema = opsWithdrawalSchema.extend({ card: opsBankCardSchema });
export type OpsWithdrawalDetail = z.infer<typeof opsWithdrawalDetailSchema>;

/** The first step of maker–checker: the payout is prepared (a bank reference, if there is one yet). */
export const withdrawalCheckSchema = z.object({
  payoutReference: safeText({ error: "VALIDATION_FAILED" })
    .trim()
    .max(100, { error: "VALIDATION_FAILED" })
    .optional(),
});
