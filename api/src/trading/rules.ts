import type { Book, Market } from "@kabuto/shared";
import { priceScale, priceToUnits } from "@kabuto/shared";

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

/** The terms from configuration (LEVERAGE_JP, FEE_PPM_US, ...), whose defaults are `defaultTerms`. */
export function termsFromConfig(config: {
  LEVERAGE_JP: number[];
  LEVERAGE_US: number[];
  FEE_PPM_JP: number;
  FEE_PPM_US: number;
  TAX_PPM_JP: number;
  TAX_PPM_US: number;
  MAINTENANCE_PCT: number;
}): Record<Market, MarketTerms> {
  return {
    JP: {
      leverages: config.LEVERAGE_JP,
      feePpm: config.FEE_PPM_JP,
      taxPpm: config.TAX_PPM_JP,
      maintenancePct: config.MAINTENANCE_PCT,
    },
    US: {
      leverages: config.LEVERAGE_US,
      feePpm: config.FEE_PPM_US,
      taxPpm: config.TAX_PPM_US,
      maintenancePct: config.MAINTENANCE_PCT,
    },
  };
}

export const defaultTerms: Record<Market, MarketTerms> = {
  // Japanese online brokers charge about 0.1% a side; Japan has no stamp duty on shares.
  JP: { leverages: [1, 2, 3], feePpm: 1_000, taxPpm: 0, maintenancePct: 50 },
  // A typical Japanese broker's US commission (0.45%), and the SEC's fee on sales (about 0.0028%).
  US: { leverages: [1, 2, 3, 4], feePpm: 4_500, taxPpm: 28, maintenancePct: 50 },
};

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
