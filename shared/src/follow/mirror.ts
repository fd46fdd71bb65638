/**
 * Copying a lead trader: how big a follower's mirror of a lead's trade is, where the copy stop
 * lies, and what the lead earns when a copy is settled.
 */

/** The copy stop-loss, as a loss in percent of the money put in: default and range. */
export const copyStopDefaultPct = 40;
export const copyStopMinPct = 5;
export const copyStopMaxPct = 95;

/** The lead's share of a copy's profit above its high-water mark, percent, unless configured. */
export const profitShareDefaultPct = 10;

/**
 * The follower's quantity for a lead's trade: the lead's share of equity times the copy's
 * equity, in whole trading units, rounded down (a mirror never risks more than its share).
 * Same instrument, same price, same leverage, so the share of equity is the share of quantity:
 *
 *   quantity = floor(leadQuantity × copyEquity / leadEquity / unit) × unit
 *
 * Zero means the copy is too small for this trade: the mirror is recorded as skipped.
 */
export function mirrorQuantity(input: {
  leadQuantity: number;
  leadEquity: bigint;
  copyEquity: bigint;
  unit: number;
}): number {
  const { leadQuantity, leadEquity, copyEquity, unit } = input;
  if (leadEquity <= 0n || copyEquity <= 0n || leadQuantity <= 0) return 0;
  const units = (BigInt(leadQuantity) * copyEquity) / (leadEquity * BigInt(unit));
  return Number(units) * unit;
}

/** Whether a stop-loss percentage is allowed (a whole percent in the range). */
export function isCopyStopPct(pct: number): boolean {
  return Number.isInteger(pct) && pct >= copyStopMinPct && pct <= copyStopMaxPct;
}

/**
 * The equity at which a copy stops: the money put in less the stop's share of it, rounded up
 * (the stop never lets the loss pass the percentage the member chose).
 */
export function copyStopFloor(invested: bigint, stopPct: number): bigint {
  if (invested <= 0n) return 0n;
  const kept = invested * BigInt(100 - stopPct);
  return (kept + 99n) / 100n;
}

/** Whether a copy's equity has fallen to its floor. */
export function copyStopReached(equity: bigint, floor: bigint): boolean {
  return equity <= floor;
}

/**
 * The lead's profit share when a copy is settled. `profit` is the copy's realised net profit so
 * far (cash in the copy less the money put in, all mirrors closed); `highWater` the profit on
 * which a share was already paid. Only the part above it earns a share, rounded down, and the
 * mark rises to it: a copy that loses and recovers pays nothing twice.
 */
export function profitShare(input: { profit: bigint; highWater: bigint; pct: number }): {
  share: bigint;
  highWater: bigint;
} {
  const { profit, highWater, pct } = input;
  if (profit <= highWater || pct <= 0) return { share: 0n, highWater };
  const share = ((profit - highWater) * BigInt(pct)) / 100n;
  return { share, highWater: profit };
}

/** When a copy's follow period ends: the start plus whole days (the spec's "time limit exceeded"). */
export function copyEndsAt(startedAtMs: number, periodDays: number): number {
  return startedAtMs + periodDays * 86_400_000;
}
