import type { Currency } from "@kabuto/shared/symbols";
import { describe, expect, it } from "vitest";
import {
  checkPair,
  conversionRate,
  convertMinor,
  formatRate,
  legsOf,
  smallestConvertible,
  type UsdPairPrice,
} from "./fx-rate.ts";

const prices = new Map<Currency, UsdPairPrice>([
  ["JPY", { mid: "147.250", spreadBps: 1 }],
  ["TWD", { mid: "29.450", spreadBps: 5 }],
  ["KRW", { mid: "1375.50", spreadBps: 5 }],
  ["INR", { mid: "85.7500", spreadBps: 5 }],
]);

function rate(from: Currency, to: Currency) {
  const found = conversionRate(from, to, prices);
  if (!found) throw new Error("no rate");
  return found;
}

describe("currency pairs", () => {
  it("must differ, and INR trades only against USD", () => {
    expect(checkPair("JPY", "JPY")).toBe("CURRENCIES_SAME");
    expect(checkPair("INR", "JPY")).toBe("FX_PAIR_UNAVAILABLE");
    expect(checkPair("TWD", "INR")).toBe("FX_PAIR_UNAVAILABLE");
    expect(checkPair("INR", "USD")).toBe("ok");
    expect(checkPair("USD", "INR")).toBe("ok");
    expect(checkPair("JPY", "TWD")).toBe("ok");
  });

  it("need the USD pair of each side that is not USD", () => {
    expect(legsOf("USD", "JPY")).toEqual(["JPY"]);
    expect(legsOf("JPY", "USD")).toEqual(["JPY"]);
    expect(legsOf("JPY", "TWD")).toEqual(["JPY", "TWD"]);
  });
});

describe("conversion", () => {
  it("sells dollars at the bid: 100 USD at a 147.250 mid less half a basis point is 14,724 yen", () => {
    // bid = 147.250 × (1 − 0.00005) = 147.2426375
    expect(formatRate(rate("USD", "JPY"))).toBe("147.24263");
    expect(convertMinor(10_000n, rate("USD", "JPY"), "USD", "JPY")).toBe(14_724n);
  });

  it("buys dollars at the ask: 10,000 yen is 67.90 USD, rounded down to the cent", () => {
    // ask = 147.2573625; 10,000 / 147.2573625 = 67.9083…
    expect(convertMinor(10_000n, rate("JPY", "USD"), "JPY", "USD")).toBe(6_790n);
    expect(formatRate(rate("JPY", "USD"))).toBe("0.0067908319");
  });

  it("crosses through USD: yen to Taiwan dollars at the yen ask and the TWD bid", () => {
    // 1,000,000 yen → 6,790.83 USD at the ask → × 29.4426375 TWD bid = 199,940.00 TWD.
    const twd = convertMinor(1_000_000n, rate("JPY", "TWD"), "JPY", "TWD");
    expect(twd).toBe(19_994_000n);
  });

  it("never gives back more than it took in a round trip", () => {
    for (const currency of ["JPY", "TWD", "KRW", "INR"] as const) {
      for (const start of [1n, 99n, 10_000n, 123_456_789n]) {
        const there = convertMinor(start, rate("USD", currency), "USD", currency);
        const back = convertMinor(there, rate(currency, "USD"), currency, "USD");
        expect(back <= start).toBe(true);
      }
    }
  });

  it("names the smallest amount that converts to a whole minor unit", () => {
    const krwToUsd = rate("KRW", "USD");
    const smallest = smallestConvertible(krwToUsd, "KRW", "USD");
    expect(convertMinor(smallest, krwToUsd, "KRW", "USD")).toBe(1n);
    expect(convertMinor(smallest - 1n, krwToUsd, "KRW", "USD")).toBe(0n);
  });

  it("has no rate without the feed's price for a leg", () => {
    expect(conversionRate("JPY", "HKD", prices)).toBeUndefined();
    expect(conversionRate("HKD", "USD", prices)).toBeUndefined();
  });

  it("shows eight significant digits whatever the magnitude", () => {
    expect(formatRate({ num: 1n, den: 3n })).toBe("0.33333333");
    expect(formatRate({ num: 13_755n, den: 10n })).toBe("1375.5000");
    expect(formatRate({ num: 123_456_789_012n, den: 1n })).toBe("123456789012");
  });
});
