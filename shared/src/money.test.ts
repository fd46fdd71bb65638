import { describe, expect, it } from "vitest";
import { decimalToMinor, minorToDecimal, parseCurrencyAmounts } from "./money.ts";

describe("money in minor units", () => {
  it("round-trips yen and dollars exactly", () => {
    expect(minorToDecimal(123456n, "USD")).toBe("1234.56");
    expect(minorToDecimal(-5n, "USD")).toBe("-0.05");
    expect(minorToDecimal(1500n, "JPY")).toBe("1500");
    expect(decimalToMinor("1234.56", "USD")).toBe(123456n);
    expect(decimalToMinor("0.1", "USD")).toBe(10n);
    expect(decimalToMinor("1500", "JPY")).toBe(1500n);
  });

  it("refuses amounts finer than the currency's minor unit, and non-numbers", () => {
    expect(decimalToMinor("1.5", "JPY")).toBeUndefined();
    expect(decimalToMinor("1.234", "USD")).toBeUndefined();
    expect(decimalToMinor("1e3", "USD")).toBeUndefined();
    expect(decimalToMinor("", "USD")).toBeUndefined();
  });
});

describe("parseCurrencyAmounts", () => {
  it("reads a setting's amount per currency in minor units", () => {
    expect(parseCurrencyAmounts("FOLLOW_MIN", "JPY:30000,USD:200.50")).toEqual(
      new Map([
        ["JPY", 30_000n],
        ["USD", 20_050n],
      ]),
    );
  });

  it("refuses, naming the setting, a currency the house does not hold, a bad amount or none", () => {
    expect(() => parseCurrencyAmounts("BLOCK_DAILY_LIMIT", "EUR:100")).toThrow(/BLOCK_DAILY_LIMIT/);
    expect(() => parseCurrencyAmounts("BLOCK_DAILY_LIMIT", "JPY:0.5")).toThrow(/not an amount of JPY/);
    expect(() => parseCurrencyAmounts("BLOCK_DAILY_LIMIT", "USD:0")).toThrow(/not an amount/);
  });
});
