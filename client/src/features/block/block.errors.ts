import type { blockCodes } from "@kabuto/shared/api/block.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of block trades say to a member. */
export const blockErrors: ErrorMessages<typeof blockCodes> = {
  BLOCK_CLOSED: msg`Block trades are closed now. The desk takes applications on business days, 09:30–19:30.`,
  BLOCK_DAILY_LIMIT: msg`This would pass today's block-trade purchase limit.`,
  BLOCK_MIN_SHARES: msg`Apply for at least the minimum number of shares.`,
  BLOCK_MAX_SHARES: msg`Apply for no more than the maximum number of shares.`,
  BLOCK_PRICE_LIMIT: msg`The price is outside the allowed range around the last trade.`,
  BLOCK_NOT_OPEN: msg`This stock is not open to negotiated bids now.`,
  BLOCK_OFFERING_NOT_FOUND: msg`This block offering does not exist.`,
  BLOCK_APPLICATION_NOT_FOUND: msg`This block-trade application does not exist.`,
  BLOCK_ALREADY_APPLIED: msg`Only one application per block offering.`,
  BLOCK_WINDOW_INVALID: msg`Check the window and the share sizes: the window must open before it closes, and minimum ≤ maximum ≤ block.`,
  BLOCK_OFFERING_NOT_CLOSED: msg`The draw runs once the application window has closed.`,
};
