import { z } from "zod";
import { settings } from "../kernel/settings.ts";

/** Follow trading: its part of the API's settings (see kernel/settings.ts). */
export const followSettings = settings({
  /**
   * Follow trading: the smallest and largest copy of one lead per currency, major units
   * ("JPY:30000,USD:200" and "JPY:300000000,USD:2000000": eToro's $200 and $2,000,000, with yen
   * near their equivalent, rounded), the follow periods members choose from (days), the lead's
   * profit share above the high-water mark (percent), and the closed trades a member needs
   * before applying to lead.
   */
  FOLLOW_MIN: z
    .string()
    .regex(/^[A-Z]{3}:\d+(,[A-Z]{3}:\d+)*$/)
    .default("JPY:30000,USD:200"),
  FOLLOW_MAX: z
    .string()
    .regex(/^[A-Z]{3}:\d+(,[A-Z]{3}:\d+)*$/)
    .default("JPY:300000000,USD:2000000"),
  FOLLOW_PERIODS: z
    .string()
    .regex(/^\d{1,3}(,\d{1,3})*$/)
    .default("7,30,90"),
  FOLLOW_PROFIT_SHARE_PCT: z.coerce.number().int().min(0).max(50).default(10),
  LEAD_MIN_TRADES: z.coerce.number().int().min(0).max(1_000).default(3),
  /**
   * Copies the worker mirrors a lead position into per transaction: a lead's fill reaches a set
   * of copies in a few statements, so fewer, larger sets are quicker; a crash rolls back at most
   * one set per worker lane, which the next pass mirrors again.
   */
  FOLLOW_MIRROR_CHUNK: z.coerce.number().int().min(1).max(5_000).default(500),
});
