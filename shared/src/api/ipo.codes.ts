import { z } from "zod";
import { count, decimal } from "./journal-memo-parts.ts";
import { productCodes } from "./product-codes.ts";

/** The codes of new shares (IPO) (see `product-codes.ts`). */
export const ipoCodes = productCodes({
  errors: {
    OFFERING_NOT_FOUND: 404,
    SUBSCRIPTION_NOT_FOUND: 404,
    /** Spec: "not yet subscription or listing time": book-building has not opened. */
    IPO_NOT_YET_OPEN: 409,
    /** Spec: "channel not open": book-building for this new share is over. */
    IPO_CHANNEL_CLOSED: 409,
    /** Spec: "only one subscription per new share". */
    IPO_ALREADY_SUBSCRIBED: 409,
    /** Spec: "lots must be whole numbers". */
    UNITS_NOT_WHOLE: 400,
    /** A declared price outside the price band. */
    PRICE_OUTSIDE_BAND: 400,
    /** Spec: "order not in payment or subscription state". */
    SUBSCRIPTION_STATE_INVALID: 409,
    OFFERING_CODE_EXISTS: 409,
    /** A date is not a trading day, or the dates are out of order (details.field says which). */
    OFFERING_SCHEDULE_INVALID: 400,
    OFFERING_BAND_INVALID: 400,
    /** An offering can be edited only before book-building opens. */
    OFFERING_NOT_EDITABLE: 409,
    /** The price is set after the book closes and the draw after the price: this step is not the next. */
    OFFERING_STAGE_INVALID: 409,
  },
  audit: ["offering.create", "offering.update", "offering.price", "offering.draw"],
  journals: [
    /** A new share's winner pays: available → held until listing day. */
    "ipo_payment",
    /** Listing day: the paid hold becomes the allotted position's margin (held → margin). */
    "ipo_allotment",
  ],
  memos: [
    /** Payment for units of a new share won in its draw, held until listing day. */
    z.object({
      code: z.literal("ipo_payment"),
      params: z.object({ symbol: z.string(), quantity: count, price: decimal }),
    }),
    /** A new share allotted on listing day, at its offer price, from the payment's hold. */
    z.object({
      code: z.literal("ipo_allotment"),
      params: z.object({ symbol: z.string(), quantity: count, price: decimal }),
    }),
  ],
});
