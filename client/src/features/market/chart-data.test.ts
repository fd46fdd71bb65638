import type { Candle } from "@kabuto/shared/protocol/market-data";
import { describe, expect, it } from "vitest";
import { chartTime, isIntraday, liveCandlePlacement, mergeCandles, toBar, toVolume } from "./chart-data.ts";

const candle = (t: number, c = "100", o = "99"): Candle => ({ t, o, h: "101", l: "98", c, v: 500 });

describe("chartTime converts epoch ms to the exchange's wall clock in seconds", () => {
  it("puts Tokyo's 09:00 open at 09:00 on the chart", () => {
    const open = Date.UTC(2025, 0, 6, 0, 0); // 09:00 JST
    expect(chartTime(open, "Asia/Tokyo")).toBe(Date.UTC(2025, 0, 6, 9, 0) / 1000);
  });

  it("puts New York's 09:30 open at 09:30 in winter and in summer", () => {
    expect(chartTime(Date.UTC(2025, 0, 6, 14, 30), "America/New_York")).toBe(
      Date.UTC(2025, 0, 6, 9, 30) / 1000,
    );
    expect(chartTime(Date.UTC(2025, 6, 7, 13, 30), "America/New_York")).toBe(
      Date.UTC(2025, 6, 7, 9, 30) / 1000,
    );
  });

  it("puts a daily bucket (00:00 in the exchange zone) on its exchange date", () => {
    const tokyoMidnight = Date.UTC(2025, 0, 5, 15, 0); // 2025-01-06 00:00 JST
    expect(chartTime(tokyoMidnight, "Asia/Tokyo")).toBe(Date.UTC(2025, 0, 6) / 1000);
  });

  it("drops milliseconds: the chart counts whole seconds", () => {
    expect(Number.isInteger(chartTime(Date.UTC(2025, 0, 6, 0, 0, 0, 999), "Asia/Tokyo"))).toBe(true);
  });
});

describe("bars", () => {
  it("parses decimal strings only here, for drawing", () => {
    expect(toBar(candle(Date.UTC(2025, 0, 6)), "UTC")).toEqual({
      time: Date.UTC(2025, 0, 6) / 1000,
      open: 99,
      high: 101,
      low: 98,
      close: 100,
    });
  });

  it("colours volume by the candle's own direction", () => {
    expect(toVolume(candle(0, "100", "99"), "UTC").rising).toBe(true);
    expect(toVolume(candle(0, "98", "99"), "UTC").rising).toBe(false);
  });

  it("knows the intraday intervals", () => {
    expect(["1m", "5m", "10m", "30m"].every((i) => isIntraday(i as "1m"))).toBe(true);
    expect(isIntraday("1d") || isIntraday("1w") || isIntraday("1M")).toBe(false);
  });
});

describe("mergeCandles", () => {
  it("sorts ascending and lets the newer copy of a bucket win", () => {
    const merged = mergeCandles([candle(2000), candle(1000)], [candle(2000, "105"), candle(3000)]);
    expect(merged.map((c) => c.t)).toEqual([1000, 2000, 3000]);
    expect(merged[1]?.c).toBe("105");
  });

  it("handles empty inputs", () => {
    expect(mergeCandles([], [])).toEqual([]);
  });
});

describe("liveCandlePlacement", () => {
  const history = [candle(1000), candle(2000)];

  it("replaces the current bucket", () => {
    expect(liveCandlePlacement(history, candle(2000))).toBe("replace");
  });

  it("appends a new bucket", () => {
    expect(liveCandlePlacement(history, candle(3000))).toBe("append");
    expect(liveCandlePlacement([], candle(3000))).toBe("append");
  });

  it("ignores a bucket older than the last bar, which the chart would refuse", () => {
    expect(liveCandlePlacement(history, candle(1000))).toBe("ignore");
  });
});
