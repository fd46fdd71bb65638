import { z } from "zod";
import { count, decimal, side } from "./journal-memo-parts.ts";
import { productCodes } from "./product-codes.ts";

/** The codes of dividends (see `product-codes.ts`). */
export const dividendsCodes = productCodes({
  errors: {
    DIVIDEND_NOT_FOUND: 404,
  },
  journals: [
    /**
     * A dividend on a position held across an ex-date: a long receives it from the house dividends
     * account less the tax withheld (to the house tax account); a short pays it in full.
     */
    "dividend",
  ],
  memos: [
    /**
     * A dividend on a position held across its ex-date: a long's receipt (gross less withheld) or a
     * short's payment of the gross; amounts in major units of the position's currency.
     */
    z.object({
      code: z.literal("dividend"),
      params: z.object({
        side,
        quantity: count,
        symbol: z.string(),
        perShare: decimal,
        exDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        gross: decimal,
        withheld: decimal,
      }),
    }),
  ],
});
