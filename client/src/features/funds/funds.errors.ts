import type { fundingCodes } from "@kabuto/shared/api/funding.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of deposits, withdrawals and exchange say to a member. */
export const fundsErrors: ErrorMessages<typeof fundingCodes> = {
  CHANNEL_NOT_FOUND: msg`This deposit channel is not available.`,
  RECEIPT_REQUIRED: msg`Upload the deposit receipt first.`,
  AMOUNT_BELOW_MINIMUM: msg`The amount is below the minimum.`,
  AMOUNT_ABOVE_MAXIMUM: msg`The amount is above the maximum.`,
  OUTSIDE_FUND_HOURS: msg`Outside deposit and withdrawal hours.`,
  FUND_OPERATION_IN_PROGRESS: msg`Another fund operation is in progress.`,
  SUBMITTING_TOO_FREQUENTLY: msg`Submitting too frequently. Please wait a moment.`,
  INSUFFICIENT_WITHDRAWABLE: msg`Insufficient withdrawable amount.`,
  DEPOSIT_NOT_FOUND: msg`This deposit does not exist.`,
  WITHDRAWAL_NOT_FOUND: msg`This withdrawal does not exist.`,
  CURRENCIES_SAME: msg`Choose two different currencies.`,
  FX_PAIR_UNAVAILABLE: msg`This currency pair cannot be exchanged.`,
  FX_QUOTE_NOT_FOUND: msg`The quote does not exist. Please get a new quote.`,
  FX_QUOTE_EXPIRED: msg`The quote has expired. Please get a new quote.`,
};
