import { z } from "zod";
import { hoursSetting, settings } from "../kernel/settings.ts";

/** Support answers on business days 09:00–18:00 Tokyo time, as Japan's online brokers' desks do. */
const defaultSupportHours = "09:00-18:00";

/** Online support: its part of the API's settings (see kernel/settings.ts). */
export const supportSettings = settings(
  {
    /**
     * When staff answer online support: "HH:MM-HH:MM" in Tokyo time on TSE business days (the
     * exchange's holidays are the house's), or "always". Out of hours members can still write and
     * are told when someone will answer. Unset: 09:00-18:00, or always in an embedded demo with
     * MARKET_HOURS=always.
     */
    SUPPORT_HOURS: hoursSetting.optional(),
    /** Support messages per member: "messages/seconds,conversations/seconds" (20 in ten minutes, 5 new an hour). */
    SUPPORT_RATE: z
      .string()
      .regex(/^\d{1,4}\/\d{1,6},\d{1,4}\/\d{1,6}$/)
      .default("20/600,5/3600"),
  },
  ({ SUPPORT_HOURS, ...rest }, { embedded, alwaysOpen }) => ({
    ...rest,
    SUPPORT_HOURS: SUPPORT_HOURS ?? (embedded && alwaysOpen ? "always" : defaultSupportHours),
  }),
);
