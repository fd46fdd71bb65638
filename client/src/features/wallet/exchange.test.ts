import { describe, expect, it } from "vitest";
import {
  counterpartFor,
  exchangeCurrencies,
  inverseRate,
  pairError,
  quoteDeadline,
  secondsLeft,
} from "./exchange.ts";

describe("pairError: the spec's exchange rules", () => {
  it("refuses the same currency on both sides", () => {
    for (const currency of exchangeCurrencies) expect(pairError(currency, currency)).toBe("CURRENCIES_SAME");
  });

  it("exchanges INR only with USD, both ways", () => {
    expect(pairError("INR", "USD")).toBeUndefined();
    expect(pairError("USD", "INR")).toBeUndefined();
    expect(pairError("INR", "JPY")).toBe("FX_PAIR_UNAVAILABLE");
    expect(pairError("KRW", "INR")).toBe("FX_PAIR_UNAVAILABLE");
  });

  it("allows every other pair of different currencies", () => {
    const others = exchangeCurrencies.filter((currency) => currency !== "INR");
    for (const from of others)
      for (const to of others) if (from !== to) expect(pairError(from, to), `${from}/${to}`).toBeUndefined();
  });
});

describe("counterpartFor keeps a valid pair", () => {
  it("keeps the currency to receive when the pair still works", () => {
    expect(counterpartFor("USD", "JPY")).toBe("JPY");
  });

  it("moves off the same currency to the first that pairs", () => {
    expect(counterpartFor("JPY", "JPY")).toBe("USD");
    expect(counterpartFor("USD", "USD")).toBe("JPY");
  });

  it("gives rupees dollars", () => {
    expect(counterpartFor("INR", "JPY")).toBe("USD");
  });
});

describe("quote countdown", () => {
  it("holds for the stated seconds from the request", () => {
    expect(quoteDeadline(1_000, 15)).toBe(16_000);
  });

  it("counts whole seconds up and stops at zero", () => {
    expect(secondsLeft(16_000, 1_000)).toBe(15);
    expect(secondsLeft(16_000, 15_800)).toBe(1);
    expect(secondsLeft(16_000, 16_000)).toBe(0);
    expect(secondsLeft(16_000, 99_000)).toBe(0);
  });
});

describe("inverseRate: the rate read the other way", () => {
  it("inverts a rate below one to six significant digits", () => {
    expect(inverseRate("0.0067904630")).toBe("147.265");
    expect(inverseRate("0.5")).toBe("2");
    expect(inverseRate("0.8")).toBe("1.25");
  });

  it("gives nothing for a rate of one or more, zero, or text", () => {
    expect(inverseRate("147.25")).toBeUndefined();
    expect(inverseRate("1")).toBeUndefined();
    expect(inverseRate("0")).toBeUndefined();
    expect(inverseRate("abc")).toBeUndefined();
    expect(inverseRate("-0.5")).toBeUndefined();
  });
});
