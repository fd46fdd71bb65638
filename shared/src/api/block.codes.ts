import { z } from "zod";
import { count, decimal } from "./journal-memo-parts.ts";
import { productCodes } from "./product-codes.ts";

/** The codes of block trades (see `product-codes.ts`). */
export const blockCodes = productCodes({
  errors: {
    /** Spec: "closed": outside the block desk's hours (BLOCK_HOURS), or the offering's window. */
    BLOCK_CLOSED: 409,
    /** Spec: "daily purchase limit": today's block applications would hold more than BLOCK_DAILY_LIMIT. */
    BLOCK_DAILY_LIMIT: 409,
    /** Spec: "minimum shares" / "maximum shares" of the offering or the instrument. */
    BLOCK_MIN_SHARES: 400,
    BLOCK_MAX_SHARES: 400,
    /** A negotiated bid's price is more than 7% (at least ¥5) from the last auction trade. */
    BLOCK_PRICE_LIMIT: 400,
    /** The instrument is not open to negotiated bids (or has no auction price yet). */
    BLOCK_NOT_OPEN: 409,
    BLOCK_OFFERING_NOT_FOUND: 404,
    BLOCK_APPLICATION_NOT_FOUND: 404,
    /** One live application per member per offering. */
    BLOCK_ALREADY_APPLIED: 409,
    /** An offering's window must open before it closes, and its sizes be in order. */
    BLOCK_WINDOW_INVALID: 400,
    /** The draw runs once, after the window closes. */
    BLOCK_OFFERING_NOT_CLOSED: 409,
  },
  audit: ["block.publish", "block.allot", "block.open", "block.approve", "block.reject"],
  journals: [
    /** A block-trade application's money: available → held at once (shares × price + fee). */
    "block_hold",
    /** The hold back to available: before the fill, or on rejection, withdrawal or a lost draw. */
    "block_release",
  ],
  memos: [
    /** A block-trade application's money held at once: shares at the block price, plus the fee. */
    z.object({
      code: z.literal("block_hold"),
      params: z.object({ symbol: z.string(), quantity: count, price: decimal }),
    }),
    /** A block-trade application's hold returned: all of it before a fill, or on rejection or withdrawal. */
    z.object({
      code: z.literal("block_release"),
      params: z.object({ symbol: z.string(), quantity: count }),
    }),
  ],
});
