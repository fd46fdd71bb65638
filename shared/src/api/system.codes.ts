import { productCodes } from "./product-codes.ts";

/** The codes of system settings (see `product-codes.ts`). */
export const systemCodes = productCodes({
  errors: {
    CONFIG_NAME_INVALID: 400,
    // A support link that is neither an http(s) address nor one of the app's support pages.
    CONFIG_LINK_INVALID: 400,
  },
  audit: ["config.set"],
});
