import type { dayTradingCodes } from "@kabuto/shared/api/day-trading.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of day trading say to a member. */
export const daytradeErrors: ErrorMessages<typeof dayTradingCodes> = {
  DAY_TRADE_NOT_APPROVED: msg`Day trading needs an approved application first.`,
  DAY_TRADE_CUTOFF_PASSED: msg`Today's day-trade cut-off has passed: no new day trade opens until the next session.`,
  DAY_TRADE_MARKET_ONLY: msg`Day trades are market orders in the regular session.`,
  DAY_TRADE_AGREEMENT_REQUIRED: msg`Please read and agree to the day-trading terms.`,
  DAY_TRADE_ALREADY_APPLIED: msg`You have already applied for day trading.`,
  DAY_TRADE_APPLICATION_NOT_FOUND: msg`This day-trading application does not exist.`,
};
