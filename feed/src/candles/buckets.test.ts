import { describe, expect, it } from "vitest";
import { aggregate, bucketStart, valueTraded } from "./buckets.ts";

const tokyo = "Asia/Tokyo";
const newYork = "America/New_York";

describe("bucketStart", () => {
  it("puts a Tokyo trade at 09:07 JST into the 09:05 five-minute bucket", () => {
    const trade = Date.parse("2026-11-20T00:07:30Z"); // 09:07:30 JST
    expect(bucketStart("5m", tokyo, trade)).toBe(Date.parse("2026-11-20T00:05:00Z"));
    expect(bucketStart("30m", tokyo, trade)).toBe(Date.parse("2026-11-20T00:00:00Z"));
  });

  it("starts a Tokyo day at local midnight, not UTC midnight", () => {
    const trade = Date.parse("2026-11-20T05:00:00Z"); // 14:00 JST
    expect(bucketStart("1d", tokyo, trade)).toBe(Date.parse("2026-11-19T15:00:00Z"));
  });

  it("starts New York days at local midnight on both sides of the DST change", () => {
    const summer = Date.parse("2026-10-30T14:00:00Z");
    const winter = Date.parse("2026-11-02T15:00:00Z");
    expect(bucketStart("1d", newYork, summer)).toBe(Date.parse("2026-10-30T04:00:00Z"));
    expect(bucketStart("1d", newYork, winter)).toBe(Date.parse("2026-11-02T05:00:00Z"));
  });

  it("starts weeks on Monday and months on the first, in the exchange zone", () => {
    const friday = Date.parse("2026-11-20T05:00:00Z");
    expect(bucketStart("1w", tokyo, friday)).toBe(Date.parse("2026-11-15T15:00:00Z"));
    expect(bucketStart("1M", tokyo, friday)).toBe(Date.parse("2026-10-31T15:00:00Z"));
    // Sunday in New York belongs to the week that began the Monday before.
    const sunday = Date.parse("2026-11-22T18:00:00Z");
    expect(bucketStart("1w", newYork, sunday)).toBe(Date.parse("2026-11-16T05:00:00Z"));
  });
});

describe("aggregate", () => {
  it("keeps first open, last close, extreme high and low and summed volume", () => {
    const start = Date.parse("2026-11-20T00:00:00Z");
    const bars = [0, 1, 2, 3, 4, 5].map((minute) => ({
      t: start + minute * 60_000,
      o: 100 + minute,
      h: 110 + (minute === 2 ? 50 : minute),
      l: 90 - (minute === 3 ? 40 : minute),
      c: 101 + minute,
      v: 100,
    }));
    const fives = aggregate(bars, "5m", tokyo);
    expect(fives).toHaveLength(2);
    expect(fives[0]).toEqual({ t: start, o: 100, h: 160, l: 50, c: 105, v: 500 });
    expect(fives[1]).toEqual({ t: start + 300_000, o: 105, h: 115, l: 85, c: 106, v: 100 });
  });
});

describe("valueTraded", () => {
  it("prices each bar's volume at its typical price, in currency units", () => {
    const bars = [
      { t: 0, o: 26_400, h: 26_500, l: 26_300, c: 26_400, v: 1_000 },
      { t: 60_000, o: 26_400, h: 26_400, l: 26_400, c: 26_400, v: 0 },
    ];
    expect(valueTraded(bars, 10)).toBe(2_640 * 1_000);
    expect(valueTraded([], 10)).toBe(0);
  });
});
