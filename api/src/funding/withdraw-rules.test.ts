import { describe, expect, it } from "vitest";
import {
  markNotional,
  parseWithdrawMinimums,
  uncoveredLoss,
  withdrawableAmount,
  withdrawMinimum,
} from "./withdraw-rules.ts";

describe("withdrawal minimums", () => {
  it("are read in major units and kept in minor units", () => {
    const minimums = parseWithdrawMinimums("JPY:1000,USD:10.5");
    expect(withdrawMinimum(minimums, "JPY")).toBe(1_000n);
    expect(withdrawMinimum(minimums, "USD")).toBe(1_050n);
  });

  it("are one major unit for a currency the configuration does not list", () => {
    const minimums = parseWithdrawMinimums("JPY:1000");
    expect(withdrawMinimum(minimums, "TWD")).toBe(100n);
    expect(withdrawMinimum(minimums, "KRW")).toBe(1n);
  });

  it("refuse unknown currencies, zero, and decimals the currency does not have", () => {
    expect(() => parseWithdrawMinimums("XXX:10")).toThrow();
    expect(() => parseWithdrawMinimums("JPY:0")).toThrow();
    expect(() => parseWithdrawMinimums("JPY:10.5")).toThrow();
  });
});

describe("uncovered loss", () => {
  // 100 Toyota bought at 2,000 yen with 200,000 notional and 100,000 margin posted (2×).
  const long = { side: "long" as const, quantity: 100, openNotional: 200_000n, margin: 100_000n };

  it("is zero while the margin covers the loss, and so for any profit", () => {
    expect(uncoveredLoss(long, 150_000n)).toBe(0n);
    expect(uncoveredLoss(long, 100_000n)).toBe(0n);
    expect(uncoveredLoss(long, 250_000n)).toBe(0n);
  });

  it("is the loss beyond the posted margin", () => {
    expect(uncoveredLoss(long, 70_000n)).toBe(30_000n);
  });

  it("counts a short's loss when the price rises", () => {
    const short = { ...long, side: "short" as const };
    expect(uncoveredLoss(short, 330_000n)).toBe(30_000n);
    expect(uncoveredLoss(short, 170_000n)).toBe(0n);
  });

  it("marks positions at the quote in minor units", () => {
    expect(markNotional("JP", 100, "2650.5")).toBe(265_050n);
    expect(markNotional("US", 3, "200.10")).toBe(60_030n);
    expect(markNotional("JP", 100, "not a price")).toBeUndefined();
  });
});

describe("withdrawable", () => {
  it("is available less uncovered losses and loans, never below zero", () => {
    expect(withdrawableAmount(100_000n, 30_000n, 0n, 0n)).toBe(70_000n);
    expect(withdrawableAmount(100_000n, 80_000n, 30_000n, 0n)).toBe(0n);
    // A debt to the house is paid before anything leaves.
    expect(withdrawableAmount(100_000n, 0n, 0n, 40_000n)).toBe(60_000n);
    expect(withdrawableAmount(100_000n, 30_000n, 0n, 90_000n)).toBe(0n);
  });
});
