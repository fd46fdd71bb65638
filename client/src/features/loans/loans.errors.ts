import type { loansCodes } from "@kabuto/shared/api/loans.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of credit loans say to a member. */
export const loansErrors: ErrorMessages<typeof loansCodes> = {
  LOAN_LINE_INSUFFICIENT: msg`The amount is more than your remaining credit line.`,
  LOAN_NOT_FOUND: msg`This loan does not exist.`,
  LOAN_NOT_OWED: msg`Nothing is owed on this loan.`,
  REPAYMENT_EXCEEDS_LOAN: msg`The repayment is more than what is owed on the loan.`,
  LOAN_UNPAID: msg`Repay your credit loan first: what you owe stays in your account until it is repaid.`,
  CREDIT_LINE_INVALID: msg`Enter each credit line as an amount of its currency.`,
};
