import { z } from "zod";
import type { PtsPhase, PtsSessionState } from "../protocol/market-data.ts";
import { marketZone } from "../symbols.ts";
import { isTradingDay, marketDate, nextTradingDay } from "./calendar.ts";
import type { TickTable } from "./ticks.ts";
import { zonedWallClockMs } from "./zone-time.ts";

/**
 * The PTS: a second venue for Tokyo's names, modelled on Japannext's J-Market, where Japanese
 * brokers send their members' orders outside the TSE's hours. It keeps a day session and a night
 * session on the TSE's business days, takes limit orders only, valid for the session they are
 * placed in, on a grid a tenth of the TSE's (never finer than 0.1 yen), within the TSE's daily
 * limits from its base price. A night trade counts for the next business day.
 */

/** Where an order goes: the TSE, the PTS, or the broker's choice of the better (`smart`). */
export const venues = ["tse", "pts"] as const;
export type Venue = (typeof venues)[number];
export const orderVenues = ["tse", "pts", "smart"] as const;
export type OrderVenue = (typeof orderVenues)[number];
export const orderVenueSchema = z.enum(orderVenues, { error: "VENUE_INVALID" });

/** Tokyo wall-clock time: hours, minutes. */
export type WallTime = readonly [hours: number, minutes: number];
export type PtsHours = Record<"day" | "night", { from: WallTime; to: WallTime }>;

/** SBI's rule page for J-Market: 08:20–16:00 and 16:30–23:59 (settings `PTS_DAY_HOURS`, `PTS_NIGHT_HOURS`). */
export const defaultPtsHours: PtsHours = {
  day: { from: [8, 20], to: [16, 0] },
  night: { from: [16, 30], to: [23, 59] },
};

/** Reads `HH:MM-HH:MM` (a setting); undefined if it is not one, or ends before it starts. */
export function parseWallHours(text: string): { from: WallTime; to: WallTime } | undefined {
  const match = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (!match) return undefined;
  const [fromH, fromM, toH, toM] = match.slice(1).map(Number) as [number, number, number, number];
  if (toH * 60 + toM <= fromH * 60 + fromM) return undefined;
  return { from: [fromH, fromM], to: [toH, toM] };
}

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

/** The PTS's grid for a TSE name: a tenth of its TSE table's tick, never finer than 0.1 yen. */
export function ptsTickTable(table: TickTable): TickTable {
  if (table === "topix500" || table === "pts_topix500") return "pts_topix500";
  if (table === "tse" || table === "pts_tse") return "pts_tse";
  throw new Error(`no PTS grid for tick table ${table}`);
}
