import { describe, expect, it } from "vitest";
import { shiftDecimal } from "./decimal.ts";
import {
  formatAmount,
  formatChange,
  formatCompact,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRate,
  formatUnitPrice,
  formatVolume,
} from "./number.ts";

describe("shiftDecimal moves the point exactly", () => {
  it.each([
    ["1.23", -2, "0.0123"],
    ["123", -2, "1.23"],
    ["-1.5", -2, "-0.015"],
    ["0.5", 2, "50"],
    ["12", 3, "12000"],
    ["-0.00", 0, "0.00"],
    ["123456", 0, "123456"],
  ])("%s shifted by %i is %s", (value, places, expected) => {
    expect(shiftDecimal(value, places)).toBe(expected);
  });
});

describe("formatPrice shows every digit the wire sent, grouped per locale", () => {
  it("groups thousands and keeps the tick's decimals", () => {
    expect(formatPrice("2845.5", "ja")).toBe("2,845.5");
    expect(formatPrice("2845.50", "en")).toBe("2,845.50");
    expect(formatPrice("38123.45", "zh-Hant")).toBe("38,123.45");
  });

  it("pads to the market's fewest digits but never rounds the value's own", () => {
    expect(formatPrice("189", "en", { fractionDigits: 2 })).toBe("189.00");
    expect(formatPrice("189.125", "en", { fractionDigits: 2 })).toBe("189.125");
  });

  it("formats beyond float precision without loss", () => {
    expect(formatPrice("12345678901234567.123", "en")).toBe("12,345,678,901,234,567.123");
  });

  it.each(["", "abc", "1e5", "1.", ".5", "NaN", "1,000"])("gives empty text for non-numeric %j", (bad) => {
    expect(formatPrice(bad, "ja")).toBe("");
  });
});

describe("formatChange always shows the sign of a non-zero change", () => {
  it("prefixes rises with + and falls with -", () => {
    expect(formatChange("12.5", "ja")).toBe("+12.5");
    expect(formatChange("-3", "en", { fractionDigits: 1 })).toBe("-3.0");
  });

  it("shows no sign on zero, even a negative zero", () => {
    expect(formatChange("0", "en", { fractionDigits: 2 })).toBe("0.00");
    expect(formatChange("-0.0", "ja")).toBe("0.0");
  });

  it("rejects non-numeric input", () => {
    expect(formatChange("+", "ja")).toBe("");
  });
});

describe("formatPercent takes percent units", () => {
  it("shows two decimals and the sign", () => {
    expect(formatPercent("1.23", "ja")).toBe("+1.23%");
    expect(formatPercent("-0.5", "en")).toBe("-0.50%");
    expect(formatPercent("0", "zh-Hant")).toBe("0.00%");
  });

  it("rounds half away from zero at the second decimal, on the exact decimal", () => {
    expect(formatPercent("1.005", "en")).toBe("+1.01%");
  });

  it("rejects non-numeric input", () => {
    expect(formatPercent("1.2%", "en")).toBe("");
  });
});

describe("formatCompact uses each language's own units", () => {
  it("groups by 10^4 in Japanese (万, 億, 兆)", () => {
    expect(formatCompact(9999, "ja")).toBe("9,999");
    expect(formatCompact(12345, "ja")).toBe("1.23万");
    expect(formatCompact(1234567, "ja")).toBe("123.5万");
    expect(formatCompact(12345678, "ja")).toBe("1,235万");
    expect(formatCompact(123456789, "ja")).toBe("1.23億");
    expect(formatCompact(2.5e12, "ja")).toBe("2.50兆");
  });

  it("uses 萬 and 億 in Traditional Chinese", () => {
    expect(formatCompact(12345, "zh-Hant")).toBe("1.23萬");
    expect(formatCompact(987654321, "zh-Hant")).toBe("9.88億");
  });

  it("groups by 10^3 in English (K, M, B, T)", () => {
    expect(formatCompact(999, "en")).toBe("999");
    expect(formatCompact(12345, "en")).toBe("12.35K");
    expect(formatCompact(4567890, "en")).toBe("4.57M");
    expect(formatCompact(1.2e9, "en")).toBe("1.20B");
  });

  it("carries rounding into the next unit instead of showing 10,000万 or 1,000.0K", () => {
    expect(formatCompact(99_995_000, "ja")).toBe("1.00億");
    expect(formatCompact(999_960, "en")).toBe("1.00M");
  });

  it("keeps the sign of negative values", () => {
    expect(formatCompact(-12345, "ja")).toBe("-1.23万");
  });

  it("gives empty text for NaN and infinities", () => {
    expect(formatCompact(Number.NaN, "en")).toBe("");
    expect(formatCompact(Number.POSITIVE_INFINITY, "ja")).toBe("");
  });
});

