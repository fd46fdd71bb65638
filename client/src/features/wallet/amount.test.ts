import { describe, expect, it } from "vitest";
import { amountError, amountForServer, normalizeAmount, parseAmount } from "./amount.ts";

describe("normalizeAmount: what a phone keyboard gives becomes plain digits", () => {
  it("turns full-width digits and points into ASCII", () => {
    expect(normalizeAmount("１２３４．５")).toBe("1234.5");
  });

  it("drops thousands separators and spaces", () => {
    expect(normalizeAmount(" 1,000,000 ")).toBe("1000000");
    expect(normalizeAmount("1，000")).toBe("1000");
  });
});

describe("parseAmount: a positive amount with no more decimals than the currency", () => {
  it("reads yen as whole units", () => {
    expect(parseAmount("10000", "JPY")).toBe(10000n);
    expect(parseAmount("１０，０００", "JPY")).toBe(10000n);
  });

  it("reads dollars in cents", () => {
    expect(parseAmount("12.34", "USD")).toBe(1234n);
    expect(parseAmount("12.3", "USD")).toBe(1230n);
    expect(parseAmount("12", "USD")).toBe(1200n);
  });

  it("refuses decimals the currency does not have", () => {
    expect(parseAmount("100.5", "JPY")).toBeUndefined();
    expect(parseAmount("1.234", "USD")).toBeUndefined();
  });

  it("refuses zero, negatives, text and empty input", () => {
    for (const text of ["0", "0.00", "-5", "abc", "", "1e5", "1.", ".5", "1.2.3"]) {
      expect(parseAmount(text, "USD"), text).toBeUndefined();
    }
  });

  it("refuses more whole digits than the server takes", () => {
    expect(parseAmount("1".repeat(15), "JPY")).toBe(BigInt("1".repeat(15)));
    expect(parseAmount("1".repeat(16), "JPY")).toBeUndefined();
  });
});

describe("amountError", () => {
  it("asks for a valid amount first", () => {
    expect(amountError("", "JPY", { min: 1000n })).toBe("AMOUNT_INVALID");
    expect(amountError("abc", "JPY")).toBe("AMOUNT_INVALID");
  });

  it("holds the amount between the minimum and the maximum, both included", () => {
    const bounds = { min: 1000n, max: 5000n };
    expect(amountError("999", "JPY", bounds)).toBe("AMOUNT_BELOW_MINIMUM");
    expect(amountError("1000", "JPY", bounds)).toBeUndefined();
    expect(amountError("5000", "JPY", bounds)).toBeUndefined();
    expect(amountError("5001", "JPY", bounds)).toBe("AMOUNT_ABOVE_MAXIMUM");
  });

  it("names what the maximum is when told", () => {
    expect(amountError("10.01", "USD", { max: 1000n, aboveCode: "INSUFFICIENT_WITHDRAWABLE" })).toBe(
      "INSUFFICIENT_WITHDRAWABLE",
    );
  });
});

describe("amountForServer", () => {
  it("writes minor units back as major units", () => {
    expect(amountForServer(1234n, "USD")).toBe("12.34");
    expect(amountForServer(10000n, "JPY")).toBe("10000");
  });
});
