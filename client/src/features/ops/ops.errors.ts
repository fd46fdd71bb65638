import type { opsCodes } from "@kabuto/shared/api/ops.codes";
import type { systemCodes } from "@kabuto/shared/api/system.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of the console's own products (staff accounts and settings) say to staff (the console's catalog). */
export const opsErrors: ErrorMessages<typeof opsCodes> & ErrorMessages<typeof systemCodes> = {
  STAFF_LOGIN_FAILED: msg`Wrong staff ID or password.`,
  STAFF_LOGIN_THROTTLED: msg`Too many attempts for this staff ID. Please wait a few minutes and try again.`,
  STAFF_UNAUTHENTICATED: msg`Please sign in to the console again.`,
  STAFF_EXISTS: msg`This staff account already exists.`,
  STAFF_NOT_FOUND: msg`This staff account does not exist.`,
  CONFIG_NAME_INVALID: msg`Invalid setting name.`,
  CONFIG_LINK_INVALID: msg`A link must be an http or https address, or /user/pj for the app's online support chat.`,
};
