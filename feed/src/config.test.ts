import { tradingDays } from "@kabuto/shared/market/calendar";
import { addDays } from "@kabuto/shared/market/iso-date";
import { sessionWindows } from "@kabuto/shared/market/sessions";
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

  it("names the setting it rejects", () => {
    expect(() => loadFeedConfig({ FEED_HISTORY_DAYS: "3" })).toThrow(/FEED_HISTORY_DAYS/);
  });
});
