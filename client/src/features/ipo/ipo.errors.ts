import type { ipoCodes } from "@kabuto/shared/api/ipo.codes";
import { msg } from "@lingui/core/macro";
import type { ErrorMessages } from "../../lib/error-messages.ts";

/** What the error codes of new shares say to a member. */
export const ipoErrors: ErrorMessages<typeof ipoCodes> = {
  OFFERING_NOT_FOUND: msg`This new share does not exist.`,
  SUBSCRIPTION_NOT_FOUND: msg`This subscription does not exist.`,
  IPO_NOT_YET_OPEN: msg`Not yet subscription or listing time.`,
  IPO_CHANNEL_CLOSED: msg`The subscription channel is not open.`,
  IPO_ALREADY_SUBSCRIBED: msg`Only one subscription per new share.`,
  UNITS_NOT_WHOLE: msg`Lots must be whole numbers.`,
  PRICE_OUTSIDE_BAND: msg`Enter a price inside the price range.`,
  SUBSCRIPTION_STATE_INVALID: msg`This subscription is not in the payment or subscription state.`,
  OFFERING_CODE_EXISTS: msg`A new share with this code already exists.`,
  OFFERING_SCHEDULE_INVALID: msg`Each date must be a trading day, in order: book-building, price, payment, listing.`,
  OFFERING_BAND_INVALID: msg`The price range's low must be above zero and not above its high.`,
  OFFERING_NOT_EDITABLE: msg`A new share can be changed only before book-building opens.`,
  OFFERING_STAGE_INVALID: msg`This step is not open for this new share now.`,
};
