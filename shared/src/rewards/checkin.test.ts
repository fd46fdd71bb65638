import { describe, expect, it } from "vitest";
import { checkInPoints, conversion, defaultCheckInTerms, nextStreak, usablePoints } from "./checkin.ts";

const terms = defaultCheckInTerms;

describe("streaks", () => {
  it("count consecutive Tokyo days, keep the day's own, and start again after a gap", () => {
    expect(nextStreak("2026-11-25", undefined)).toBe(1);
    expect(nextStreak("2026-11-25", { date: "2026-11-24", streak: 6 })).toBe(7);
    expect(nextStreak("2026-11-25", { date: "2026-11-25", streak: 3 })).toBe(3);
    expect(nextStreak("2026-11-25", { date: "2026-11-23", streak: 9 })).toBe(1);
    // Across a month's and a year's end, too.
    expect(nextStreak("2027-01-01", { date: "2026-12-31", streak: 2 })).toBe(3);
  });

  it("earn the daily points, with the bonus on every seventh day", () => {
    expect([1, 6, 7, 8, 14].map((day) => checkInPoints(day, terms))).toEqual([10, 10, 50, 10, 50]);
    expect(() => checkInPoints(0, terms)).toThrow();
  });
});

describe("usable points", () => {
  it("invariant: never negative, never more than earned less spent", () => {
    for (const [earned, expiredEarned, spent] of [
      [0, 0, 0],
      [100, 0, 0],
      [100, 100, 0],
      [100, 60, 50],
      [100, 40, 50],
      [2_000, 500, 1_000],
    ] as const) {
      const usable = usablePoints({ earned, expiredEarned, spent });
      expect(usable).toBeGreaterThanOrEqual(0);
      expect(usable).toBeLessThanOrEqual(earned - spent);
    }
  });

  it("lets conversions use up the oldest points before they expire", () => {
    // 100 earned, 60 of them now expired, 50 converted earlier: 10 expired unused, 40 left.
    expect(usablePoints({ earned: 100, expiredEarned: 60, spent: 50 })).toBe(40);
    expect(usablePoints({ earned: 100, expiredEarned: 40, spent: 50 })).toBe(50);
  });
});

describe("conversion", () => {
  it("refuses fewer than the minimum and converts whole yen only", () => {
    expect(conversion(999, terms)).toBeUndefined();
    expect(conversion(1_000, terms)).toEqual({ yen: 100, points: 1_000 });
    expect(conversion(1_237, terms)).toEqual({ yen: 123, points: 1_230 });
  });
});
