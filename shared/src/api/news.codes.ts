import { productCodes } from "./product-codes.ts";

/** The codes of news (see `product-codes.ts`). */
export const newsCodes = productCodes({
  errors: {
    NEWS_NOT_FOUND: 404,
  },
  audit: ["news.create", "news.update", "news.withdraw"],
});
