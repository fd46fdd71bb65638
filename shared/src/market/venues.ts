import { z } from "zod";
import type { TickTable } from "./ticks.ts";

/**
 * The venues of Tokyo's names (the TSE and the PTS, see `pts.ts`) as orders, answers and screens
 * name them, the PTS's hours as settings state them, and its grid: none of it reads the calendar,
 * so a screen that shows a venue does not load the holidays.
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

/** The PTS's grid for a TSE name: a tenth of its TSE table's tick, never finer than 0.1 yen. */
export function ptsTickTable(table: TickTable): TickTable {
  if (table === "topix500" || table === "pts_topix500") return "pts_topix500";
  if (table === "tse" || table === "pts_tse") return "pts_tse";
  throw new Error(`no PTS grid for tick table ${table}`);
}
