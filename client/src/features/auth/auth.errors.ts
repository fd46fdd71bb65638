import type { authCodes } from "@kabuto/shared/api/auth.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of registration and sign-in say to a member. */
export const authErrors: ErrorMessages<typeof authCodes> = {
  ACCOUNT_REQUIRED: msg`Enter your mobile number.`,
  ACCOUNT_INVALID: msg`Enter a valid mobile number: 10 digits, or 11 digits starting 070, 080 or 090.`,
  PASSWORD_REQUIRED: msg`Enter your password.`,
  PASSWORD_INVALID: msg`Use 8 to 64 letters or digits for the password.`,
  PASSWORDS_DIFFER: msg`The two passwords differ.`,
  INVITE_CODE_REQUIRED: msg`Enter an invitation code.`,
  INVITER_NOT_FOUND: msg`This invitation code does not exist.`,
  TERMS_NOT_ACCEPTED: msg`Please read and accept the terms.`,
  ACCOUNT_EXISTS: msg`This number is already registered.`,
  LOGIN_FAILED: msg`Wrong mobile number or password.`,
  LOGIN_THROTTLED: msg`Too many attempts. Sign in with an SMS code, or try again later.`,
  REGISTRATION_THROTTLED: msg`Too many sign-up attempts from this network. Please try again later.`,
  SMS_CODE_REQUIRED: msg`Enter the code from the SMS.`,
  SMS_CODE_INVALID: msg`The code is 6 digits.`,
  SMS_CODE_WRONG: msg`The code is wrong or has expired. Ask for a new one if needed.`,
  SMS_THROTTLED: msg`Too many codes asked for. Please try again later.`,
};
