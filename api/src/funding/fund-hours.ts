import { isTradingDay, marketDate, marketZone, zonedWallClockMs } from "@kabuto/shared";

/**
 * When deposits and withdrawals are taken: a window of Tokyo wall-clock time on TSE business
 * days (the spec's weekdays 09:30–19:30, closed on holidays), or at any time.
 */
export type FundHours = { kind: "always" } | { kind: "window"; fromMinutes: number; toMinutes: number };

const minutesPerDay = 24 * 60;

/**
 * Parses config.FUND_HOURS ("09:30-19:30" or "always"). A window that ends before it starts
 * or after midnight is a configuration mistake: it throws, so the process stops at start.
 */
export function parseFundHours(text: string): FundHours {
  if (text === "always") return { kind: "always" };
  const match = /^(\d{2}):(\d{2})-(\d{2}):(\d{2})$/.exec(text);
  if (!match) throw new Error(`FUND_HOURS is not "HH:MM-HH:MM" or "always": ${text}`);
  const [fromHours, fromMins, toHours, toMins] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const fromMinutes = fromHours * 60 + fromMins;
  const toMinutes = toHours * 60 + toMins;
  if (fromMins > 59 || toMins > 59 || fromMinutes >= toMinutes || toMinutes > minutesPerDay) {
    throw new Error(`FUND_HOURS must start before it ends, within one day: ${text}`);
  }
  return { kind: "window", fromMinutes, toMinutes };
}

/** Whether fund requests are taken at an instant: the window's start included, its end excluded. */
export function isWithinFundHours(hours: FundHours, nowMs: number): boolean {
  if (hours.kind === "always") return true;
  const date = marketDate("JP", nowMs);
  if (!isTradingDay("JP", date)) return false;
  const zone = marketZone.JP;
  const startMs = zonedWallClockMs(zone, date, Math.floor(hours.fromMinutes / 60), hours.fromMinutes % 60);
  const endMs = zonedWallClockMs(zone, date, Math.floor(hours.toMinutes / 60), hours.toMinutes % 60);
  return nowMs >= startMs && nowMs < endMs;
}
