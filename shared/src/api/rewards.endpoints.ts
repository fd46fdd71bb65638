import { endpoint } from "./endpoint.ts";
import {
  checkInResultSchema,
  checkInTermsSchema,
  invitationsSchema,
  opsMemberRewardsSchema,
  rewardConversionSchema,
  rewardReversalRequestSchema,
  rewardReversalSchema,
  rewardSettingsSchema,
  rewardsSummarySchema,
} from "./rewards.ts";

/**
 * The member's rewards (the daily check-in and its points, their conversion into cash, the
 * invitations) and the console's: the settings in effect, a member's rewards, reversal.
 */
export const rewardsApi = {
  summary: endpoint({
    method: "get",
    path: "/rewards",
    tag: "rewards",
    summary: "Check-in state and streak, usable points, the terms, this year's reward cash, and the history",
    caller: "member",
    response: rewardsSummarySchema,
  }),
  terms: endpoint({
    method: "get",
    path: "/rewards/terms",
    tag: "rewards",
    summary:
      "The reward terms in effect (check-in points, the invitation reward, the year's cap): what the app's promotions state, for visitors too",
    caller: "anyone",
    response: checkInTermsSchema,
  }),
  checkIn: endpoint({
    method: "post",
    path: "/rewards/check-in",
    tag: "rewards",
    summary: "Today's check-in (Tokyo day): points once a day, a bonus on every seventh day in a row",
    caller: "member",
    idempotent: true,
    status: 201,
    response: checkInResultSchema,
    errors: ["ACCOUNT_FROZEN", "ALREADY_CHECKED_IN"],
  }),
  convert: endpoint({
    method: "post",
    path: "/rewards/convert",
    tag: "rewards",
    summary: "Turn usable points into yen (whole yen, at least the minimum, within the year's cap)",
    caller: "member",
    idempotent: true,
    status: 201,
    response: rewardConversionSchema,
    errors: ["ACCOUNT_FROZEN", "CHECKIN_POINTS_TOO_FEW", "REWARD_YEAR_CAP_REACHED"],
  }),
  invitations: endpoint({
    method: "get",
    path: "/invitations",
    tag: "rewards",
    summary:
      "The member's invitation code, the reward a completed invitation pays, and their invitees (masked numbers) with what each has completed",
    caller: "member",
    response: invitationsSchema,
  }),
  opsSettings: endpoint({
    method: "get",
    path: "/ops/reward-settings",
    tag: "ops",
    summary:
      "The reward settings in effect (check-in points, conversion, expiry, yearly cap, hold, invitation reward); read-only, from the server's settings (reviewer)",
    caller: "reviewer",
    response: rewardSettingsSchema,
  }),
  opsMemberRewards: endpoint({
    method: "get",
    path: "/ops/members/{id}/rewards",
    tag: "ops",
    summary:
      "A member's check-ins, points, reward cash this year, invitations and reward journals (reviewer)",
    caller: "reviewer",
    response: opsMemberRewardsSchema,
    errors: ["MEMBER_NOT_FOUND"],
  }),
  reverse: endpoint({
    method: "post",
    path: "/ops/members/{id}/rewards/{journalId}/reversal",
    tag: "ops",
    summary:
      "Take a reward back (abuse) by an adjusting journal to the house rewards account, with a reason the member reads; audited (supervisor); accepts Idempotency-Key",
    caller: "supervisor",
    idempotent: true,
    status: 201,
    body: rewardReversalRequestSchema,
    response: rewardReversalSchema,
    errors: [
      "MEMBER_NOT_FOUND",
      "REWARD_NOT_FOUND",
      "REWARD_ALREADY_REVERSED",
      "REASON_REQUIRED",
      "INSUFFICIENT_BALANCE",
    ],
  }),
};
