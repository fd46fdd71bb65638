import { describe, expect, it } from "vitest";
import { decimalToMinor, minorToDecimal } from "./money.ts";

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
