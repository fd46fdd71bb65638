import { productCodes } from "./product-codes.ts";

/** The codes of market data (see `product-codes.ts`). */
export const marketCodes = productCodes({
  errors: {
    SYMBOL_INVALID: 400,
    SYMBOL_NOT_FOUND: 404,
    INTERVAL_INVALID: 400,
  },
});
