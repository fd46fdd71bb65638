import { zoneOffsetMs } from "@kabuto/shared/format";
import { marketZone } from "@kabuto/shared/symbols";

/**
 * Staff schedule news on Tokyo's clock, whatever their browser's zone: a `datetime-local`
 * input's value ("2026-01-05T09:00") is read and written as Tokyo wall-clock time.
 */

const inputPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant a Tokyo wall-clock input names, or undefined for anything that is not one. */
export function parseTokyoInput(text: string): number | undefined {
  const match = inputPattern.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return undefined;
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  // A date that does not exist (31 February) rolls over; refuse it rather than guess.
  if (new Date(wallAsUtc).getUTCDate() !== day) return undefined;
  return wallAsUtc - zoneOffsetMs(marketZone.JP, wallAsUtc);
}

/** An instant as a Tokyo wall-clock input value, to the minute. */
export function tokyoInputValue(epochMs: number): string {
  const wall = new Date(epochMs + zoneOffsetMs(marketZone.JP, epochMs));
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}T${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}
