import { describe, expect, it } from "vitest";
import { isWholeUnits, tradingUnit } from "./units.ts";

describe("trading units", () => {
  it("are 100 shares on TSE and 1 share in the US, as the markets trade", () => {
    expect(tradingUnit).toEqual({ JP: 100, US: 1 });
  });

  it.each<["JP" | "US", number, boolean]>([
    ["JP", 100, true],
    ["JP", 1_000, true],
    ["JP", 150, false],
    ["JP", 1, false],
    ["US", 1, true],
    ["US", 37, true],
    ["JP", 0, false],
    ["US", 0, false],
    ["JP", -100, false],
    ["US", 1.5, false],
    ["JP", 100.5, false],
    ["US", Number.NaN, false],
    ["US", 2 ** 53, false],
  ])("invariant: %s %d shares is a positive whole number of units: %s", (market, shares, whole) => {
    expect(isWholeUnits(market, shares)).toBe(whole);
  });
});
