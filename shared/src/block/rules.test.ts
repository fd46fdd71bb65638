import { describe, expect, it } from "vitest";
import { isDeskOpen } from "../market/desk-hours.ts";
import { bidBand, bidBandText, blockCost, blockRefusal, parseBlockHours } from "./rules.ts";

const base = {
  market: "JP" as const,
  shares: 200,
  minShares: 100,
  maxShares: 1_000,
  priceUnits: 26_000,
  band: null,
  holdMinor: 520_520n,
  usedTodayMinor: 0n,
  dailyLimitMinor: 1_000_000n,
  deskOpen: true,
};

describe("block rules", () => {
  it("bands a bid 7% either side of the last trade, never narrower than ¥5 in Japan", () => {
    expect(bidBandText("JP", "topix500", "2650")).toEqual({ low: "2464.5", high: "2835.5" });
    expect(bidBandText("JP", "topix500", "40")).toEqual({ low: "35", high: "45" });
    expect(bidBandText("US", "us", "40.00")).toEqual({ low: "37.20", high: "42.80" });
    // The ends move inward onto the grid: 7% of 211.48 is 14.8036.
    expect(bidBandText("US", "us", "211.48")).toEqual({ low: "196.68", high: "226.28" });
    // A standard TSE name at ¥2,653 ticks by ¥1: 2467.29 up to 2468, 2838.71 down to 2838.
    expect(bidBandText("JP", "tse", "2653")).toEqual({ low: "2468", high: "2838" });
    expect(bidBand("JP", "tse", 10).lowUnits).toBeGreaterThan(0);
  });

  it("refuses in the order a member hears about it: closed, lot, minimum, maximum, price, daily limit", () => {
    expect(blockRefusal({ ...base, deskOpen: false, shares: 1 })?.code).toBe("BLOCK_CLOSED");
    expect(blockRefusal({ ...base, shares: 150 })?.code).toBe("QUANTITY_INVALID");
    expect(blockRefusal({ ...base, minShares: 300 })).toEqual({
      code: "BLOCK_MIN_SHARES",
      details: { min: 300 },
    });
    expect(blockRefusal({ ...base, maxShares: 100 })).toEqual({
      code: "BLOCK_MAX_SHARES",
      details: { max: 100 },
    });
    expect(blockRefusal({ ...base, band: { lowUnits: 26_100, highUnits: 27_000 } })?.code).toBe(
      "BLOCK_PRICE_LIMIT",
    );
    expect(blockRefusal({ ...base, usedTodayMinor: 479_480n })).toBeUndefined();
    expect(blockRefusal({ ...base, usedTodayMinor: 479_481n })).toEqual({
      code: "BLOCK_DAILY_LIMIT",
      details: { remaining: "520519" },
    });
    expect(blockRefusal(base)).toBeUndefined();
  });

  it("holds the notional and the fee", () => {
    expect(blockCost("JP", "2600", 200, 1_000)).toEqual({
      notionalMinor: 520_000n,
      feeMinor: 520n,
      holdMinor: 520_520n,
    });
    expect(blockCost("US", "18.25", 10, 4_500)).toEqual({
      notionalMinor: 18_250n,
      feeMinor: 83n,
      holdMinor: 18_333n,
    });
  });

  it("opens 09:30–19:30 Tokyo time on TSE business days", () => {
    const hours = parseBlockHours("09:30-19:30");
    expect(isDeskOpen(hours, Date.parse("2026-06-10T00:30:00Z"))).toBe(true);
    expect(isDeskOpen(hours, Date.parse("2026-06-10T00:29:59Z"))).toBe(false);
    expect(isDeskOpen(hours, Date.parse("2026-06-10T10:30:00Z"))).toBe(false);
    // Saturday, and New Year's Day.
    expect(isDeskOpen(hours, Date.parse("2026-06-13T01:00:00Z"))).toBe(false);
    expect(isDeskOpen(hours, Date.parse("2027-01-01T01:00:00Z"))).toBe(false);
    expect(isDeskOpen(parseBlockHours("always"), Date.parse("2026-06-13T01:00:00Z"))).toBe(true);
    expect(() => parseBlockHours("19:30-09:30")).toThrow();
  });
});
