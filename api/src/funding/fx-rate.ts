import { minorDigits } from "@kabuto/shared/money";
import type { Currency } from "@kabuto/shared/symbols";

/**
 * Exchange-rate arithmetic, exact: rates are ratios of integers and amounts are minor units,
 * so no binary fraction ever touches money. The feed quotes every pair against USD (FX:USDJPY
 * is yen per dollar); any other pair is crossed through USD.
 */

/** `num / den` units of one currency per unit of another. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

/** The feed's mid for one USD pair and the spread the house quotes around it. */
export interface UsdPairPrice {
  /** Units of the quote currency per dollar, a decimal string ("147.250"). */
  mid: string;
  /** Spread between bid and ask, in basis points of the mid. */
  spreadBps: number;
}

export type PairCheck = "ok" | "CURRENCIES_SAME" | "FX_PAIR_UNAVAILABLE";

/** The spec's pairs: any two different currencies, except that INR trades only against USD. */
export function checkPair(from: Currency, to: Currency): PairCheck {
  if (from === to) return "CURRENCIES_SAME";
  if ((from === "INR" && to !== "USD") || (to === "INR" && from !== "USD")) return "FX_PAIR_UNAVAILABLE";
  return "ok";
}

/** The USD pairs a conversion needs: one for a pair with USD, two for a cross. */
export function legsOf(from: Currency, to: Currency): Currency[] {
  return [from, to].filter((currency) => currency !== "USD");
}

const bpsScale = 20_000n;

function decimalRatio(text: string): Ratio {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new Error(`not a rate: ${text}`);
  const fraction = match[2] ?? "";
  return { num: BigInt(`${match[1]}${fraction}`), den: 10n ** BigInt(fraction.length) };
}

/** What the house pays for a dollar (bid) or asks for one (ask): the mid less or plus half the spread. */
function side(price: UsdPairPrice, which: "bid" | "ask"): Ratio {
  const mid = decimalRatio(price.mid);
  const half = BigInt(price.spreadBps);
  const factor = which === "bid" ? bpsScale - half : bpsScale + half;
  return { num: mid.num * factor, den: mid.den * bpsScale };
}

/**
 * Units of `to` a member gets per unit of `from`, at the feed's rates as a bank quotes them:
 * selling dollars at the bid, buying them at the ask. There is no fee on top (spec).
 * `prices` holds the USD pair of every currency in `legsOf(from, to)`.
 */
export function conversionRate(
  from: Currency,
  to: Currency,
  prices: ReadonlyMap<Currency, UsdPairPrice>,
): Ratio | undefined {
  // From `from` to dollars: buy dollars at the ask of USD/from.
  let toUsd: Ratio = { num: 1n, den: 1n };
  if (from !== "USD") {
    const price = prices.get(from);
    if (!price) return undefined;
    const ask = side(price, "ask");
    toUsd = { num: ask.den, den: ask.num };
  }
  // From dollars to `to`: sell dollars at the bid of USD/to.
  let fromUsd: Ratio = { num: 1n, den: 1n };
  if (to !== "USD") {
    const price = prices.get(to);
    if (!price) return undefined;
    fromUsd = side(price, "bid");
  }
  const rate = { num: toUsd.num * fromUsd.num, den: toUsd.den * fromUsd.den };
  if (rate.num <= 0n || rate.den <= 0n) return undefined;
  return rate;
}

/** `fromMinor` of `from` converted at `rate`, rounded down to a minor unit of `to`. */
export function convertMinor(fromMinor: bigint, rate: Ratio, from: Currency, to: Currency): bigint {
  const toScale = 10n ** BigInt(minorDigits[to]);
  const fromScale = 10n ** BigInt(minorDigits[from]);
  return (fromMinor * rate.num * toScale) / (rate.den * fromScale);
}

/** The smallest amount of `from`, in minor units, that converts to at least one minor unit of `to`. */
export function smallestConvertible(rate: Ratio, from: Currency, to: Currency): bigint {
  const toScale = 10n ** BigInt(minorDigits[to]);
  const fromScale = 10n ** BigInt(minorDigits[from]);
  const numerator = rate.den * fromScale;
  const denominator = rate.num * toScale;
  return (numerator + denominator - 1n) / denominator;
}

/** Significant decimals a rate is shown with: KRW→USD is 0.000726…, so a fixed few would show nothing. */
const rateSignificantDigits = 8;

/** A rate as a decimal string with eight significant digits, rounded down ("0.0067904502", "147.23527"). */
export function formatRate(rate: Ratio): string {
  const whole = rate.num / rate.den;
  let decimals = 0;
  if (whole > 0n) {
    decimals = Math.max(0, rateSignificantDigits - whole.toString().length);
  } else {
    // Leading zeros after the point do not count as significant.
    let scaled = rate.num * 10n;
    decimals = 1;
    while (scaled < rate.den) {
      scaled *= 10n;
      decimals += 1;
    }
    decimals += rateSignificantDigits - 1;
  }
  const scaled = (rate.num * 10n ** BigInt(decimals)) / rate.den;
  if (decimals === 0) return scaled.toString();
  const text = scaled.toString().padStart(decimals + 1, "0");
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}
