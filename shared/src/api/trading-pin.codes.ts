import { productCodes } from "./product-codes.ts";

/** The codes of the trading PIN and the confirmation before money moves (see `product-codes.ts`). */
export const tradingPinCodes = productCodes({
  errors: {
    /** Not six digits. */
    TRADING_PIN_INVALID: 400,
    /** One digit six times or a run (123456): the first a guesser tries. */
    TRADING_PIN_WEAK: 400,
    /** The member has a PIN and the request carried none: the confirmation step asks for it. */
    TRADING_PIN_REQUIRED: 428,
    TRADING_PIN_WRONG: 400,
    /** Too many wrong PINs: the next guess must wait (`retryAfterMs`). */
    TRADING_PIN_THROTTLED: 429,
    /** Removing a PIN the member does not have. */
    TRADING_PIN_NOT_SET: 409,
    /** Setting or removing takes the sign-in password or the fund password, and got neither. */
    TRADING_PIN_PROOF_REQUIRED: 400,
  },
});
