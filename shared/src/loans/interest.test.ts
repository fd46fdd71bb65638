import { describe, expect, it } from "vitest";
import {
  accrueDay,
  dayBasisOf,
  interestFor,
  percentToPpm,
  ppmToPercent,
  splitRepayment,
} from "./interest.ts";

describe("day counts", () => {
  it("counts yen on a 365-day year and dollars on a 360-day year", () => {
    expect(dayBasisOf("JPY")).toBe(365);
    expect(dayBasisOf("USD")).toBe(360);
  });
});

describe("accrueDay", () => {
  it("invariant: carried fractions make daily interest sum to the exact simple interest, floored once", () => {
    for (const [principal, ppm, currency] of [
      [1_000_000n, 28_000, "JPY"],
      [7n, 28_000, "JPY"],
      [123_456_789n, 60_000, "USD"],
      [99_999n, 1, "USD"],
    ] as const) {
      let carry = 0n;
      let total = 0n;
      for (let day = 1; day <= 730; day += 1) {
        const step = accrueDay(principal, ppm, currency, carry);
        carry = step.carry;
        total += step.interest;
        expect(total).toBe(interestFor(principal, ppm, currency, day));
      }
    }
  });

  it("refuses a negative principal, which would be a programmer error", () => {
    expect(() => accrueDay(-1n, 28_000, "JPY", 0n)).toThrow();
  });
});

describe("interestFor", () => {
  it("gives ¥2,301 on ¥1,000,000 at 2.8% for 30 days, and $49.99 on $10,000 at 6% for 30 days", () => {
    expect(interestFor(1_000_000n, 28_000, "JPY", 30)).toBe(2_301n);
    // 1,000,000 cents × 6% × 30 / 360 = 5,000 cents: dollars count a month as a twelfth of a year.
    expect(interestFor(1_000_000n, 60_000, "USD", 30)).toBe(5_000n);
  });

  it("refuses fractional or negative days", () => {
    expect(() => interestFor(1n, 1, "JPY", 1.5)).toThrow();
    expect(() => interestFor(1n, 1, "JPY", -1)).toThrow();
  });
});

describe("splitRepayment", () => {
  it("pays interest first, then principal, and refuses more than is owed or nothing", () => {
    expect(splitRepayment(50n, { principal: 1_000n, interest: 80n })).toEqual({
      interest: 50n,
      principal: 0n,
    });
    expect(splitRepayment(100n, { principal: 1_000n, interest: 80n })).toEqual({
      interest: 80n,
      principal: 20n,
    });
    expect(() => splitRepayment(1_081n, { principal: 1_000n, interest: 80n })).toThrow();
    expect(() => splitRepayment(0n, { principal: 1_000n, interest: 80n })).toThrow();
  });
});

describe("percent settings", () => {
  it("reads percentages with up to four decimals and writes them back without trailing zeros", () => {
    expect(percentToPpm("2.8")).toBe(28_000);
    expect(percentToPpm("6")).toBe(60_000);
    expect(percentToPpm("0.0001")).toBe(1);
    expect(ppmToPercent(28_000)).toBe("2.8");
    expect(ppmToPercent(60_000)).toBe("6");
    expect(ppmToPercent(1)).toBe("0.0001");
  });

  it("refuses what is not a percentage below 100", () => {
    for (const text of ["", "abc", "100", "2.80001", "-1", "1e2"]) expect(percentToPpm(text)).toBeUndefined();
  });
});
