import { type PtsHours, parseWallHours, type WallTime } from "@kabuto/shared/market/venues";
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

/** A PTS session's Tokyo wall-clock hours, `HH:MM-HH:MM`; refused at start if it is not one. */
function wallHours(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((text, context) => {
      const hours = parseWallHours(text);
      if (hours) return hours;
      context.addIssue({
        code: "custom",
        message: `expected HH:MM-HH:MM (Tokyo time, ending after it starts), got "${text}"`,
      });
      return z.NEVER;
    });
}

const feedConfigSchema = z
  .object({
    /** `always` keeps every session open around the clock (demos, load tests); `real` follows the calendars. */
    MARKET_HOURS: z.enum(["real", "always"]).default("real"),
    /** Same seed, same prices: tests and benchmarks replay. */
    FEED_SEED: z.string().min(1).default("kabuto"),
    /** How often prices move (see `FeedOptions.stepMs`). */
    FEED_STEP_MS: z.coerce.number().int().min(50).max(10_000).default(200),
    /** History a first start back-fills: days of daily bars and sessions of minute bars (tests use less). */
    FEED_HISTORY_DAYS: z.coerce.number().int().min(7).max(3_660).default(defaultHistoryDays),
    FEED_MINUTE_SESSIONS: z.coerce.number().int().min(1).max(20).default(defaultMinuteSessions),
    /** The PTS's day and night sessions (J-Market's by default: `defaultPtsHours`). */
    PTS_DAY_HOURS: wallHours("08:20-16:00"),
    PTS_NIGHT_HOURS: wallHours("16:30-23:59"),
  })
  .refine((values) => minutes(values.PTS_NIGHT_HOURS.from) >= minutes(values.PTS_DAY_HOURS.to), {
    path: ["PTS_NIGHT_HOURS"],
    message: "the night session must start after the day session ends (PTS_DAY_HOURS)",
  });

function minutes([hours, mins]: WallTime): number {
  return hours * 60 + mins;
}

export type FeedConfig = z.infer<typeof feedConfigSchema> & { alwaysOpen: boolean; ptsHours: PtsHours };

/** The feed's settings, parsed once at start; a bad value stops the process naming the setting. */
export function loadFeedConfig(env: NodeJS.ProcessEnv = process.env): FeedConfig {
  const values = parseSettings(feedConfigSchema, env);
  return {
    ...values,
    alwaysOpen: values.MARKET_HOURS === "always",
    ptsHours: { day: values.PTS_DAY_HOURS, night: values.PTS_NIGHT_HOURS },
  };
}
