import { tzOffset } from "@date-fns/tz";
import { assert } from "./assert.ts";
import { isoDateParts } from "./iso-date.ts";

/**
 * Conversions between instants and an IANA zone's wall clock, through @date-fns/tz's cached
 * Intl offset lookup. Its TZDate class does the same but costs several times more per call,
 * and the feed asks for the session on every tick.
 */

const minuteMs = 60_000;

/** The calendar date (YYYY-MM-DD) in `zone` at an instant. */
export function zonedIsoDate(zone: string, epochMs: number): string {
  assert(Number.isFinite(epochMs), `not an instant: ${epochMs}`);
  return new Date(epochMs + offsetMs(zone, epochMs)).toISOString().slice(0, 10);
}

/**
 * The instant a wall-clock time occurs on a date in `zone`. The offset is read at a first
 * guess, then again at the answer, which settles a daylight-saving change in between. Session
 * times are never inside a spring-forward gap or a fall-back repeat, where no single answer exists.
 */
export function zonedWallClockMs(zone: string, isoDate: string, hours: number, minutes: number): number {
  const [year, month, day] = isoDateParts(isoDate);
  const wallAsUtcMs = Date.UTC(year, month - 1, day, hours, minutes);
  const guessMs = wallAsUtcMs - offsetMs(zone, wallAsUtcMs);
  return wallAsUtcMs - offsetMs(zone, guessMs);
}

function offsetMs(zone: string, epochMs: number): number {
  const minutes = tzOffset(zone, new Date(epochMs));
  assert(Number.isFinite(minutes), `unknown time zone: ${zone}`);
  return minutes * minuteMs;
}
