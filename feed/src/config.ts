import { parseSettings } from "@kabuto/shared/settings";
import { z } from "zod";

/**
 * Calendar days of daily bars a first start back-fills: five years, so weekly and monthly charts
 * show a few hundred and some sixty candles. Daily bars are cheap (one a session); minute bars,
 * the costly part, stay at `FEED_MINUTE_SESSIONS`.
 */
export const defaultHistoryDays = 1_830;
/** Sessions of minute bars a first start back-fills: a few days of intraday charts. */
export const defaultMinuteSessions = 5;

const feedConfigSchema = z.object({
  /** `always` keeps every session open around the clock (demos, load tests); `real` follows the calendars. */
  MARKET_HOURS: z.enum(["real", "always"]).default("real"),
  /** Same seed, same prices: tests and benchmarks replay. */
  FEED_SEED: z.string().min(1).default("kabuto"),
  /** How often prices move (see `FeedOptions.stepMs`). */
  FEED_STEP_MS: z.coerce.number().int().min(50).max(10_000).default(200),
  /** History a first start back-fills: days of daily bars and sessions of minute bars (tests use less). */
  FEED_HISTORY_DAYS: z.coerce.number().int().min(7).max(3_660).default(defaultHistoryDays),
  FEED_MINUTE_SESSIONS: z.coerce.number().int().min(1).max(20).default(defaultMinuteSessions),
});

export type FeedConfig = z.infer<typeof feedConfigSchema> & { alwaysOpen: boolean };

/** The feed's settings, parsed once at start; a bad value stops the process naming the setting. */
export function loadFeedConfig(env: NodeJS.ProcessEnv = process.env): FeedConfig {
  const values = parseSettings(feedConfigSchema, env);
  return { ...values, alwaysOpen: values.MARKET_HOURS === "always" };
}
