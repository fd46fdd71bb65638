import type { pushCodes } from "@kabuto/shared/api/push.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/**
 * What the error codes of Web Push say to a member. Its only screen is the alert sheet, which
 * asks for notifications, so the alerts feature carries them.
 */
export const pushErrors: ErrorMessages<typeof pushCodes> = {
  PUSH_ENDPOINT_INVALID: msg`This browser's notification service is not supported.`,
  PUSH_KEYS_INVALID: msg`This browser's notification subscription could not be read.`,
};
