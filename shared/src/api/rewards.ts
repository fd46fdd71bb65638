import { z } from "zod";
import { minorAmountSchema } from "../money.ts";
import { reasonSchema } from "./staff-decisions.ts";

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
  /** Yen an inviter receives when an invitee is verified and has made a first deposit. */
  inviteRewardYen: z.number().int(),
});
export type CheckInTermsWire = z.infer<typeof checkInTermsSchema>;

export const rewardEventSchema = z.object({
  id: z.string(),
  /**
   * A check-in (points earned), a conversion (points into yen), an invitation reward (yen for
   * an invitee who was verified and deposited), or operations taking a reward back.
   */
  kind: z.enum(["checkin", "convert", "invite", "reversal"]),
  /** Earned (positive) or spent (negative). */
  points: z.number().int(),
  /** Yen paid (a conversion, an invitation reward) or taken back (a reversal, negative), minor units. */
  yen: z
    .string()
    .regex(/^-?\d+$/)
    .nullable(),
  /** For an invitation reward: the invitee's masked number. */
  invitee: z.string().nullable(),
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

/** One member someone invited, as the inviter sees them: a masked number and their progress. */
export const inviteeSchema = z.object({
  /** `090****5678`. */
  account: z.string(),
  registeredAtMs: z.number(),
  verified: z.boolean(),
  firstDeposit: z.boolean(),
  /** Yen the reward paid (0 when the year's cap had nothing left); null until it is earned. */
  rewardYen: minorAmountSchema.nullable(),
  rewardAtMs: z.number().nullable(),
  /** Operations took the reward back. */
  rewardReversed: z.boolean(),
});
export type Invitee = z.infer<typeof inviteeSchema>;

export const invitationsSchema = z.object({
  /** The member's own code, for the register screen's invitation field. */
  code: z.string(),
  /** Yen a completed invitation pays. */
  rewardYen: z.number().int(),
  /** Newest first. */
  invitees: z.array(inviteeSchema),
});
export type Invitations = z.infer<typeof invitationsSchema>;

/** The reward settings in effect, as the console shows them: from the server's settings, read-only. */
export const rewardSettingsSchema = checkInTermsSchema.extend({
  /** Always false: these come from CHECKIN_TERMS, REWARD_YEAR_MAX_JPY, REWARD_HOLD_DAYS and INVITE_REWARD_JPY. */
  editable: z.literal(false),
});
export type RewardSettings = z.infer<typeof rewardSettingsSchema>;

/** A reward journal on a member's console screen, with whether operations took it back. */
export const opsRewardSchema = z.object({
  journalId: z.string(),
  kind: z.enum(["convert", "invite"]),
  yen: minorAmountSchema,
  /** Points a conversion spent; 0 for an invitation reward. */
  points: z.number().int(),
  /** An invitation reward's invitee, masked. */
  invitee: z.string().nullable(),
  createdAtMs: z.number(),
  reversal: z
    .object({ journalId: z.string(), reason: z.string(), staffId: z.string(), createdAtMs: z.number() })
    .nullable(),
});
export type OpsReward = z.infer<typeof opsRewardSchema>;

export const opsMemberRewardsSchema = z.object({
  checkIns: z.number().int(),
  lastCheckIn: z.string().nullable(),
  streak: z.number().int(),
  /** Usable points now. */
  points: z.number().int(),
  cashThisYear: minorAmountSchema,
  /** Members this one invited, and how many of them earned the reward. */
  invitees: z.number().int(),
  invitesRewarded: z.number().int(),
  /** Reward journals, newest first. */
  rewards: z.array(opsRewardSchema),
});
export type OpsMemberRewards = z.infer<typeof opsMemberRewardsSchema>;

export const rewardReversalRequestSchema = z.object({ reason: reasonSchema });
export type RewardReversalRequest = z.infer<typeof rewardReversalRequestSchema>;

export const rewardReversalSchema = z.object({
  journalId: z.string(),
  rewardJournalId: z.string(),
  memberId: z.string(),
  yen: minorAmountSchema,
  reason: z.string(),
  createdAtMs: z.number(),
});
export type RewardReversal = z.infer<typeof rewardReversalSchema>;
