import type { tradingPinCodes } from "@kabuto/shared/api/trading-pin.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of the trading PIN say to a member. */
export const tradingPinErrors: ErrorMessages<typeof tradingPinCodes> = {
  TRADING_PIN_INVALID: msg`The trading PIN must be 6 digits.`,
  TRADING_PIN_WEAK: msg`Choose a PIN that is not one digit repeated or a run such as 123456.`,
  TRADING_PIN_REQUIRED: msg`Enter your trading PIN.`,
  TRADING_PIN_WRONG: msg`Wrong trading PIN. Nothing was sent.`,
  TRADING_PIN_THROTTLED: msg`Too many wrong trading PINs. Please try again later.`,
  TRADING_PIN_NOT_SET: msg`You have no trading PIN.`,
  TRADING_PIN_PROOF_REQUIRED: msg`Enter your login password or fund password.`,
};
