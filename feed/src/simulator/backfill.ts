import { ensureDefined } from "@kabuto/shared/market/assert";
import { marketDate } from "@kabuto/shared/market/calendar";
import type { UnitCandle } from "@kabuto/shared/market/catalog";
import { isoDateParts } from "@kabuto/shared/market/iso-date";
import type { CandleInterval } from "@kabuto/shared/protocol/market-data";
import { candleIntervals } from "@kabuto/shared/protocol/market-data";
import { aggregate, bucketStart, valueTraded } from "../candles/buckets.ts";
import { clampToBand, type SimInstrument } from "./instruments.ts";
import { createRandom } from "./prng.ts";
import type { StartState } from "./simulator.ts";
import { intensity } from "./volume-profile.ts";

/** What to fill: whole-day bars for `dailyDates`, minute bars inside each of `minuteDays`' windows. */
export interface BackfillPlan {
  /** Exchange dates (YYYY-MM-DD), oldest first, that get a daily bar only. */
  dailyDates: readonly string[];
  /** The most recent sessions, oldest first, that get minute bars (up to `nowMs`). */
  minuteDays: readonly { date: string; windows: readonly { startMs: number; endMs: number }[] }[];
}

export interface BackfillResult {
  bars: Record<CandleInterval, UnitCandle[]>;
  start: StartState;
}

const minuteMs = 60_000;
const tradingYearMs = 252 * 6.5 * 3_600_000;

/**
 * Where a back-filled path is placed. `end`: it ends at `units` (a stock's first start: its
 * reference is a price it really traded at today). `recent`: its last `recentSessions` closes
 * average `units`, and it ends wherever its last steps lead (an index's or a rate's first
 * start: their references are rounded levels that a real close almost never sits on).
 * `start`: it begins there (filling a gap after the last persisted close).
 */
export interface BackfillAnchor {
  units: number;
  at: "start" | "end" | "recent";
}

/** About a month of sessions: long enough that the closing level is the path's, not the reference's. */
export const recentSessions = 20;

/** How a first start places an instrument's history: see `BackfillAnchor`. */
export function firstStartAnchor(instrument: SimInstrument): BackfillAnchor {
  return { units: instrument.refUnits, at: instrument.kind === "equity" ? "end" : "recent" };
}

/**
 * History for one instrument. Log returns are drawn first, then the whole path is placed
 * against the anchor (see `BackfillAnchor`).
 */
