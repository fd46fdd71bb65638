import type { followCodes } from "@kabuto/shared/api/follow.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of follow trading say to a member. */
export const followErrors: ErrorMessages<typeof followCodes> = {
  LEAD_TRADER_NOT_FOUND: msg`This lead trader does not exist.`,
  FOLLOW_TIME_LIMIT_EXCEEDED: msg`Time limit exceeded: this copy's follow period has ended.`,
  NICKNAME_INVALID: msg`Choose a nickname of 2 to 20 characters.`,
  NICKNAME_TAKEN: msg`This nickname is taken. Choose another.`,
  LEAD_APPLICATION_EXISTS: msg`You have already applied to lead.`,
  LEAD_HISTORY_TOO_SHORT: msg`You need a few more closed trades before you can apply to lead.`,
  LEAD_NOT_PENDING: msg`This application has already been decided.`,
  LEAD_NOT_APPROVED: msg`This lead trader is not approved.`,
  LEAD_HIDDEN: msg`This lead trader's risk score is too high to take new copiers.`,
  COPY_SELF: msg`You cannot copy yourself.`,
  ALREADY_COPYING: msg`You are already copying this lead trader.`,
  COPY_AMOUNT_OUT_OF_RANGE: msg`The amount is outside the minimum and maximum for copying this lead trader.`,
  COPY_STOP_INVALID: msg`Choose a copy stop-loss from 5% to 95%.`,
  FOLLOW_PERIOD_INVALID: msg`Choose one of the follow periods offered.`,
  RISK_NOT_ACCEPTED: msg`Read and accept the risk statement first.`,
  COPY_NOT_FOUND: msg`This follow order does not exist.`,
  COPY_NOT_ACTIVE: msg`This follow order has already ended.`,
  POSITION_MIRRORED: msg`This position was copied from a lead trader: close it from the Follow tab of your positions, so the money returns to the copy.`,
  COPY_FUNDS_INSUFFICIENT: msg`That would leave the copy below its minimum or take money its open positions use.`,
};
