import { z } from "zod";
import { count } from "./journal-memo-parts.ts";
import { productCodes } from "./product-codes.ts";

/** The codes of rewards (see `product-codes.ts`). */
export const rewardsCodes = productCodes({
  errors: {
    ALREADY_CHECKED_IN: 409,
    CHECKIN_POINTS_TOO_FEW: 409,
    REWARD_YEAR_CAP_REACHED: 409,
    REWARD_NOT_FOUND: 404,
    REWARD_ALREADY_REVERSED: 409,
  },
  audit: ["reward.reverse"],
  journals: [
    /** Reward cash (converted check-in points, invitation rewards): from the house rewards account. */
    "reward",
  ],
  memos: [
    /** Check-in points turned into cash. */
    z.object({ code: z.literal("checkin_points"), params: z.object({ points: count }) }),
    /** The invitation reward: the invitee (masked number) was verified and made a first deposit. */
    z.object({ code: z.literal("invitation_reward"), params: z.object({ invitee: z.string() }) }),
    /** Operations took back a reward journal (abuse); the reason is staff's words, in the memo. */
    z.object({ code: z.literal("reward_reversal"), params: z.object({ rewardJournalId: z.string() }) }),
  ],
});
