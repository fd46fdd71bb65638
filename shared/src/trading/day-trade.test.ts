import { describe, expect, it } from "vitest";
import { sessionWindows } from "../market/sessions.ts";
import {
  dayTradeBuyingPower,
  dayTradeCutoffMs,
  dayTradeLeverage,
  dayTradeOpenAllowed,
  dayTradeOpeningCosts,
  defaultDayTradeTerms,
  estimateDayTrade,
} from "./day-trade.ts";
import { dayTradeCases } from "./order-cases.ts";

describe("the day-trade estimate runs the server's cases", () => {
  it.each(dayTradeCases)("$name", ({ input, expected }) => {
    expect(estimateDayTrade(input)).toEqual(expected);
  });
});

describe("day-trade leverage and buying power", () => {
  it("gives 3.3× for Japan's 30% and 4× for the US 25%", () => {
    expect(dayTradeLeverage(defaultDayTradeTerms.JP.marginPct)).toBe(3.3);
    expect(dayTradeLeverage(defaultDayTradeTerms.US.marginPct)).toBe(4);
  });

  it("buying power is the largest notional the cash covers, margin and commission", () => {
    const terms = { marginPct: 30, feePpm: 500 };
    const power = dayTradeBuyingPower(1_000_000n, terms);
    const cost = (n: bigint) => {
      const { margin, fee } = dayTradeOpeningCosts(n, terms);
      return margin + fee;
    };
    expect(cost(power)).toBeLessThanOrEqual(1_000_000n);
    expect(cost(power + 1n)).toBeGreaterThan(1_000_000n);
    expect(dayTradeBuyingPower(300_000n, defaultDayTradeTerms.JP)).toBe(1_000_000n);
    expect(dayTradeBuyingPower(0n, defaultDayTradeTerms.JP)).toBe(0n);
  });
});

describe("the cut-off", () => {
  // Thursday 26 November 2026, a TSE business day: the afternoon session ends at 15:30 (06:30 UTC).
  const close = Date.UTC(2026, 10, 26, 6, 30);

  it("falls the set minutes before the last regular session's end", () => {
    const morning = Date.UTC(2026, 10, 26, 1, 0);
    const windows = sessionWindows("JP", "2026-11-26");
    expect(windows.at(-1)?.endMs).toBe(close);
    expect(dayTradeCutoffMs("JP", morning, { cutoffMinutes: 5 })).toBe(close - 5 * 60_000);
    expect(dayTradeOpenAllowed("JP", close - 5 * 60_000 - 1, { cutoffMinutes: 5 })).toBe(true);
    expect(dayTradeOpenAllowed("JP", close - 5 * 60_000, { cutoffMinutes: 5 })).toBe(false);
  });

  it("is undefined on a day the market does not trade, where nothing opens", () => {
    const sunday = Date.UTC(2026, 10, 29, 3, 0);
    expect(dayTradeCutoffMs("JP", sunday, { cutoffMinutes: 5 })).toBeUndefined();
    expect(dayTradeOpenAllowed("JP", sunday, { cutoffMinutes: 5 })).toBe(false);
  });

  it("around the clock, falls before the exchange zone's midnight", () => {
    // 26 November 23:55 in Tokyo is 14:55 UTC.
    expect(dayTradeCutoffMs("JP", close, { cutoffMinutes: 5, alwaysOpen: true })).toBe(
      Date.UTC(2026, 10, 26, 14, 55),
    );
  });
});
