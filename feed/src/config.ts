import { parseSettings } from "@kabuto/shared";
import { z } from "zod";

const feedConfigSchema = z.object({
  /** `always` keeps every session open around the clock (demos, load tests); `real` follows the calendars. */
  MARKET_HOURS: z.enum(["real", "always"]).default("real"),
  /** Same seed, same prices: tests and benchmarks replay. */
  FEED_SEED: z.string().min(1).default("kabuto"),
  FEED_STEP_MS: z.coerce.number().int().min(50).max(10_000).default(500),
  /** History a first start back-fills: days of daily bars and sessions of minute bars (tests use less). */
  FEED_HISTORY_DAYS: z.coerce.number().int().min(7).max(3_660).default(370),
  FEED_MINUTE_SESSIONS: z.coerce.number().int().min(1).max(20).default(5),
});

export type FeedConfig = z.infer<typeof feedConfigSchema> & { alwaysOpen: boolean };

/** The feed's settings, parsed once at start; a bad value stops the process naming the setting. */
export function loadFeedConfig(env: NodeJS.ProcessEnv = process.env): FeedConfig {
  const values = parseSettings(feedConfigSchema, env);
  return { ...values, alwaysOpen: values.MARKET_HOURS === "always" };
}
