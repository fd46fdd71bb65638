import { priceScale, priceToUnits } from "../market/ticks.ts";
import type { Book } from "../protocol/market-data.ts";
import type { Market } from "../symbols.ts";

/**
 * The arithmetic of a leveraged position, shared by the API (which decides) and the client
 * (which shows the estimate before the member confirms). Money in integer minor units.
 */

/** Per-market trading terms. Rates are parts per million of notional, rounded up to the minor unit. */
export interface MarketTerms {
  leverages: readonly number[];
  /** Commission on opening and on closing. */
  feePpm: number;
  /** Charged on the selling side of a round trip (stamp duty in the spec; the SEC fee in the US). */
  taxPpm: number;
  /** A position is closed by the house when its equity falls below this share of its initial margin. */
  maintenancePct: number;
}

/**
 * Minor units per price unit: a JP price unit is 0.1 yen (1 yen = 1 minor unit), a US price
 * unit is $0.0001 (1 cent = 100 price units). Notional = shares × price units ÷ this.
 */
const priceUnitsPerMinor: Record<Market, number> = { JP: priceScale.JP, US: priceScale.US / 100 };

export type Side = "long" | "short";

export interface Fill {
  shares: number;
  /** Exact notional in minor units × priceUnitsPerMinor (kept scaled so no rounding creeps in). */
  scaledNotional: bigint;
  /** Volume-weighted price in price units (may be fractional); display only. */
  averageUnits: number;
}

/**
 * Walks the visible book for a market order: a long (buy) takes asks from the best up, a short
 * (sell) hits bids from the best down. Undefined when the five levels cannot fill it all.
 */
export function walkBook(book: Book, market: Market, side: Side, shares: number): Fill | undefined {
  const levels = side === "long" ? book.asks : book.bids;
  let remaining = shares;
  let scaled = 0n;
  for (const level of levels) {
    if (remaining === 0) break;
    const units = priceToUnits(level.price, market);
    if (units === undefined) return undefined;
    const take = Math.min(remaining, level.size);
    scaled += BigInt(take) * BigInt(units);
    remaining -= take;
  }
  if (remaining > 0) return undefined;
  return { shares, scaledNotional: scaled, averageUnits: Number(scaled) / shares };
}

/** Scaled notional to minor units, rounded half up. */
export function toMinor(scaledNotional: bigint, market: Market): bigint {
  const divisor = BigInt(priceUnitsPerMinor[market]);
  return (scaledNotional * 2n + divisor) / (divisor * 2n);
}

export function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/** Initial margin: notional ÷ leverage, rounded up so the house is never short a yen or a cent. */
export function initialMargin(notionalMinor: bigint, leverage: number): bigint {
  return ceilDiv(notionalMinor, BigInt(leverage));
}

export function charge(notionalMinor: bigint, ppm: number): bigint {
  return ceilDiv(notionalMinor * BigInt(ppm), 1_000_000n);
}

/** Profit (positive) or loss of a position between two notionals of the same shares. */
export function profit(side: Side, openNotionalMinor: bigint, closeNotionalMinor: bigint): bigint {
  return side === "long" ? closeNotionalMinor - openNotionalMinor : openNotionalMinor - closeNotionalMinor;
}

/** Equity of a position: its margin plus its profit so far. */
export function equity(marginMinor: bigint, profitMinor: bigint): bigint {
  return marginMinor + profitMinor;
}

/** Whether the house must close the position: equity below the maintenance share of the initial margin. */
export function breachesMaintenance(
  initialMarginMinor: bigint,
  equityMinor: bigint,
  maintenancePct: number,
): boolean {
  return equityMinor * 100n < initialMarginMinor * BigInt(maintenancePct);
}
