import { z } from "zod";
import { minorAmountSchema } from "../money.ts";

export const checkInTermsSchema = z.object({
  dailyPoints: z.number().int(),
  weeklyBonusPoints: z.number().int(),
  pointsPerYen: z.number().int(),
  convertMinimumPoints: z.number().int(),
  expiryDays: z.number().int(),
  /** The most reward cash one member receives in a Tokyo calendar year, yen. */
  yearMaxYen: z.number().int(),
  /** Days reward cash stays out of what may be withdrawn. */
  holdDays: z.number().int(),
});
export type CheckInTermsWire = z.infer<typeof checkInTermsSchema>;

export const rewardEventSchema = z.object({
  id: z.string(),
  kind: z.enum(["checkin", "convert"]),
  /** Earned (positive) or spent (negative). */
  points: z.number().int(),
  /** For a conversion: the yen it paid, in minor units. */
  yen: minorAmountSchema.nullable(),
  /** For a check-in: the day in a row it was. */
  streak: z.number().int().nullable(),
  /** The Tokyo date of a check-in, or of a conversion. */
  date: z.string(),
  createdAtMs: z.number(),
});
export type RewardEvent = z.infer<typeof rewardEventSchema>;

export const rewardsSummarySchema = z.object({
  /** Today in Tokyo, the day check-ins count by. */
  today: z.string(),
  checkedInToday: z.boolean(),
  /** Days in a row so far (0 when the streak is broken). */
  streak: z.number().int(),
  /** What the next check-in earns: today's if not yet done, else tomorrow's. */
  nextPoints: z.number().int(),
  /** Points that can be converted now. */
  points: z.number().int(),
  /** Reward cash received this Tokyo year, yen. */
  cashThisYear: minorAmountSchema,
  terms: checkInTermsSchema,
  /** Newest first. */
  history: z.array(rewardEventSchema),
});
export type RewardsSummary = z.infer<typeof rewardsSummarySchema>;

export const checkInResultSchema = z.object({
  date: z.string(),
  streak: z.number().int(),
  earned: z.number().int(),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;

export const rewardConversionSchema = z.object({
  points: z.number().int(),
  /** Minor units of yen credited. */
  yen: minorAmountSchema,
  journalId: z.string(),
});
export type RewardConversion = z.infer<typeof rewardConversionSchema>;
