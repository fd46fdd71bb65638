import { describe, expect, it } from "vitest";
import { formatClock, formatDate, formatDateTime, formatDuration, zoneOffsetMs } from "./time.ts";

describe("zoneOffsetMs", () => {
  it("is nine hours in Tokyo all year", () => {
    expect(zoneOffsetMs("Asia/Tokyo", Date.UTC(2025, 0, 6, 0, 0))).toBe(9 * 3_600_000);
    expect(zoneOffsetMs("Asia/Tokyo", Date.UTC(2025, 6, 1, 12, 30, 15, 999))).toBe(9 * 3_600_000);
  });

  it("follows New York's summer time", () => {
    expect(zoneOffsetMs("America/New_York", Date.UTC(2025, 0, 6, 15))).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs("America/New_York", Date.UTC(2025, 6, 1, 15))).toBe(-4 * 3_600_000);
  });

  it("changes exactly at the switch to summer time (2025-03-09 07:00 UTC)", () => {
    const switchMs = Date.UTC(2025, 2, 9, 7);
    expect(zoneOffsetMs("America/New_York", switchMs - 1)).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs("America/New_York", switchMs)).toBe(-4 * 3_600_000);
  });

  it("handles instants before 1970", () => {
    expect(zoneOffsetMs("UTC", -1)).toBe(0);
  });
});

describe("exchange clock and date", () => {
  const tokyoOpen = Date.UTC(2025, 0, 6, 0, 0, 5);

  it("shows the exchange's wall clock", () => {
    expect(formatClock(tokyoOpen, "ja", "Asia/Tokyo")).toBe("09:00:05");
    expect(formatClock(tokyoOpen, "en", "America/New_York")).toBe("19:00:05");
  });

  it("shows the exchange's date", () => {
    expect(formatDate(tokyoOpen, "ja", "Asia/Tokyo")).toBe("2025/01/06");
    expect(formatDate(tokyoOpen, "en", "America/New_York")).toBe("01/05/2025");
  });

  it("gives empty text for an invalid instant", () => {
    expect(formatClock(Number.NaN, "ja", "Asia/Tokyo")).toBe("");
  });
});

describe("exchange date and clock together", () => {
  const tokyoOpen = Date.UTC(2025, 0, 6, 0, 0, 5);

  it("joins the date and the clock with a space", () => {
    expect(formatDateTime(tokyoOpen, "ja", "Asia/Tokyo")).toBe("2025/01/06 09:00:05");
    expect(formatDateTime(tokyoOpen, "en", "America/New_York")).toBe("01/05/2025 19:00:05");
    expect(formatDateTime(tokyoOpen, "zh-Hant", "Asia/Tokyo")).toBe("2025/01/06 09:00:05");
  });

  it("stops at the minute when seconds are left out", () => {
    expect(formatDateTime(tokyoOpen, "ja", "Asia/Tokyo", { seconds: false })).toBe("2025/01/06 09:00");
    expect(formatClock(tokyoOpen, "en", "Asia/Tokyo", { seconds: false })).toBe("09:00");
  });

  it("gives empty text for an invalid instant", () => {
    expect(formatDateTime(Number.NaN, "ja", "Asia/Tokyo")).toBe("");
  });
});

describe("formatDuration: a holding time in the reader's words", () => {
  const dayMs = 86_400_000;

  it("writes days in each language's own unit, to a tenth", () => {
    expect(formatDuration(31.2 * dayMs, "en")).toBe("31.2 days");
    expect(formatDuration(31.2 * dayMs, "ja")).toBe("31.2 日");
    expect(formatDuration(31.2 * dayMs, "zh-Hant")).toBe("31.2 天");
    expect(formatDuration(dayMs, "en")).toBe("1 day");
  });

  it("writes hours below a day, and nothing as zero hours", () => {
    expect(formatDuration(5.5 * 3_600_000, "en")).toBe("5.5 hours");
    expect(formatDuration(5.5 * 3_600_000, "ja")).toBe("5.5 時間");
    expect(formatDuration(5.5 * 3_600_000, "zh-Hant")).toBe("5.5 小時");
    expect(formatDuration(0, "en")).toBe("0 hours");
  });
});