export function backfillInstrument(
  instrument: SimInstrument,
  seed: string,
  plan: BackfillPlan,
  nowMs: number,
  anchor: BackfillAnchor,
): BackfillResult {
  const rng = createRandom(`${seed}/backfill/${instrument.symbol}/${plan.dailyDates[0] ?? ""}`);
  const dailySigma = instrument.annualVol / Math.sqrt(252);
  const minuteSigma = instrument.annualVol * Math.sqrt(minuteMs / tradingYearMs);
  const dailyReturns = plan.dailyDates.map(() => dailySigma * rng.normal());
  const minuteReturns = plan.minuteDays.map((day) => {
    const gap = dailySigma * 0.3 * rng.normal();
    const minutes = minutesOf(day.windows, nowMs).map(() => minuteSigma * rng.normal());
    return { gap, minutes };
  });
  const sessionReturns = [
    ...dailyReturns,
    ...minuteReturns.map((day) => day.gap + day.minutes.reduce((sum, r) => sum + r, 0)),
  ];
  // A pegged rate sits at the edge of its band while the market leans on it, as HKD did.
  const inBand = (log: number) => Math.log(clampToBand(instrument, Math.exp(log)));
  let logPrice = inBand(Math.log(anchor.units) - anchorOffset(sessionReturns, anchor.at));
  const { grid, zone } = instrument;
  const lot = instrument.lot;
  const daily: UnitCandle[] = [];
  let prevClose = grid.round(Math.exp(logPrice));

  plan.dailyDates.forEach((date, index) => {
    const open = Math.exp(logPrice + dailySigma * 0.25 * rng.normal());
    logPrice = inBand(logPrice + ensureDefined(dailyReturns[index], "a daily return"));
    const close = Math.exp(logPrice);
    const spread = Math.abs(dailySigma * 0.6 * rng.normal());
    const bar = roundBar(instrument, prevClose, {
      t: localMidnight(date, zone),
      o: open,
      h: Math.max(open, close) * Math.exp(spread),
      l: Math.min(open, close) * Math.exp(-spread),
      c: close,
      v: lot === 0 ? 0 : roundLots(instrument.avgDailyVolume * Math.exp(0.35 * rng.normal() - 0.06), lot),
    });
    daily.push(bar);
    prevClose = bar.c;
  });

  const minuteBars: UnitCandle[] = [];
  plan.minuteDays.forEach((day, dayIndex) => {
    const returns = ensureDefined(minuteReturns[dayIndex], "a day's minute returns");
    logPrice = inBand(logPrice + returns.gap);
    const starts = minutesOf(day.windows, nowMs);
    const dayVolume = lot === 0 ? 0 : instrument.avgDailyVolume * Math.exp(0.35 * rng.normal() - 0.06);
    const weights = starts.map((_, index) => intensity("regular", index / Math.max(1, starts.length - 1)));
    const weightSum = weights.reduce((sum, w) => sum + w, 0) || 1;
    const dayBars: UnitCandle[] = [];
    starts.forEach((t, index) => {
      const open = Math.exp(logPrice);
      logPrice = inBand(logPrice + ensureDefined(returns.minutes[index], "a minute return"));
      const close = Math.exp(logPrice);
      const wick = Math.abs(minuteSigma * 0.5 * rng.normal());
      dayBars.push(
        roundBar(instrument, prevClose, {
          t,
          o: open,
          h: Math.max(open, close) * Math.exp(wick),
          l: Math.min(open, close) * Math.exp(-wick),
          c: close,
          v:
            lot === 0
              ? 0
              : roundLots((dayVolume * ensureDefined(weights[index], "a minute weight")) / weightSum, lot),
        }),
      );
    });
    if (dayBars.length === 0) return;
    minuteBars.push(...dayBars);
    const dayBar = ensureDefined(aggregate(dayBars, "1d", zone)[0], "the day's bar");
    daily.push(dayBar);
    prevClose = dayBar.c;
  });

  const bars: Record<CandleInterval, UnitCandle[]> = {
    "1m": minuteBars,
    "5m": aggregate(minuteBars, "5m", zone),
    "10m": aggregate(minuteBars, "10m", zone),
    "30m": aggregate(minuteBars, "30m", zone),
    "1d": daily,
    "1w": aggregate(daily, "1w", zone),
    "1M": aggregate(daily, "1M", zone),
  };
  return { bars, start: startFrom(instrument, bars, plan) };
}

function startFrom(
  instrument: SimInstrument,
  bars: Record<CandleInterval, UnitCandle[]>,
  plan: BackfillPlan,
): StartState {
  const days = bars["1d"];
  const today = ensureDefined(days.at(-1), "the last day's bar");
  // The day's minute bars where it has them: their typical prices follow the day's path.
  const todayMinutes = bars["1m"].filter((bar) => bar.t >= today.t);
  const yesterday = days.at(-2) ?? today;
  const lastMinute = bars["1m"].at(-1);
  const candles: StartState["candles"] = {};
  for (const interval of candleIntervals) {
    const last = bars[interval].at(-1);
    if (last) candles[interval] = { ...last };
  }
  const lastDate = plan.minuteDays.at(-1)?.date ?? plan.dailyDates.at(-1) ?? "";
  return {
    last: today.c,
    prevClose: yesterday.c,
    open: today.o,
    high: today.h,
    low: today.l,
    volume: today.v,
    turnover: valueTraded(todayMinutes.length > 0 ? todayMinutes : [today], instrument.grid.scale),
    tradingDate: lastDate,
    tradeMs: lastMinute ? lastMinute.t + minuteMs - 1 : today.t,
    candles,
  };
}

