import { z } from "zod";
import { settings } from "../kernel/settings.ts";

/** Check-in points and invitation rewards: its part of the API's settings (see kernel/settings.ts). */
export const rewardsSettings = settings({
  /**
   * Daily check-in: "points,bonus,pointsPerYen,minimum,expiryDays" — 10 points a day, 40 more on
   * every 7th day in a row, 10 points to the yen, at least 1,000 points (¥100) per conversion,
   * points last 730 days (moomoo's two years).
   */
  CHECKIN_TERMS: z
    .string()
    .regex(/^\d{1,4},\d{1,4},\d{1,4},\d{1,6},\d{1,4}$/)
    .default("10,40,10,1000,730"),
  /**
   * The most reward cash one member receives in a Tokyo calendar year, yen. Check-in points need
   * no purchase and the invitation reward pays for someone else's account, so neither is a gift
   * tied to a transaction under 景品表示法 (20% of it, ¥200 below ¥1,000); the cap keeps each
   * member's giveaways modest and far under the law's ¥100,000 ceiling for a single prize.
   */
  REWARD_YEAR_MAX_JPY: z.coerce.number().int().min(0).max(100_000).default(10_000),
  /** Days reward cash stays out of what may be withdrawn (Robinhood holds promotions' cash 30 days). */
  REWARD_HOLD_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /**
   * Yen an inviter receives once an invited member is verified and has made a first deposit (the
   * spec's "share 200 yen"), once per invitee, within REWARD_YEAR_MAX_JPY.
   */
  INVITE_REWARD_JPY: z.coerce.number().int().min(0).max(10_000).default(200),
});
