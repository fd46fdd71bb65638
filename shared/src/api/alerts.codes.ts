import { productCodes } from "./product-codes.ts";

/** The codes of price alerts (see `product-codes.ts`). */
export const alertsCodes = productCodes({
  errors: {
    ALERT_KIND_INVALID: 400,
    /** Not a positive decimal, or a day change above 100%. */
    ALERT_THRESHOLD_INVALID: 400,
    ALERT_FREQUENCY_INVALID: 400,
    /** The quote already meets the condition: the alert would fire at once. */
    ALERT_ALREADY_MET: 409,
    /** The member holds the most active alerts allowed. */
    ALERTS_LIMIT: 409,
    ALERT_NOT_FOUND: 404,
  },
});
