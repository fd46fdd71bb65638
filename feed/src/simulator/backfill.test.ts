import { tradingDays } from "@kabuto/shared/market/calendar";
import { sessionWindows } from "@kabuto/shared/market/sessions";
import { describe, expect, it } from "vitest";
import { createCatalog } from "../catalog.ts";
import { backfillInstrument, firstStartAnchor, recentSessions, resumeFrom } from "./backfill.ts";
import type { SimInstrument } from "./instruments.ts";

const catalog = createCatalog();
const toyota = catalog.bySymbol.get("JP:7203") as SimInstrument;
const nowMs = Date.parse("2026-11-20T09:00:00Z"); // Friday, after the Tokyo close

function plan(instrument: SimInstrument) {
  const days = tradingDays(instrument.market, "2025-11-15", "2026-11-20");
  const regular = (date: string) =>
    sessionWindows(instrument.market, date).filter((window) => window.phase === "regular");
  return {
    dailyDates: days.slice(0, -5),
    minuteDays: days.slice(-5).map((date) => ({ date, windows: regular(date) })),
  };
}

describe("backfillInstrument", () => {
  const { bars, start } = backfillInstrument(toyota, "seed", plan(toyota), nowMs, firstStartAnchor(toyota));

  it("gives a year of daily bars and five sessions of minute bars inside the session windows", () => {
    expect(bars["1d"].length).toBeGreaterThanOrEqual(240);
    const minuteDays = plan(toyota).minuteDays;
    expect(bars["1m"]).toHaveLength(minuteDays.length * 330);
    const windows = minuteDays.flatMap((day) => day.windows);
    for (const bar of bars["1m"]) {
      expect(windows.some((window) => bar.t >= window.startMs && bar.t + 60_000 <= window.endMs)).toBe(true);
    }
  });

  it("ends at today's reference price on a first start, with consistent bars", () => {
    const lastClose = bars["1m"].at(-1)?.c as number;
    expect(Math.abs(lastClose - toyota.refUnits) / toyota.refUnits).toBeLessThan(0.005);
    expect(start.last).toBe(lastClose);
    for (const interval of ["1m", "5m", "1d", "1w", "1M"] as const) {
      for (const bar of bars[interval]) {
        expect(bar.h).toBeGreaterThanOrEqual(Math.max(bar.o, bar.c));
        expect(bar.l).toBeLessThanOrEqual(Math.min(bar.o, bar.c));
        expect(bar.v % 100).toBe(0);
      }
    }
  });

  it("aggregates coarser bars from finer ones: the day's volume is its minutes' volume", () => {
    const lastDay = bars["1d"].at(-1);
    const minutes = bars["1m"].filter((bar) => bar.t >= (lastDay?.t ?? 0));
    expect(lastDay?.v).toBe(minutes.reduce((sum, bar) => sum + bar.v, 0));
    expect(lastDay?.c).toBe(minutes.at(-1)?.c);
  });

  it("starts with the turnover of the same trades its volume counts: value per share inside the day's range", () => {
    const today = bars["1d"].at(-1) as (typeof bars)["1d"][number];
    const scale = toyota.grid.scale;
    expect(start.volume).toBe(today.v);
    expect(start.volume).toBeGreaterThan(0);
    const perShare = start.turnover / start.volume;
    expect(perShare).toBeGreaterThanOrEqual(today.l / scale);
    expect(perShare).toBeLessThanOrEqual(today.h / scale);
  });

  it("resumes a restart with turnover and volume from the same day's bar", () => {
    const today = bars["1d"].at(-1) as (typeof bars)["1d"][number];
    const yesterday = bars["1d"].at(-2) as (typeof bars)["1d"][number];
    const existing = new Map([["1d", today] as const]);
    const resumed = resumeFrom(toyota, [yesterday, today], existing);
    expect(resumed.tradingDate).toBe("2026-11-20");
    expect(resumed.volume).toBe(today.v);
    const perShare = resumed.turnover / resumed.volume;
    expect(perShare).toBeGreaterThanOrEqual(today.l / toyota.grid.scale);
    expect(perShare).toBeLessThanOrEqual(today.h / toyota.grid.scale);
  });

  it("is the same for the same seed", () => {
    const again = backfillInstrument(toyota, "seed", plan(toyota), nowMs, firstStartAnchor(toyota));
    expect(again.bars["1d"]).toEqual(bars["1d"]);
  });
});

describe("backfillInstrument for indices and FX", () => {
  const levels = catalog.simulated.filter((instrument) => instrument.kind !== "equity");

  it("ends where the path leads, not on the rounded reference, with the last month around it", () => {
    expect(levels.length).toBeGreaterThan(5);
    for (const instrument of levels) {
      const { bars, start } = backfillInstrument(
        instrument,
        "seed",
        plan(instrument),
        nowMs,
        firstStartAnchor(instrument),
      );
      const closes = bars["1d"].slice(-recentSessions).map((bar) => bar.c);
      const mean = closes.reduce((sum, close) => sum + close, 0) / closes.length;
      expect(start.last, instrument.symbol).not.toBe(instrument.refUnits);
      expect(Math.abs(mean / instrument.refUnits - 1), instrument.symbol).toBeLessThan(0.005);
    }
  });

  it("keeps a pegged rate inside its band through five years of history", () => {
    const hkd = catalog.bySymbol.get("FX:USDHKD") as SimInstrument;
    const band = hkd.band as { min: number; max: number };
    const days = tradingDays("US", "2021-11-15", "2026-11-20");
    const { bars } = backfillInstrument(
      hkd,
      "seed",
      { dailyDates: days, minuteDays: [] },
      nowMs,
      firstStartAnchor(hkd),
    );
    expect(bars["1d"].length).toBeGreaterThan(1_200);
    for (const bar of bars["1d"]) {
      expect(bar.h).toBeLessThanOrEqual(band.max);
      expect(bar.l).toBeGreaterThanOrEqual(band.min);
    }
  });
});
