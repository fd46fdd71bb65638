import { testSettings } from "@kabuto/api/testing";

/** A process environment for platform tests: the API's test settings, quiet logs, a short history. */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    ...testSettings,
    LOG_LEVEL: "silent",
    // A month of days and one session of minutes: enough for every chart, quick to back-fill.
    FEED_HISTORY_DAYS: "30",
    FEED_MINUTE_SESSIONS: "1",
    ...overrides,
  };
}
