import { z } from "zod";
import { minorAmountSchema } from "../money.ts";
import { safeText } from "../text.ts";
import { majorAmountSchema } from "./funding.ts";
import { reasonSchema } from "./staff-decisions.ts";
import { positionSchema } from "./trading.ts";

/**
 * Follow (copy) trading on the wire: lead traders' public profiles and records, copies, the
 * positions mirrored into a follower's book, and the console's lead queue.
 */

/** The avatars a lead picks from: drawn by the client, so no upload is needed and none leaks a face. */
export const leadAvatars = ["fox", "owl", "crane", "bear", "koi", "tiger", "hawk", "turtle"] as const;
export type LeadAvatar = (typeof leadAvatars)[number];

export const leadStatuses = ["pending", "approved", "rejected", "suspended"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const followCurrencies = ["JPY", "USD"] as const;

/** Each interface language, as the news items' texts are written (`ja`, `en`, `zh-Hant`). */
function inEachLanguage<T extends z.ZodType>(text: T) {
  return z.object({ ja: text, en: text, "zh-Hant": text }, { error: "VALIDATION_FAILED" });
}

const nicknameSchema = safeText({ error: "NICKNAME_INVALID" })
  .trim()
  .min(2, { error: "NICKNAME_INVALID" })
  .max(20, { error: "NICKNAME_INVALID" });
const bioSchema = safeText({ multiline: true }).trim().max(280, { error: "VALIDATION_FAILED" });

/**
 * A lead's nickname and bio written for each language's members (a Japanese pun does not read in
 * English): optional when applying; without it every reader sees the one they wrote.
 */
export const leadTranslationsInputSchema = z.object({
  nickname: inEachLanguage(nicknameSchema),
  bio: inEachLanguage(bioSchema),
});
export const leadTranslationsSchema = z.object({
  nickname: inEachLanguage(z.string()),
  bio: inEachLanguage(z.string()),
});
export type LeadTranslations = z.infer<typeof leadTranslationsSchema>;

export const leadApplySchema = z.object({
  nickname: nicknameSchema,
  avatar: z.enum(leadAvatars, { error: "VALIDATION_FAILED" }),
  /** A short introduction in whichever language the lead writes. */
  bio: bioSchema.default(""),
  currency: z.enum(followCurrencies, { error: "CURRENCY_INVALID" }),
  translations: leadTranslationsInputSchema.optional(),
});
export type LeadApply = z.input<typeof leadApplySchema>;

/** The member's own application, as they see it. */
export const leadApplicationSchema = z.object({
  nickname: z.string(),
  avatar: z.enum(leadAvatars),
  bio: z.string(),
  currency: z.enum(followCurrencies),
  status: z.enum(leadStatuses),
  appliedAtMs: z.number(),
  reason: z.string().nullable(),
});
export type LeadApplication = z.infer<typeof leadApplicationSchema>;
export const myLeadSchema = z.object({ application: leadApplicationSchema.nullable() });

export const monthlyReturnSchema = z.object({ month: z.string(), value: z.number() });

/** A lead's public card: never their name, account or balances; every figure from their journals. */
export const leadSummarySchema = z.object({
  id: z.string(),
  nickname: z.string(),
  avatar: z.enum(leadAvatars),
  bio: z.string(),
  /** The nickname and bio for each language's readers; null: `nickname` and `bio` for all. */
  translations: leadTranslationsSchema.nullable(),
  currency: z.enum(followCurrencies),
  /** Compounded time-weighted returns over the last 1, 3 and 12 Tokyo months, fractions. */
  returns: z.object({ m1: z.number(), m3: z.number(), m12: z.number() }),
  monthly: z.array(monthlyReturnSchema),
  maxDrawdown: z.number(),
  winShare: z.number(),
  averageHoldingMs: z.number(),
  averageLeverage: z.number(),
  trades: z.number().int(),
  riskScore: z.number().int().min(0).max(10),
  /** A lead at or above the hiding score takes no new copiers. */
  hidden: z.boolean(),
  copiers: z.number().int(),
  /** Money copying them now, minor units of their currency. */
  copying: minorAmountSchema,
});
export type LeadSummary = z.infer<typeof leadSummarySchema>;

export const leaderboardQuerySchema = z.object({
  market: z.enum(["JP", "US"]).optional(),
  risk: z.enum(["low", "medium", "high"]).optional(),
  period: z.enum(["m1", "m3", "m12"]).default("m12"),
});
export type LeaderboardQuery = z.input<typeof leaderboardQuerySchema>;
export const leaderboardSchema = z.object({ items: z.array(leadSummarySchema) });

export const copyTermsSchema = z.object({
  minimum: minorAmountSchema,
  maximum: minorAmountSchema,
  periods: z.array(z.number().int().positive()),
  stopDefaultPct: z.number().int(),
  stopMinPct: z.number().int(),
  stopMaxPct: z.number().int(),
  profitSharePct: z.number().int(),
});
export type CopyTerms = z.infer<typeof copyTermsSchema>;

export const leadDetailSchema = z.object({
  lead: leadSummarySchema,
  /** The growth index (1 at the first money) after each of the lead's journals. */
  curve: z.array(z.object({ atMs: z.number(), value: z.number() })),
  /** Open positions as shares of the lead's equity, percent: never amounts. */
  allocation: z.array(
    z.object({
      symbol: z.string(),
      side: z.enum(["long", "short"]),
      leverage: z.number(),
      sharePct: z.number(),
    }),
  ),
  terms: copyTermsSchema,
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

export const copyRequestSchema = z.object({
  leadId: safeText({ error: "LEAD_TRADER_NOT_FOUND" }).max(64, { error: "LEAD_TRADER_NOT_FOUND" }),
  amount: majorAmountSchema,
  periodDays: z.number({ error: "FOLLOW_PERIOD_INVALID" }).int({ error: "FOLLOW_PERIOD_INVALID" }),
  stopLossPct: z.number({ error: "COPY_STOP_INVALID" }).int({ error: "COPY_STOP_INVALID" }),
  /** Also mirror the lead's positions open now, at the current price (eToro's "copy open trades"). */
  copyOpen: z.boolean({ error: "VALIDATION_FAILED" }).default(false),
  /** The member read the risk text: required before a copy. */
  riskAccepted: z.literal(true, { error: "RISK_NOT_ACCEPTED" }),
});
export type CopyRequest = z.input<typeof copyRequestSchema>;

export const copyFundsSchema = z.object({
  direction: z.enum(["add", "remove"], { error: "VALIDATION_FAILED" }),
  amount: majorAmountSchema,
});
export type CopyFunds = z.input<typeof copyFundsSchema>;

export const copyStatuses = ["active", "stopped"] as const;
export const copyStopReasons = ["member", "stop_loss", "time_limit", "lead_suspended"] as const;

/** A follow order: a copy of one lead, running or ended. */
export const copySchema = z.object({
  id: z.string(),
  leadId: z.string(),
  nickname: z.string(),
  /** The lead's nickname for each language's readers; null: `nickname` for all. */
  nicknames: inEachLanguage(z.string()).nullable(),
  avatar: z.enum(leadAvatars),
  currency: z.enum(followCurrencies),
  status: z.enum(copyStatuses),
  /** Money put in less money taken out, minor units. */
  invested: minorAmountSchema,
  /** Cash in the copy plus the margin and unrealised result of its open mirrors. */
  equity: minorAmountSchema,
  profit: minorAmountSchema,
  stopLossPct: z.number().int(),
  /** The equity at which the copy stops. */
  floor: minorAmountSchema,
  periodDays: z.number().int(),
  profitSharePct: z.number().int(),
  /** Profit share paid to the lead so far. */
  profitSharePaid: minorAmountSchema,
  openMirrors: z.number().int(),
  skippedMirrors: z.number().int(),
  startedAtMs: z.number(),
  endsAtMs: z.number(),
  stoppedAtMs: z.number().nullable(),
  stopReason: z.enum(copyStopReasons).nullable(),
});
export type Copy = z.infer<typeof copySchema>;
export const copyQuerySchema = z.object({ status: z.enum(copyStatuses).optional() });
export const copyListSchema = z.object({ items: z.array(copySchema) });

/** A position in the follower's book that mirrors a lead's, naming the lead. */
export const mirroredPositionSchema = positionSchema.extend({
  copyId: z.string(),
  leadNickname: z.string(),
  /** The lead's nickname for each language's readers; null: `leadNickname` for all. */
  leadNicknames: inEachLanguage(z.string()).nullable(),
});
export type MirroredPosition = z.infer<typeof mirroredPositionSchema>;
export const mirroredPositionListSchema = z.object({ items: z.array(mirroredPositionSchema) });

// Operations

export const opsLeadQuerySchema = z.object({ status: z.enum(leadStatuses).default("pending") });
export const opsLeadSchema = leadApplicationSchema.extend({
  memberId: z.string(),
  memberAccount: z.string(),
  trades: z.number().int(),
  copiers: z.number().int(),
  decidedAtMs: z.number().nullable(),
});
export type OpsLead = z.infer<typeof opsLeadSchema>;
export const opsLeadListSchema = z.object({ items: z.array(opsLeadSchema) });
export const leadSuspendSchema = z.object({ reason: reasonSchema });
export const opsCopySchema = copySchema.extend({ followerAccount: z.string() });
export type OpsCopy = z.infer<typeof opsCopySchema>;
export const opsCopyListSchema = z.object({ items: z.array(opsCopySchema) });
