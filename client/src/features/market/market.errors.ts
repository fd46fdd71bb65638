import type { marketCodes } from "@kabuto/shared/api/market.codes";
import type { watchlistCodes } from "@kabuto/shared/api/watchlist.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of market data and the watchlist say to a member. */
export const marketErrors: ErrorMessages<typeof marketCodes> & ErrorMessages<typeof watchlistCodes> = {
  SYMBOL_INVALID: msg`Invalid stock code.`,
  SYMBOL_NOT_FOUND: msg`This stock does not exist.`,
  INTERVAL_INVALID: msg`Invalid chart interval.`,
  WATCHLIST_FULL: msg`Your watchlist is full.`,
};
