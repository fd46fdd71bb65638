import { describe, expect, it } from "vitest";
import { isCurrency, parseAdjustment } from "./adjustment-rules.ts";

describe("an adjustment is a signed, non-zero amount in the currency's own units", () => {
  it("reads credits and debits in major units", () => {
    expect(parseAdjustment("1500", "JPY")).toEqual({ ok: true, minor: 1500n });
    expect(parseAdjustment("-1500", "JPY")).toEqual({ ok: true, minor: -1500n });
    expect(parseAdjustment("+12.34", "USD")).toEqual({ ok: true, minor: 1234n });
    expect(parseAdjustment(" -0.5 ", "USD")).toEqual({ ok: true, minor: -50n });
  });

  it("refuses zero, in every spelling", () => {
    for (const text of ["0", "-0", "0.00", "+0"]) expect(parseAdjustment(text, "USD").ok).toBe(false);
  });

  it("refuses more decimals than the currency has", () => {
    expect(parseAdjustment("10.5", "JPY").ok).toBe(false);
    expect(parseAdjustment("1.234", "USD").ok).toBe(false);
  });

  it("refuses what is not a plain number", () => {
    for (const text of ["", "abc", "1,000", "1e3", "--5", "12.", ".5", "1".repeat(16)]) {
      expect(parseAdjustment(text, "JPY")).toEqual({ ok: false, error: "AMOUNT_INVALID" });
    }
  });
});

describe("currencies are the ledger's closed list", () => {
  it("knows the spec's currencies and nothing else", () => {
    expect(isCurrency("JPY")).toBe(true);
    expect(isCurrency("INR")).toBe(true);
    expect(isCurrency("EUR")).toBe(false);
    expect(isCurrency("jpy")).toBe(false);
  });
});
