import type { statementsCodes } from "@kabuto/shared/api/statements.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of statements say to a member and to staff. */
export const statementsErrors: ErrorMessages<typeof statementsCodes> = {
  STATEMENT_PERIOD_INVALID: msg`Choose a month (2026-11) or a year (2026).`,
  STATEMENT_PERIOD_FUTURE: msg`That period has not begun yet.`,
  STATEMENT_PERIOD_BEFORE_JOINING: msg`That period ended before the account was opened.`,
  STATEMENT_FORMAT_INVALID: msg`Statements come as CSV or PDF.`,
  STATEMENT_LANGUAGE_INVALID: msg`Statements come in Japanese, English or Traditional Chinese.`,
};
