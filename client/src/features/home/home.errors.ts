import type { newsCodes } from "@kabuto/shared/api/news.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of news say to a member. */
export const homeErrors: ErrorMessages<typeof newsCodes> = {
  NEWS_NOT_FOUND: msg`This news item does not exist.`,
};
