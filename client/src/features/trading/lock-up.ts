import type { Position } from "@kabuto/shared/api/trading";
import { type FormatLocale, formatDateTime } from "@kabuto/shared/format";
import { marketZone } from "@kabuto/shared/symbols";

/**
 * A lock-up (a new share's placement, a block offering's allotment) ends on a Tokyo calendar day,
 * at midnight, whatever the stock's market: the server counts its days in Tokyo.
 */
export const lockUpZone = marketZone.JP;

/** Whether the position may not be closed yet at `nowMs`. */
export function isLockedUp(position: Pick<Position, "lockedUntilMs">, nowMs: number): boolean {
  return position.lockedUntilMs !== null && position.lockedUntilMs > nowMs;
}

/**
 * When a lock-up ends, as the member reads a date and a time (`2026/12/27 00:00` in Japanese,
 * `12/27/2026 00:00` in English), in Tokyo. A clock alone would read 00:00 for every lock-up.
 */
export function lockEndText(lockedUntilMs: number, locale: FormatLocale): string {
  return formatDateTime(lockedUntilMs, locale, lockUpZone, { seconds: false });
}
