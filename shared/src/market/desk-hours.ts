import { marketZone } from "../symbols.ts";
import { isTradingDay, nextTradingDay } from "./calendar.ts";
import { zonedIsoDate, zonedWallClockMs } from "./zone-time.ts";

/**
 * When a desk of the house works (the cash desk, online support, the block-trade desk): a window
 * of Tokyo wall-clock time on TSE business days (the exchange's calendar is the house's holiday
 * calendar), or at any time. The start is included, the end is not.
 */
export type DeskHours = { kind: "always" } | { kind: "window"; fromMinutes: number; toMinutes: number };

const tokyo = marketZone.JP;
const minutesPerDay = 24 * 60;

/**
 * Parses a setting's "HH:MM-HH:MM" or "always". A window that ends before it starts or after
 * midnight is a configuration mistake: it throws, naming the setting, so the process stops at start.
 */
export function parseDeskHours(text: string, setting: string): DeskHours {
  if (text === "always") return { kind: "always" };
  const match = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`${setting} is not "HH:MM-HH:MM" or "always": ${text}`);
  const [fromHours, fromMins, toHours, toMins] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const fromMinutes = fromHours * 60 + fromMins;
  const toMinutes = toHours * 60 + toMins;
  if (fromMins > 59 || toMins > 59 || fromMinutes >= toMinutes || toMinutes > minutesPerDay) {
    throw new Error(`${setting} must start before it ends, within one day: ${text}`);
  }
  return { kind: "window", fromMinutes, toMinutes };
}

function at(date: string, minutes: number): number {
  return zonedWallClockMs(tokyo, date, Math.floor(minutes / 60), minutes % 60);
}

/** Whether the desk works at `nowMs`, and if not, when it next opens (epoch ms). */
export function deskAvailability(
  hours: DeskHours,
  nowMs: number,
): { open: true } | { open: false; nextOpenMs: number } {
  if (hours.kind === "always") return { open: true };
  const today = zonedIsoDate(tokyo, nowMs);
  if (isTradingDay("JP", today)) {
    if (nowMs < at(today, hours.fromMinutes))
      return { open: false, nextOpenMs: at(today, hours.fromMinutes) };
    if (nowMs < at(today, hours.toMinutes)) return { open: true };
  }
  return { open: false, nextOpenMs: at(nextTradingDay("JP", today), hours.fromMinutes) };
}

/** Whether the desk works at `nowMs`. */
export function isDeskOpen(hours: DeskHours, nowMs: number): boolean {
  return deskAvailability(hours, nowMs).open;
}
