import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AssertionError } from "./assert.ts";
import type { TickTable } from "./ticks.ts";
import {
  isOnTick,
  lowestPrice,
  priceScale,
  priceToUnits,
  roundToTick,
  stepTicks,
  tickUnits,
  unitsToPrice,
} from "./ticks.ts";

/** Price units of yen, for readable expectations. */
function yen(text: string): number {
  const units = priceToUnits(text, "JP");
  if (units === undefined) throw new Error(`bad yen ${text}`);
  return units;
}

function usd(text: string): number {
  const units = priceToUnits(text, "US");
  if (units === undefined) throw new Error(`bad dollars ${text}`);
  return units;
}

/** JPX's published tick tables: [band top, included (yen); tick (yen)]; the last band is open. */
const published: Record<"topix500" | "tse", [string, string][]> = {
  topix500: [
    ["1000", "0.1"],
    ["3000", "0.5"],
    ["10000", "1"],
    ["30000", "5"],
    ["100000", "10"],
    ["300000", "50"],
    ["1000000", "100"],
    ["3000000", "500"],
    ["10000000", "1000"],
    ["30000000", "5000"],
    ["", "10000"],
  ],
  tse: [
    ["3000", "1"],
    ["5000", "5"],
    ["30000", "10"],
    ["50000", "50"],
    ["300000", "100"],
    ["500000", "500"],
    ["3000000", "1000"],
    ["5000000", "5000"],
    ["30000000", "10000"],
    ["50000000", "50000"],
    ["", "100000"],
  ],
};

/** Each band boundary with the tick just below it (included) and just above it. */
function boundaries(table: "topix500" | "tse"): { top: number; below: number; above: number }[] {
  const rows = published[table];
  return rows.slice(0, -1).map(([top, tick], index) => ({
    top: yen(top),
    below: yen(tick),
    above: yen(rows[index + 1]?.[1] ?? ""),
  }));
}

/** A price in units spread over every band: a mantissa times a power of ten. */
const anyPrice = fc
  .tuple(fc.integer({ min: 1, max: 9_999 }), fc.integer({ min: 0, max: 6 }))
  .map(([mantissa, exponent]) => mantissa * 10 ** exponent);

const tables: TickTable[] = ["topix500", "tse", "us"];

describe("price scale", () => {
  it("counts JP prices in 0.1 yen and US prices in $0.0001", () => {
    expect(priceScale).toEqual({ JP: 10, US: 10_000 });
  });

  it.each<[number, "JP" | "US", string]>([
    [23_450, "JP", "2345"],
    [23_455, "JP", "2345.5"],
    [1, "JP", "0.1"],
    [0, "JP", "0"],
    [-125, "JP", "-12.5"],
    [1_874_000, "US", "187.40"],
    [5_123, "US", "0.5123"],
    [12_345, "US", "1.2345"],
    [10_000, "US", "1.00"],
    [1, "US", "0.0001"],
    [0, "US", "0.00"],
    [-500, "US", "-0.05"],
  ])(
    "unitsToPrice(%i, %s) shows %j: yen without useless zeros, dollars with cents",
    (units, market, text) => {
      expect(unitsToPrice(units, market)).toBe(text);
    },
  );

  it.each<[string, "JP" | "US", number | undefined]>([
    ["2345", "JP", 23_450],
    ["2345.5", "JP", 23_455],
    ["2345.50", "JP", 23_455],
    ["0.1", "JP", 1],
    ["-12.5", "JP", -125],
    ["187.40", "US", 1_874_000],
    ["0.5123", "US", 5_123],
    ["0.51230", "US", 5_123],
    ["2345.55", "JP", undefined],
    ["0.05", "JP", undefined],
    ["0.51234", "US", undefined],
    ["", "JP", undefined],
    ["1e3", "JP", undefined],
    [" 1", "JP", undefined],
    ["+1", "JP", undefined],
    [".5", "JP", undefined],
    ["5.", "JP", undefined],
    ["1,000", "JP", undefined],
    ["NaN", "US", undefined],
    ["99999999999999999", "JP", undefined],
    [`1${"0".repeat(40)}`, "US", undefined],
  ])("priceToUnits(%j, %s) is %s: exact, or undefined off the scale", (text, market, units) => {
    expect(priceToUnits(text, market)).toBe(units);
  });

  it("reads minus zero as plain zero", () => {
    expect(Object.is(priceToUnits("-0", "US"), 0)).toBe(true);
  });

  it("invariant: priceToUnits(unitsToPrice(u)) === u for every safe integer", () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), fc.constantFrom("JP" as const, "US" as const), (units, market) => {
        expect(priceToUnits(unitsToPrice(units, market), market)).toBe(units);
      }),
    );
  });

  it("rejects units that are not safe integers", () => {
    expect(() => unitsToPrice(1.5, "JP")).toThrow(AssertionError);
    expect(() => unitsToPrice(2 ** 53, "US")).toThrow(AssertionError);
  });
});

