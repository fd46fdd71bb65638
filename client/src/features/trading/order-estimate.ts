import type { BookLevel, Market } from "@kabuto/shared";
import { priceScale, priceToUnits } from "@kabuto/shared";
import { type MarketTerms, shortLimitHoldPct } from "./trading-terms.ts";

/**
 * What an order will cost, worked out before the member confirms it, with the server's own
 * arithmetic: integer minor units, the notional rounded half up, margin, fees and tax rounded
 * up so the house is never short a yen or a cent. The server is the authority; this is an
 * estimate (a market order fills at the book's prices of the moment it arrives).
 */

export type Side = "long" | "short";
export type OrderType = "market" | "limit";

/** Price units (see @kabuto/shared ticks.ts) in one minor unit: 0.1 yen per unit, $0.0001 per unit. */
const priceUnitsPerMinor: Record<Market, bigint> = {
  JP: BigInt(priceScale.JP),
  US: BigInt(priceScale.US / 100),
};

export function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  if (numerator <= 0n) return numerator / denominator;
  return (numerator + denominator - 1n) / denominator;
}

/** Shares × price units to minor units, rounded half up (as the server rounds a fill's notional). */
export function scaledToMinor(scaled: bigint, market: Market): bigint {
  const divisor = priceUnitsPerMinor[market];
  const sign = scaled < 0n ? -1n : 1n;
  const magnitude = scaled < 0n ? -scaled : scaled;
  return sign * ((magnitude * 2n + divisor) / (divisor * 2n));
}

/** A price (decimal string) times shares, exactly: undefined if the price is not on the scale. */
export function scaledNotional(price: string, shares: number, market: Market): bigint | undefined {
  const units = priceToUnits(price, market);
  if (units === undefined || units <= 0) return undefined;
  return BigInt(units) * BigInt(shares);
}

/**
 * The scaled notional of a market order walking the visible book, as the server fills it: a
 * long takes asks from the best up, a short hits bids from the best down. Undefined when the
 * levels cannot fill it all (the server would refuse: BOOK_TOO_THIN).
 */
export function bookFillScaled(
  levels: readonly BookLevel[],
  market: Market,
  shares: number,
): bigint | undefined {
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
  return remaining === 0 ? scaled : undefined;
}

export function charge(notionalMinor: bigint, ppm: number): bigint {
  return ceilDiv(notionalMinor * BigInt(ppm), 1_000_000n);
}

export function marginFor(notionalMinor: bigint, leverage: number): bigint {
  return ceilDiv(notionalMinor, BigInt(leverage));
}

export interface EstimateInput {
  market: Market;
  /** The market's fee and tax rates. */
  terms: Pick<MarketTerms, "feePpm" | "taxPpm">;
  side: Side;
  type: OrderType;
  leverage: number;
  /** Shares × price units: from the book walk (market) or the limit price (limit). */
  scaled: bigint;
}

export interface OrderEstimate {
  notional: bigint;
  margin: bigint;
  /** The opening commission. */
  fee: bigint;
  /** The tax on the sale (charged when the position closes): the SEC fee in the US, none in Japan. */
  saleTax: bigint;
  /** Held beyond margin and fee: a short limit order's reserve for a better fill. */
  reserve: bigint;
  /** What leaves available cash when the order is accepted. */
  required: bigint;
}

export function estimateOrder(input: EstimateInput): OrderEstimate {
  const { terms } = input;
  const notional = scaledToMinor(input.scaled, input.market);
  const margin = marginFor(notional, input.leverage);
  const fee = charge(notional, terms.feePpm);
  const saleTax = charge(notional, terms.taxPpm);
  let required = margin + fee;
  if (input.type === "limit" && input.side === "short") {
    const held = (notional * BigInt(shortLimitHoldPct)) / 100n;
    required = marginFor(held, input.leverage) + charge(held, terms.feePpm);
  }
  return { notional, margin, fee, saleTax, reserve: required - margin - fee, required };
}
