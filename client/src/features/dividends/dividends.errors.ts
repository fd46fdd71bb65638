import type { dividendsCodes } from "@kabuto/shared/api/dividends.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of dividends say to a member. */
export const dividendsErrors: ErrorMessages<typeof dividendsCodes> = {
  DIVIDEND_NOT_FOUND: msg`This dividend does not exist or has not been announced yet.`,
};