describe("tick tables", () => {
  it.each(["topix500", "tse"] as const)(
    "%s: each boundary takes the lower band's tick, one unit above the next",
    (table) => {
      for (const { top, below, above } of boundaries(table)) {
        expect(tickUnits(table, top)).toBe(below);
        expect(tickUnits(table, top + 1)).toBe(above);
      }
    },
  );

  it.each(["topix500", "tse"] as const)("%s: one tick across each boundary, up and down", (table) => {
    for (const { top, below, above } of boundaries(table)) {
      expect(isOnTick(table, top)).toBe(true);
      expect(stepTicks(table, top, 1)).toBe(top + above);
      expect(stepTicks(table, top + above, -1)).toBe(top);
      expect(stepTicks(table, top, -1)).toBe(top - below);
    }
  });

  it("topix500: 1000 yen ticks in tenths, 1000.5 yen in halves", () => {
    expect(isOnTick("topix500", yen("999.9"))).toBe(true);
    expect(isOnTick("topix500", yen("1000"))).toBe(true);
    expect(isOnTick("topix500", yen("1000.1"))).toBe(false);
    expect(isOnTick("topix500", yen("1000.5"))).toBe(true);
    expect(tickUnits("topix500", yen("50000000"))).toBe(yen("10000"));
  });

  it("tse: 3000 yen ticks in yen, 3001 yen is off the 5 yen grid", () => {
    expect(isOnTick("tse", yen("2999"))).toBe(true);
    expect(isOnTick("tse", yen("3001"))).toBe(false);
    expect(isOnTick("tse", yen("3005"))).toBe(true);
    expect(isOnTick("tse", yen("2999.5"))).toBe(false);
  });

  it("us: sub-penny below $1.00, cents from $1.00", () => {
    expect(tickUnits("us", usd("0.9999"))).toBe(usd("0.0001"));
    expect(tickUnits("us", usd("1.00"))).toBe(usd("0.01"));
    expect(isOnTick("us", usd("0.5123"))).toBe(true);
    expect(isOnTick("us", usd("1.0001"))).toBe(false);
    expect(isOnTick("us", usd("1.01"))).toBe(true);
    expect(stepTicks("us", usd("0.9999"), 1)).toBe(usd("1.00"));
    expect(stepTicks("us", usd("1.00"), -1)).toBe(usd("0.9999"));
    expect(stepTicks("us", usd("1.00"), 1)).toBe(usd("1.01"));
  });

  it("isOnTick is false, not an error, for what is not a price", () => {
    for (const table of tables) {
      for (const units of [0, -10, -100, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        expect(isOnTick(table, units)).toBe(false);
      }
    }
  });

  it("tickUnits rejects a negative, zero or fractional price", () => {
    expect(() => tickUnits("tse", -10)).toThrow(AssertionError);
    expect(() => tickUnits("tse", 0)).toThrow(AssertionError);
    expect(() => tickUnits("us", 0.5)).toThrow(AssertionError);
  });
});

describe("roundToTick", () => {
  it("rounds down, up and to the nearest grid price, ties up", () => {
    const price = yen("1000.3"); // On topix500's 0.5 yen band.
    expect(roundToTick("topix500", price, "down")).toBe(yen("1000"));
    expect(roundToTick("topix500", price, "up")).toBe(yen("1000.5"));
    expect(roundToTick("topix500", price, "nearest")).toBe(yen("1000.5"));
    expect(roundToTick("topix500", yen("1000.2"), "nearest")).toBe(yen("1000"));
    expect(roundToTick("us", usd("1.005"), "nearest")).toBe(usd("1.01"));
    expect(roundToTick("tse", yen("3002.5"), "nearest")).toBe(yen("3005"));
  });

  it("leaves a grid price where it is", () => {
    for (const mode of ["down", "up", "nearest"] as const) {
      expect(roundToTick("tse", yen("3005"), mode)).toBe(yen("3005"));
    }
  });

  it("rounds a price under the lowest tick to the lowest tick: zero is not a price", () => {
    expect(lowestPrice("tse")).toBe(yen("1"));
    expect(roundToTick("tse", yen("0.5"), "down")).toBe(yen("1"));
    expect(roundToTick("tse", yen("0.2"), "nearest")).toBe(yen("1"));
  });

  it("rejects a negative price", () => {
    expect(() => roundToTick("topix500", -5, "down")).toThrow(AssertionError);
  });

  it.each(tables)(
    "invariant (%s): down is the highest grid price at or below, up the lowest at or above",
    (table) => {
      fc.assert(
        fc.property(anyPrice, (price) => {
          const down = roundToTick(table, price, "down");
          const up = roundToTick(table, price, "up");
          const nearest = roundToTick(table, price, "nearest");
          expect(isOnTick(table, down) && isOnTick(table, up)).toBe(true);
          if (price >= lowestPrice(table)) {
            expect(down).toBeLessThanOrEqual(price);
            expect(stepTicks(table, down, 1)).toBeGreaterThan(price);
            expect(Math.abs(nearest - price)).toBeLessThanOrEqual(Math.min(price - down, up - price));
          }
          expect(up).toBeGreaterThanOrEqual(price);
          expect(stepTicks(table, up, -1) ?? 0).toBeLessThan(price);
          expect([down, up]).toContain(nearest);
        }),
      );
    },
  );
});

describe("stepTicks", () => {
  it("crosses band boundaries, each step with the tick of where it lands", () => {
    // 999.8 → 999.9 → 1000 → 1000.5 → 1001: 0.1 yen steps, then 0.5 yen steps.
    expect(stepTicks("topix500", yen("999.8"), 4)).toBe(yen("1001"));
    expect(stepTicks("topix500", yen("1001"), -4)).toBe(yen("999.8"));
    expect(stepTicks("tse", yen("2998"), 3)).toBe(yen("3005"));
    expect(stepTicks("tse", yen("3005"), 0)).toBe(yen("3005"));
  });

  it("has no price below the lowest tick", () => {
    expect(stepTicks("tse", yen("1"), -1)).toBeUndefined();
    expect(stepTicks("tse", yen("3"), -5)).toBeUndefined();
    expect(stepTicks("us", usd("0.0001"), -1)).toBeUndefined();
  });

  it("rejects an off-grid start, a fractional step and an unbounded step", () => {
    expect(() => stepTicks("tse", yen("3001"), 1)).toThrow(AssertionError);
    expect(() => stepTicks("tse", -10, 1)).toThrow(AssertionError);
    expect(() => stepTicks("tse", yen("3005"), 1.5)).toThrow(AssertionError);
    expect(() => stepTicks("tse", yen("3005"), 1_000_000)).toThrow(AssertionError);
  });

  it.each(tables)("invariant (%s): one step is the next grid price, found by brute force", (table) => {
    const starts = [1, 2, 10, 9_990, 9_999, 10_000, 10_005, 29_990, 30_000, 30_050, 99_990, 100_000];
    for (const start of starts.filter((price) => isOnTick(table, price))) {
      let next = start + 1;
      while (!isOnTick(table, next)) next += 1;
      expect(stepTicks(table, start, 1)).toBe(next);
      expect(stepTicks(table, next, -1)).toBe(start);
    }
  });

  it.each(tables)("invariant (%s): n ticks up then n down returns to the start", (table) => {
    fc.assert(
      fc.property(anyPrice, fc.integer({ min: 0, max: 50 }), (price, n) => {
        const start = roundToTick(table, price, "nearest");
        const up = stepTicks(table, start, n);
        expect(up === undefined ? undefined : stepTicks(table, up, -n)).toBe(start);
      }),
    );
  });
});