describe("formatVolume counts every share, so volumes side by side read at one precision", () => {
  it("groups the whole count as the language writes it, at any size", () => {
    expect(formatVolume(8_670_000, "ja")).toBe("8,670,000");
    expect(formatVolume(20_690_000, "ja")).toBe("20,690,000");
    expect(formatVolume(12_300, "zh-Hant")).toBe("12,300");
    expect(formatVolume(999, "en")).toBe("999");
    expect(formatVolume(0, "en")).toBe("0");
  });

  it("never shows a unit whose decimals change with the size (867.0万 beside 2,069万)", () => {
    const shown = [8_670_000, 20_690_000, 123_456_789].map((shares) => formatVolume(shares, "ja"));
    expect(shown.every((text) => /^\d{1,3}(,\d{3})*$/.test(text))).toBe(true);
  });

  it("gives empty text for NaN and infinities", () => {
    expect(formatVolume(Number.NaN, "ja")).toBe("");
    expect(formatVolume(Number.POSITIVE_INFINITY, "en")).toBe("");
  });
});

describe("formatRate shows an exchange rate at a precision a member can read", () => {
  it("keeps four decimals where one unit buys one or more of the other", () => {
    expect(formatRate("147.24263", "ja")).toBe("147.2426");
    expect(formatRate("150", "en")).toBe("150.0000");
    expect(formatRate("1.0842317", "zh-Hant")).toBe("1.0842");
  });

  it("keeps four significant digits where one unit buys less than one", () => {
    expect(formatRate("0.0067908319", "ja")).toBe("0.006791");
    expect(formatRate("0.00072600012", "en")).toBe("0.0007260");
    expect(formatRate("0.5", "en")).toBe("0.5000");
  });

  it("rounds the exact decimal, beyond a float's digits, and groups thousands", () => {
    expect(formatRate("1234.56785000000000001", "en")).toBe("1,234.5679");
  });

  it.each(["", "abc", "-1.5", "1e3", "1,000"])("gives empty text for %j", (bad) => {
    expect(formatRate(bad, "ja")).toBe("");
  });
});

describe("formatUnitPrice writes a price per share as money beside it reads", () => {
  it("puts the currency's symbol where the language puts it", () => {
    expect(formatUnitPrice("1600", "JPY", "ja")).toBe("￥1,600");
    expect(formatUnitPrice("1.78", "USD", "ja")).toBe("$1.78");
    expect(formatUnitPrice("1.78", "USD", "zh-Hant")).toBe("US$1.78");
    expect(formatUnitPrice("2009", "JPY", "en")).toBe("¥2,009");
  });

  it("keeps every digit of the price and at least the currency's minor digits", () => {
    expect(formatUnitPrice("97.8", "JPY", "ja")).toBe("￥97.8");
    expect(formatUnitPrice("1.5", "USD", "en")).toBe("$1.50");
    expect(formatUnitPrice("0.4025", "USD", "en")).toBe("$0.4025");
  });

  it.each(["", "1,600", "1e3", "JPY 1600"])("gives empty text for %j", (bad) => {
    expect(formatUnitPrice(bad, "JPY", "ja")).toBe("");
  });
});

describe("formatMoney reads integer minor units of the currency", () => {
  it("shows yen without decimals and dollars with two", () => {
    expect(formatMoney(1500n, "JPY", "ja")).toBe("￥1,500");
    expect(formatMoney("123456", "USD", "en")).toBe("$1,234.56");
    expect(formatMoney(-5n, "USD", "en")).toBe("-$0.05");
  });

  it("marks US dollars as US$ in Taiwan", () => {
    expect(formatMoney(100n, "USD", "zh-Hant")).toBe("US$1.00");
  });

  it("is exact beyond 2^53 minor units", () => {
    expect(formatMoney(9007199254740993n, "USD", "en")).toBe("$90,071,992,547,409.93");
  });

  it("has a compact form with the currency symbol", () => {
    expect(formatMoney(12_345_678_900n, "JPY", "ja", { compact: true })).toBe("￥123.5億");
    expect(formatMoney(456_789_000n, "USD", "en", { compact: true })).toBe("$4.57M");
    expect(formatMoney(-1_000_000n, "JPY", "zh-Hant", { compact: true })).toBe("-¥100.0萬");
  });

  it("rejects amounts that are not whole minor units", () => {
    expect(formatMoney("12.5", "JPY", "ja")).toBe("");
    expect(formatMoney("", "USD", "en")).toBe("");
  });
});

describe("formatAmount reads plain currency units", () => {
  it("formats display-only amounts such as turnover", () => {
    expect(formatAmount(1234.5, "USD", "en")).toBe("$1,234.50");
    expect(formatAmount(123_456_789, "JPY", "ja", { compact: true })).toBe("￥1.23億");
    expect(formatAmount("99", "JPY", "en")).toBe("¥99");
  });

  it("gives empty text for non-finite or non-numeric amounts", () => {
    expect(formatAmount(Number.NaN, "JPY", "ja")).toBe("");
    expect(formatAmount("1e3", "USD", "en")).toBe("");
  });
});

describe("formatNumber groups a plain number as the language writes it", () => {
  it("groups counts and keeps at most the decimals asked for", () => {
    expect(formatNumber(8000, "ja")).toBe("8,000");
    expect(formatNumber(15_000, "zh-Hant")).toBe("15,000");
    expect(formatNumber(8.333, "en", 1)).toBe("8.3");
    expect(formatNumber(Number.NaN, "en")).toBe("");
  });
});