/** The log distance from the path's start to its anchored point, from each session's return. */
function anchorOffset(sessionReturns: readonly number[], at: BackfillAnchor["at"]): number {
  if (at === "start") return 0;
  // Closes relative to the start: closes[i] is the log level after session i.
  const closes: number[] = [];
  let level = 0;
  for (const r of sessionReturns) {
    level += r;
    closes.push(level);
  }
  if (at === "end") return level;
  const recent = closes.slice(-recentSessions);
  return recent.length === 0 ? 0 : recent.reduce((sum, close) => sum + close, 0) / recent.length;
}

/**
 * A restart on the same day: carry on from the persisted bars. The day's single trades are
 * gone, so its turnover is estimated from its bar, at the same volume the day reports.
 */
export function resumeFrom(
  instrument: SimInstrument,
  days: readonly UnitCandle[],
  existing: ReadonlyMap<CandleInterval, UnitCandle>,
): StartState {
  const today = ensureDefined(days.at(-1), "the persisted day's bar");
  const yesterday = days.at(-2) ?? today;
  return {
    last: (existing.get("1m") ?? today).c,
    prevClose: yesterday.c,
    open: today.o,
    high: today.h,
    low: today.l,
    volume: today.v,
    turnover: valueTraded([today], instrument.grid.scale),
    tradingDate: dailyBarDate(instrument, today),
    tradeMs: (existing.get("1m") ?? today).t,
    candles: Object.fromEntries(existing),
  };
}

/** Minute starts inside the windows, up to `nowMs`. */
function minutesOf(windows: readonly { startMs: number; endMs: number }[], nowMs: number): number[] {
  const starts: number[] = [];
  for (const window of windows) {
    for (let t = window.startMs; t < window.endMs && t + minuteMs <= nowMs; t += minuteMs) starts.push(t);
  }
  return starts;
}

/** Puts a continuous bar on the grid, inside the day's limits, with a consistent high and low. */
function roundBar(instrument: SimInstrument, prevClose: number, bar: UnitCandle): UnitCandle {
  const { grid } = instrument;
  const limits = grid.limits(prevClose);
  const fit = (units: number) => {
    const rounded = grid.round(clampToBand(instrument, units));
    return limits ? Math.min(limits.up, Math.max(limits.down, rounded)) : rounded;
  };
  const o = fit(bar.o);
  const c = fit(bar.c);
  return { t: bar.t, o, c, h: Math.max(o, c, fit(bar.h)), l: Math.min(o, c, fit(bar.l)), v: bar.v };
}

function roundLots(shares: number, lot: number): number {
  return Math.max(0, Math.round(shares / lot)) * lot;
}

/**
 * Day starts already worked out, by zone and date: every instrument of a market back-fills the
 * same five years of dates, and the calendar arithmetic costs more than the rest of a bar.
 */
const midnightCache = new Map<string, number>();
/** Two zones times ten years of dates, with room to spare. */
const midnightCacheMax = 10_000;

export function localMidnight(isoDate: string, zone: string): number {
  const key = `${zone}|${isoDate}`;
  const cached = midnightCache.get(key);
  if (cached !== undefined) return cached;
  const [year, month, day] = isoDateParts(isoDate);
  // Noon UTC falls on the same calendar date in Tokyo and in New York.
  const midnight = bucketStart("1d", zone, Date.UTC(year, month - 1, day, 12));
  if (midnightCache.size >= midnightCacheMax) midnightCache.clear();
  midnightCache.set(key, midnight);
  return midnight;
}

/** The exchange date of a daily bar: it starts at local midnight, and an hour in the date is unambiguous. */
export function dailyBarDate(instrument: SimInstrument, bar: UnitCandle): string {
  return marketDate(instrument.market, bar.t + 3_600_000);
}
