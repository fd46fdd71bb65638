import { isTradingDay, nextTradingDay } from "../market/calendar.ts";
import { zonedIsoDate, zonedWallClockMs } from "../market/zone-time.ts";

/**
 * When staff answer the online support: a window of Tokyo wall-clock time on TSE business days
 * (the exchange's calendar is the house's holiday calendar), or at any time.
 */
export type SupportHours = { kind: "always" } | { kind: "window"; fromMinutes: number; toMinutes: number };

const tokyo = "Asia/Tokyo";
const minutesPerDay = 24 * 60;

/** Parses "HH:MM-HH:MM" or "always"; a window that ends before it starts throws at start. */
export function parseSupportHours(text: string): SupportHours {
  if (text === "always") return { kind: "always" };
  const match = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`SUPPORT_HOURS is not "HH:MM-HH:MM" or "always": ${text}`);
  const [fromHours, fromMins, toHours, toMins] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const fromMinutes = fromHours * 60 + fromMins;
  const toMinutes = toHours * 60 + toMins;
  if (fromMins > 59 || toMins > 59 || fromMinutes >= toMinutes || toMinutes > minutesPerDay) {
    throw new Error(`SUPPORT_HOURS must start before it ends, within one day: ${text}`);
  }
  return { kind: "window", fromMinutes, toMinutes };
}

/** Whether staff are answering at `nowMs`, and if not, when they next will (epoch ms). */
export function supportAvailability(
  hours: SupportHours,
  nowMs: number,
): { open: true } | { open: false; nextOpenMs: number } {
  if (hours.kind === "always") return { open: true };
  const at = (date: string, minutes: number) =>
    zonedWallClockMs(tokyo, date, Math.floor(minutes / 60), minutes % 60);
  const today = zonedIsoDate(tokyo, nowMs);
  if (isTradingDay("JP", today)) {
    if (nowMs < at(today, hours.fromMinutes))
      return { open: false, nextOpenMs: at(today, hours.fromMinutes) };
    if (nowMs < at(today, hours.toMinutes)) return { open: true };
  }
  return { open: false, nextOpenMs: at(nextTradingDay("JP", today), hours.fromMinutes) };
}
