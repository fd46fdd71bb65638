import {
  type CheckInResult,
  checkInResultSchema,
  type Invitations,
  invitationsSchema,
  type RewardConversion,
  type RewardsSummary,
  rewardConversionSchema,
  rewardsSummarySchema,
} from "@kabuto/shared";
import { apiAct, apiGet, apiSend } from "../../lib/api.ts";

/** The member's rewards endpoints: the daily check-in and points into cash. */

export function fetchRewards(): Promise<RewardsSummary> {
  return apiGet("/rewards", rewardsSummarySchema);
}

/** Once a Tokyo day; a repeat is ALREADY_CHECKED_IN, which changes nothing. */
export function checkIn(): Promise<CheckInResult> {
  return apiSend("POST", "/rewards/check-in", {}, checkInResultSchema);
}

export function convertPoints(idempotencyKey: string): Promise<RewardConversion> {
  return apiAct("/rewards/convert", {}, rewardConversionSchema, idempotencyKey);
}

/** The member's invitation code, the reward it pays, and who registered with it. */
export function fetchInvitations(): Promise<Invitations> {
  return apiGet("/invitations", invitationsSchema);
}
