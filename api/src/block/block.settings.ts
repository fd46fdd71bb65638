import { z } from "zod";
import { hoursSetting, settings } from "../kernel/settings.ts";

/** The spec's block-trade hours, weekdays 09:30–19:30 Tokyo time, holidays closed. */
const specBlockHours = "09:30-19:30";

/** The block-trade desk: its part of the API's settings (see kernel/settings.ts). */
export const blockSettings = settings(
  {
    /**
     * When the block-trade desk takes applications: "HH:MM-HH:MM" in Tokyo time on TSE business
     * days (the spec's weekdays 09:30–19:30, holidays closed), or "always". Unset: the spec's hours,
     * or always in an embedded demo with MARKET_HOURS=always.
     */
    BLOCK_HOURS: hoursSetting.optional(),
    /**
     * The most one member's block-trade applications may hold in a Tokyo day, per currency, major
     * units: "JPY:50000000,USD:300000" (the spec's "daily purchase limit").
     */
    BLOCK_DAILY_LIMIT: z
      .string()
      .regex(/^(JPY|USD):\d+(\.\d+)?(,(JPY|USD):\d+(\.\d+)?)*$/)
      .default("JPY:50000000,USD:300000"),
  },
  ({ BLOCK_HOURS, ...rest }, { embedded, alwaysOpen }) => ({
    ...rest,
    BLOCK_HOURS: BLOCK_HOURS ?? (embedded && alwaysOpen ? "always" : specBlockHours),
  }),
);
