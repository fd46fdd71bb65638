import type { supportCodes } from "@kabuto/shared/api/support.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of online support say to a member. */
export const supportErrors: ErrorMessages<typeof supportCodes> = {
  SUPPORT_TOPIC_INVALID: msg`Choose what your question is about.`,
  SUPPORT_MESSAGE_REQUIRED: msg`Write your message.`,
  SUPPORT_CONVERSATION_NOT_FOUND: msg`This conversation does not exist.`,
  SUPPORT_THROTTLED: msg`You have sent many messages in a short time. Please wait a few minutes; we will read what you sent.`,
};
