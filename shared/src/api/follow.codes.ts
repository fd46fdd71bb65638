import { z } from "zod";
import { productCodes } from "./product-codes.ts";

/** The codes of follow trading (see `product-codes.ts`). */
export const followCodes = productCodes({
  errors: {
    /** The spec's "lead trader does not exist": no approved lead by that id (or suspended). */
    LEAD_TRADER_NOT_FOUND: 404,
    /** The spec's "time limit exceeded": the copy's follow period has ended. */
    FOLLOW_TIME_LIMIT_EXCEEDED: 409,
    NICKNAME_INVALID: 400,
    NICKNAME_TAKEN: 409,
    LEAD_APPLICATION_EXISTS: 409,
    /** Too few closed trades to lead (LEAD_MIN_TRADES). */
    LEAD_HISTORY_TOO_SHORT: 409,
    LEAD_NOT_PENDING: 409,
    LEAD_NOT_APPROVED: 409,
    /** The lead's risk score is at the hiding threshold: no new copiers. */
    LEAD_HIDDEN: 409,
    COPY_SELF: 400,
    ALREADY_COPYING: 409,
    COPY_AMOUNT_OUT_OF_RANGE: 400,
    COPY_STOP_INVALID: 400,
    FOLLOW_PERIOD_INVALID: 400,
    RISK_NOT_ACCEPTED: 400,
    COPY_NOT_FOUND: 404,
    COPY_NOT_ACTIVE: 409,
    /** Taking money out would leave the copy below the minimum or its open mirrors unfunded. */
    COPY_FUNDS_INSUFFICIENT: 409,
    /** A position mirrored from a lead closes through its copy, so the proceeds return to the copy. */
    POSITION_MIRRORED: 409,
  },
  audit: ["lead.approve", "lead.reject", "lead.suspend"],
  journals: [
    /** Money from available cash into a copy of a lead trader (starting it, or adding). */
    "copy_in",
    /** Money from a copy back to available cash (taking some out, or what is left when it stops). */
    "copy_out",
    /** A copy's cash paying for a mirrored opening (copy → available), or a mirror's proceeds back (available → copy). */
    "copy_mirror",
    /**
     * A lead's share of a copy's profit above its high-water mark: the follower's copy → house
     * follow, then house follow → the lead's available cash, one journal each, in one transaction.
     */
    "profit_share",
  ],
  memos: [
    /**
     * Follow trading, naming the lead by nickname: money into a copy (`in`), out of it (`out`),
     * cash for a mirrored opening (`mirror_open`), a mirror's proceeds back (`mirror_close`), and
     * the profit share the follower paid (`share_paid`) or the lead received (`share_received`).
     */
    z.object({
      code: z.literal("copy"),
      params: z.object({
        lead: z.string(),
        action: z.enum(["in", "out", "mirror_open", "mirror_close", "share_paid", "share_received"]),
      }),
    }),
  ],
});
