import { productCodes } from "./product-codes.ts";

/** The codes of the watchlist (see `product-codes.ts`). */
export const watchlistCodes = productCodes({
  errors: {
    WATCHLIST_FULL: 409,
  },
});
