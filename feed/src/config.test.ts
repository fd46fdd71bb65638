import { tradingDays } from "@kabuto/shared/market/calendar";
import { addDays } from "@kabuto/shared/market/iso-date";
import { sessionWindows } from "@kabuto/shared/market/sessions";
import { defaultPtsHours } from "@kabuto/shared/market/venues";
import { describe, expect, it } from "vitest";
import { createCatalog } from "./catalog.ts";
import { loadFeedConfig } from "./config.ts";
import { backfillInstrument, firstStartAnchor } from "./simulator/backfill.ts";
import type { SimInstrument } from "./simulator/instruments.ts";

describe("loadFeedConfig", () => {
  it("back-fills years of daily bars by default, so weekly and monthly charts have something to show", () => {
    const config = loadFeedConfig({});
    const toyota = createCatalog().bySymbol.get("JP:7203") as SimInstrument;
    const today = "2026-11-20";
    const days = tradingDays("JP", addDays(today, -config.FEED_HISTORY_DAYS), today);
    const minuteDates = days.slice(-config.FEED_MINUTE_SESSIONS);
    const plan = {
      dailyDates: days.slice(0, -minuteDates.length),
      minuteDays: minuteDates.map((date) => ({
        date,
        windows: sessionWindows("JP", date).filter((window) => window.phase === "regular"),
      })),
    };
    const nowMs = Date.parse("2026-11-20T09:00:00Z");
    const { bars } = backfillInstrument(toyota, "seed", plan, nowMs, firstStartAnchor(toyota));
    // Five years: some sixty monthly and 260 weekly candles.
    expect(bars["1M"].length).toBeGreaterThanOrEqual(60);
    expect(bars["1w"].length).toBeGreaterThanOrEqual(260);
    // Minute bars, the bulk of the rows, stay at a few sessions.
    expect(config.FEED_MINUTE_SESSIONS).toBeLessThanOrEqual(5);
  });

  it("reads the PTS's hours, J-Market's by default, and refuses hours it cannot read", () => {
    expect(loadFeedConfig({}).ptsHours).toEqual(defaultPtsHours);
    expect(loadFeedConfig({ PTS_DAY_HOURS: "08:00-15:45", PTS_NIGHT_HOURS: "17:00-23:30" }).ptsHours).toEqual(
      {
        day: { from: [8, 0], to: [15, 45] },
        night: { from: [17, 0], to: [23, 30] },
      },
    );
    expect(() => loadFeedConfig({ PTS_DAY_HOURS: "8:20-16:00" })).toThrow(/PTS_DAY_HOURS/);
    expect(() => loadFeedConfig({ PTS_NIGHT_HOURS: "23:59-16:30" })).toThrow(/PTS_NIGHT_HOURS/);
    expect(() => loadFeedConfig({ PTS_DAY_HOURS: "08:20-17:00" })).toThrow(/PTS_NIGHT_HOURS/);
  });

  it("names the setting it rejects", () => {
    expect(() => loadFeedConfig({ FEED_HISTORY_DAYS: "3" })).toThrow(/FEED_HISTORY_DAYS/);
  });
});
