import type { PtsPhase, PtsSessionState } from "../protocol/market-data.ts";
import { marketZone } from "../symbols.ts";
import { isTradingDay, marketDate, nextTradingDay } from "./calendar.ts";
import { defaultPtsHours, type PtsHours, type WallTime } from "./venues.ts";
import { zonedWallClockMs } from "./zone-time.ts";

/**
 * The PTS: a second venue for Tokyo's names, modelled on Japannext's J-Market, where Japanese
 * brokers send their members' orders outside the TSE's hours. It keeps a day session and a night
 * session on the TSE's business days, takes limit orders only, valid for the session they are
 * placed in, on a grid a tenth of the TSE's (never finer than 0.1 yen), within the TSE's daily
 * limits from its base price. A night trade counts for the next business day. This file holds its
 * sessions, which read the TSE's calendar; `venues.ts` holds what a screen needs without it.
 */

export type PtsOptions = {
  /** `MARKET_HOURS=always`: the PTS is in its day session at every instant, as the TSE is open. */
  alwaysOpen?: boolean;
  hours?: PtsHours;
};

type PtsWindow = { phase: Exclude<PtsPhase, "closed">; startMs: number; endMs: number; tradingDate: string };

/** The PTS's sessions on a Tokyo date: none unless it is a TSE business day. */
export function ptsWindows(isoDate: string, hours: PtsHours = defaultPtsHours): PtsWindow[] {
  if (!isTradingDay("JP", isoDate)) return [];
  const at = ([h, m]: WallTime) => zonedWallClockMs(marketZone.JP, isoDate, h, m);
  return [
    { phase: "day", startMs: at(hours.day.from), endMs: at(hours.day.to), tradingDate: isoDate },
    {
      phase: "night",
      startMs: at(hours.night.from),
      endMs: at(hours.night.to),
      tradingDate: nextTradingDay("JP", isoDate),
    },
  ];
}

/**
 * The PTS's phase at an instant, the business day a trade now counts for, and when the phase
 * next changes.
 */
export function ptsSessionAt(epochMs: number, options: PtsOptions = {}): PtsSessionState {
  const today = marketDate("JP", epochMs);
  if (options.alwaysOpen) return { phase: "day", tradingDate: today, nextChangeMs: null };
  const hours = options.hours ?? defaultPtsHours;
  const windows = ptsWindows(today, hours);
  const current = windows.find((window) => window.startMs <= epochMs && epochMs < window.endMs);
  if (current) return { phase: current.phase, tradingDate: current.tradingDate, nextChangeMs: current.endMs };
  const next = windows.find((window) => epochMs < window.startMs);
  if (next) return { phase: "closed", tradingDate: next.tradingDate, nextChangeMs: next.startMs };
  const nextDay = nextTradingDay("JP", today);
  const [first] = ptsWindows(nextDay, hours);
  return { phase: "closed", tradingDate: nextDay, nextChangeMs: first?.startMs ?? null };
}
