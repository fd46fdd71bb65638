import type { rewardsCodes } from "@kabuto/shared/api/rewards.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of rewards say to a member. */
export const rewardsErrors: ErrorMessages<typeof rewardsCodes> = {
  ALREADY_CHECKED_IN: msg`You have already checked in today.`,
  CHECKIN_POINTS_TOO_FEW: msg`Too few check-in points to convert yet.`,
  REWARD_YEAR_CAP_REACHED: msg`You have received this year's most in reward cash.`,
  REWARD_NOT_FOUND: msg`No such reward for this member.`,
  REWARD_ALREADY_REVERSED: msg`This reward has already been taken back.`,
};
