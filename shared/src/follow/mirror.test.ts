import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyStopFloor, copyStopReached, isCopyStopPct, mirrorQuantity, profitShare } from "./mirror.ts";

describe("mirror sizing", () => {
  it("copies the lead's share of equity in whole units, rounding down", () => {
    // A copy a tenth the lead's size takes a tenth of each trade, in whole units of 100.
    expect(
      mirrorQuantity({ leadQuantity: 3000, leadEquity: 10_000_000n, copyEquity: 1_000_000n, unit: 100 }),
    ).toBe(300);
    expect(
      mirrorQuantity({ leadQuantity: 100, leadEquity: 10_000_000n, copyEquity: 1_000_000n, unit: 100 }),
    ).toBe(0);
    expect(mirrorQuantity({ leadQuantity: 7, leadEquity: 1_000n, copyEquity: 500n, unit: 1 })).toBe(3);
    expect(mirrorQuantity({ leadQuantity: 7, leadEquity: 0n, copyEquity: 500n, unit: 1 })).toBe(0);
  });

  it("is proportional within one unit and never above the share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        // A lead of at least 10,000 (yen or cents), copies up to 10^12: quantities stay safe integers.
        fc.bigInt({ min: 10_000n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.constantFrom(1, 100),
        (units, leadEquity, copyEquity, unit) => {
          const leadQuantity = units * unit;
          const quantity = mirrorQuantity({ leadQuantity, leadEquity, copyEquity, unit });
          expect(quantity % unit).toBe(0);
          // quantity ≤ lead × copy / lead equity < quantity + one unit, in exact integers.
          const target = BigInt(leadQuantity) * copyEquity;
          expect(BigInt(quantity) * leadEquity <= target).toBe(true);
          expect(BigInt(quantity + unit) * leadEquity > target).toBe(true);
        },
      ),
    );
  });
});

describe("copy stop", () => {
  it("accepts whole percentages from 5 to 95", () => {
    expect([4, 5, 40, 95, 96, 40.5].map(isCopyStopPct)).toEqual([false, true, true, true, false, false]);
  });

  it("stops at the money put in less the chosen loss, never later", () => {
    expect(copyStopFloor(1_000_000n, 40)).toBe(600_000n);
    expect(copyStopFloor(333n, 40)).toBe(200n);
    expect(copyStopReached(600_000n, 600_000n)).toBe(true);
    expect(copyStopReached(600_001n, 600_000n)).toBe(false);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 15n }),
        fc.integer({ min: 5, max: 95 }),
        (invested, pct) => {
          const floor = copyStopFloor(invested, pct);
          expect((invested - floor) * 100n <= invested * BigInt(pct)).toBe(true);
        },
      ),
    );
  });
});

describe("profit share", () => {
  it("charges only the profit above the high-water mark", () => {
    expect(profitShare({ profit: 100_000n, highWater: 0n, pct: 10 })).toEqual({
      share: 10_000n,
      highWater: 100_000n,
    });
    expect(profitShare({ profit: 80_000n, highWater: 100_000n, pct: 10 })).toEqual({
      share: 0n,
      highWater: 100_000n,
    });
    expect(profitShare({ profit: 120_005n, highWater: 100_000n, pct: 10 })).toEqual({
      share: 2_000n,
      highWater: 120_005n,
    });
    expect(profitShare({ profit: -5n, highWater: 0n, pct: 10 })).toEqual({ share: 0n, highWater: 0n });
  });

  it("never pays twice on the same profit, however the settlements fall", () => {
    fc.assert(
      fc.property(
        fc.array(fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }), { maxLength: 30 }),
        (profits) => {
          let highWater = 0n;
          let paid = 0n;
          for (const profit of profits) {
            const settled = profitShare({ profit, highWater, pct: 10 });
            paid += settled.share;
            highWater = settled.highWater;
          }
          expect(paid * 10n <= highWater).toBe(true);
        },
      ),
    );
  });
});
