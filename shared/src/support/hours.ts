import { type DeskHours, parseDeskHours } from "../market/desk-hours.ts";

/** When staff answer the online support (SUPPORT_HOURS): Tokyo hours on TSE business days, or always. */
export type SupportHours = DeskHours;

/** Parses SUPPORT_HOURS, "HH:MM-HH:MM" or "always"; a window that ends before it starts throws at start. */
export function parseSupportHours(text: string): SupportHours {
  return parseDeskHours(text, "SUPPORT_HOURS");
}
