import { describe, expect, it } from "vitest";
import { AssertionError } from "./assert.ts";
import { dailyLimit, dailyLimitFor } from "./price-limits.ts";
import { isOnTick } from "./ticks.ts";

/** Price units of whole yen (JP scale: 0.1 yen). */
function yen(amount: number): number {
  return amount * 10;
}

/** JPX's published limit widths: [base price below (yen), width (yen)]; the last row is open. */
const published: [number, number][] = [
  [100, 30],
  [200, 50],
  [500, 80],
  [700, 100],
  [1_000, 150],
  [1_500, 300],
  [2_000, 400],
  [3_000, 500],
  [5_000, 700],
  [7_000, 1_000],
  [10_000, 1_500],
  [15_000, 3_000],
  [20_000, 4_000],
  [30_000, 5_000],
  [50_000, 7_000],
  [70_000, 10_000],
  [100_000, 15_000],
  [150_000, 30_000],
  [200_000, 40_000],
  [300_000, 50_000],
  [500_000, 70_000],
  [700_000, 100_000],
  [1_000_000, 150_000],
  [1_500_000, 300_000],
  [2_000_000, 400_000],
  [3_000_000, 500_000],
  [5_000_000, 700_000],
  [7_000_000, 1_000_000],
  [10_000_000, 1_500_000],
  [15_000_000, 3_000_000],
  [20_000_000, 4_000_000],
  [30_000_000, 5_000_000],
  [50_000_000, 7_000_000],
  [Number.POSITIVE_INFINITY, 10_000_000],
];

function width(prevCloseUnits: number): number {
  return dailyLimit(prevCloseUnits).upUnits - prevCloseUnits;
}

describe("TSE daily price limits", () => {
  it("uses the published width on both sides of every band boundary", () => {
    published.slice(0, -1).forEach(([below, bandWidth], index) => {
      expect(width(yen(below) - 1)).toBe(yen(bandWidth)); // 0.1 yen under the boundary.
      expect(width(yen(below))).toBe(yen(published[index + 1]?.[1] ?? 0));
    });
  });

  it("applies the width symmetrically above the low bands' floor", () => {
    expect(dailyLimit(yen(1_000))).toEqual({ upUnits: yen(1_300), downUnits: yen(700) });
    expect(dailyLimit(yen(2_345))).toEqual({ upUnits: yen(2_845), downUnits: yen(1_845) });
    expect(dailyLimit(yen(60_000_000))).toEqual({ upUnits: yen(70_000_000), downUnits: yen(50_000_000) });
  });

  it("never puts the low limit under 0.1 yen, the finest price", () => {
    expect(dailyLimit(yen(50))).toEqual({ upUnits: yen(80), downUnits: yen(20) });
    expect(dailyLimit(yen(10))).toEqual({ upUnits: yen(40), downUnits: 1 });
    expect(dailyLimit(yen(30))).toEqual({ upUnits: yen(60), downUnits: 1 });
  });

  it("rejects a previous close that is not a positive whole number of units", () => {
    expect(() => dailyLimit(0)).toThrow(AssertionError);
    expect(() => dailyLimit(-yen(100))).toThrow(AssertionError);
    expect(() => dailyLimit(1.5)).toThrow(AssertionError);
  });
});

describe("dailyLimitFor", () => {
  it("snaps each limit inwards to the instrument's tick grid", () => {
    // 999.9 + 150 = 1149.9 yen, off the 0.5 yen grid above 1000 yen: the highest order price is 1149.5.
    expect(dailyLimitFor("JP", "topix500", 9_999)).toEqual({ upUnits: 11_495, downUnits: 8_499 });
    // 10 yen − 30 yen floors at 0.1 yen; the tse grid starts at 1 yen.
    expect(dailyLimitFor("JP", "tse", yen(10))).toEqual({ upUnits: yen(40), downUnits: yen(1) });
  });

  it("invariant: both limits are on the grid, the high above the previous close, the low not above it", () => {
    for (const table of ["topix500", "tse"] as const) {
      for (const prevClose of [yen(1), yen(99), yen(999), yen(1_000), yen(2_999), yen(3_005), yen(49_950)]) {
        const { upUnits, downUnits } = dailyLimitFor("JP", table, prevClose) ?? { upUnits: 0, downUnits: 0 };
        expect([isOnTick(table, upUnits), isOnTick(table, downUnits)]).toEqual([true, true]);
        expect(upUnits).toBeGreaterThan(prevClose);
        // At the lowest price there is nowhere lower to go.
        expect(downUnits).toBeLessThanOrEqual(prevClose);
      }
    }
  });

  it("is null for US stocks, which have no daily limit", () => {
    expect(dailyLimitFor("US", "us", 1_874_000)).toBeNull();
  });

  it("rejects a tick table of the other market", () => {
    expect(() => dailyLimitFor("JP", "us", yen(100))).toThrow(AssertionError);
    expect(() => dailyLimitFor("US", "tse", yen(100))).toThrow(AssertionError);
  });
});
