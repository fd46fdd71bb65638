import { priceScale, priceToUnits } from "../market/ticks.ts";
import type { Book, BookLevel } from "../protocol/market-data.ts";
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
  const scaled = walkLevels(side === "long" ? book.asks : book.bids, market, shares);
  if (scaled === undefined) return undefined;
  return { shares, scaledNotional: scaled, averageUnits: Number(scaled) / shares };
}

/**
 * The scaled notional (shares × price units) of `shares` taken from `levels` in their order,
 * best first. Undefined when the levels cannot fill it all or a price is not on the scale.
 */
export function walkLevels(levels: readonly BookLevel[], market: Market, shares: number): bigint | undefined {
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

/** A price (decimal string) times shares, exactly: undefined if the price is not a positive price on the scale. */
export function priceNotional(price: string, shares: number, market: Market): bigint | undefined {
  const units = priceToUnits(price, market);
  if (units === undefined || units <= 0) return undefined;
  return BigInt(units) * BigInt(shares);
}

/**
 * Scaled notional to minor units, rounded half away from zero. A notional is never negative,
 * but a difference of two (an unrealised P&L) can be: rounding symmetrically makes a loss and a
 * gain of the same size the same number of minor units.
 */
export function toMinor(scaledNotional: bigint, market: Market): bigint {
  const divisor = BigInt(priceUnitsPerMinor[market]);
  const magnitude = scaledNotional < 0n ? -scaledNotional : scaledNotional;
  const rounded = (magnitude * 2n + divisor) / (divisor * 2n);
  return scaledNotional < 0n ? -rounded : rounded;
}

/** The ceiling of numerator ÷ denominator, for either sign of the numerator (BigInt division truncates). */
export function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error(`ceilDiv by a non-positive denominator: ${denominator}`);
  const quotient = numerator / denominator;
  return numerator % denominator > 0n ? quotient + 1n : quotient;
}

/** Initial margin: notional ÷ leverage, rounded up so the house is never short a yen or a cent. */
export function initialMargin(notionalMinor: bigint, leverage: number): bigint {
  return ceilDiv(notionalMinor, BigInt(leverage));
}

/** A fee or a tax: `ppm` parts per million of the notional, rounded up. */
export function charge(notionalMinor: bigint, ppm: number): bigint {
  return ceilDiv(notionalMinor * BigInt(ppm), 1_000_000n);
}

/**
 * A resting short (sell) limit order can fill above its limit, which makes its notional and
 * margin larger: it holds money for a fill up to 10% better. A long fills at or below its
 * limit, so its limit notional is the most it can cost.
 */
export const shortLimitHoldPct = 110;

/** The notional a resting limit order holds money for: see `shortLimitHoldPct`. */
export function limitHoldNotional(side: Side, limitNotionalMinor: bigint): bigint {
  return side === "long" ? limitNotionalMinor : (limitNotionalMinor * BigInt(shortLimitHoldPct)) / 100n;
}

/** What opening a position of this notional costs: the initial margin and the opening commission. */
export function openingCosts(
  notionalMinor: bigint,
  leverage: number,
  terms: Pick<MarketTerms, "feePpm">,
): { margin: bigint; fee: bigint } {
  return { margin: initialMargin(notionalMinor, leverage), fee: charge(notionalMinor, terms.feePpm) };
}

/** What a resting limit order holds from available cash: the opening costs of its held notional. */
export function limitOrderHold(
  side: Side,
  limitNotionalMinor: bigint,
  leverage: number,
  terms: Pick<MarketTerms, "feePpm">,
): bigint {
  const { margin, fee } = openingCosts(limitHoldNotional(side, limitNotionalMinor), leverage, terms);
  return margin + fee;
}

/**
 * The charges of closing: the closing commission, and the tax on the selling side of the round
 * trip (a long sells on close, a short sold on open).
 */
export function closingCharges(
  side: Side,
  openNotionalMinor: bigint,
  closeNotionalMinor: bigint,
  terms: Pick<MarketTerms, "feePpm" | "taxPpm">,
): { fee: bigint; tax: bigint } {
  return {
    fee: charge(closeNotionalMinor, terms.feePpm),
    tax: charge(side === "long" ? closeNotionalMinor : openNotionalMinor, terms.taxPpm),
  };
}

/** Profit (positive) or loss of a position between two notionals of the same shares. */
export function profit(side: Side, openNotionalMinor: bigint, closeNotionalMinor: bigint): bigint {
  return side === "long" ? closeNotionalMinor - openNotionalMinor : openNotionalMinor - closeNotionalMinor;
}

/** Equity of a position: its margin plus its profit so far. */
export function equity(marginMinor: bigint, profitMinor: bigint): bigint {
  return marginMinor + profitMinor;
}

/**
 * Whether a member may add margin to a position: only a leveraged one (an ordinary position above
 * 1×, or a day trade), which borrows beyond its margin. A 1× position is bought outright with its
 * own cash; more money beside it would lend nothing, so neither the app offers it nor the server
 * takes it. The position detail's button and the server's refusal both ask this.
 */
export function acceptsAddedMargin(position: { leverage: number }): boolean {
  return position.leverage > 1;
}

/** Whether the house must close the position: equity below the maintenance share of the initial margin. */
export function breachesMaintenance(
  initialMarginMinor: bigint,
  equityMinor: bigint,
  maintenancePct: number,
): boolean {
  return equityMinor * 100n < initialMarginMinor * BigInt(maintenancePct);
}
