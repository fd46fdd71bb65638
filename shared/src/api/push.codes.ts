import { productCodes } from "./product-codes.ts";

/** The codes of Web Push (see `product-codes.ts`). */
export const pushCodes = productCodes({
  errors: {
    /** Not an address of a push service this server sends to. */
    PUSH_ENDPOINT_INVALID: 400,
    /** The subscription's keys are missing or not the browser's P-256 key and 16-byte secret. */
    PUSH_KEYS_INVALID: 400,
  },
});
