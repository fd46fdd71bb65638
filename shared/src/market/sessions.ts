import type { SessionPhase, SessionState } from "../protocol/market-data.ts";
import type { Market } from "../symbols.ts";
import { marketZone } from "../symbols.ts";
import { assert } from "./assert.ts";
import { isEarlyClose, isTradingDay, marketDate, nextTradingDay } from "./calendar.ts";
import { zonedWallClockMs } from "./zone-time.ts";

/** One phase of a trading day, as epoch ms, start included and end excluded. */
export type SessionWindow = { phase: SessionPhase; startMs: number; endMs: number };

export type SessionOptions = {
  /**
   * Every instant is in the regular session (`MARKET_HOURS=always`): demos and load tests
   * need prices that move at any hour.
   */
  alwaysOpen?: boolean;
};

/** Exchange wall-clock time: hours, minutes. */
type WallTime = readonly [hours: number, minutes: number];

/** A phase in exchange wall-clock time, start included and end excluded. */
type WallWindow = { phase: SessionPhase; from: WallTime; to: WallTime };

/**
 * TSE: morning session, lunch break, afternoon session. The afternoon runs to 15:30 since
 * 5 November 2024 (it was 15:00); the closing auction is part of it.
 */
const tseDay: readonly WallWindow[] = [
  { phase: "regular", from: [9, 0], to: [11, 30] },
  { phase: "break", from: [11, 30], to: [12, 30] },
  { phase: "regular", from: [12, 30], to: [15, 30] },
];

/**
 * The US extended sessions on a full day, New York wall-clock time: what the pre-market and
 * after-hours screens state. An early close moves after hours to 13:00–17:00 (below).
 */
export const usExtendedHours = {
  pre: { from: [4, 0], to: [9, 30] },
  after: { from: [16, 0], to: [20, 0] },
} as const satisfies Record<"pre" | "after", { from: WallTime; to: WallTime }>;

/** US: pre-market, the regular session, after hours (ET). */
const usDay: readonly WallWindow[] = [
  { phase: "pre", ...usExtendedHours.pre },
  { phase: "regular", from: usExtendedHours.pre.to, to: usExtendedHours.after.from },
  { phase: "after", ...usExtendedHours.after },
];

/** On an early-close day the regular session ends at 13:00 and after hours at 17:00. */
const usEarlyCloseDay: readonly WallWindow[] = [
  { phase: "pre", from: [4, 0], to: [9, 30] },
  { phase: "regular", from: [9, 30], to: [13, 0] },
  { phase: "after", from: [13, 0], to: [17, 0] },
];

/**
 * Recent days' windows, so that asking for the session on every tick costs one zone lookup.
 * Cleared when full: a feed only ever needs today's and the next trading day's.
 */
const windowCacheMax = 64;
const windowCache = new Map<string, readonly SessionWindow[]>();

/** The phases of a trading day, in order; empty if `isoDate` is not a trading day. */
export function sessionWindows(market: Market, isoDate: string): readonly SessionWindow[] {
  const key = `${market} ${isoDate}`;
  const cached = windowCache.get(key);
  if (cached) return cached;
  if (windowCache.size >= windowCacheMax) windowCache.clear();
  const windows = Object.freeze(computeWindows(market, isoDate).map((window) => Object.freeze(window)));
  windowCache.set(key, windows);
  return windows;
}

function computeWindows(market: Market, isoDate: string): SessionWindow[] {
  if (!isTradingDay(market, isoDate)) return [];
  return wallWindows(market, isoDate).map(({ phase, from, to }) => ({
    phase,
    startMs: wallClockMs(market, isoDate, from),
    endMs: wallClockMs(market, isoDate, to),
  }));
}

/**
 * The phase at an instant, the trading date it belongs to (the next trading day while
 * closed) and when the phase next changes.
 */
export function sessionAt(market: Market, epochMs: number, options: SessionOptions = {}): SessionState {
  const today = marketDate(market, epochMs);
  if (options.alwaysOpen) {
    // Around the clock, every exchange-zone day is a trading day: daily candles still roll over.
    return { market, phase: "regular", tradingDate: today, nextChangeMs: null };
  }
  const windows = sessionWindows(market, today);
  const current = windows.find((window) => window.startMs <= epochMs && epochMs < window.endMs);
  if (current) return { market, phase: current.phase, tradingDate: today, nextChangeMs: current.endMs };
  const first = windows[0];
  if (first && epochMs < first.startMs) {
    return { market, phase: "closed", tradingDate: today, nextChangeMs: first.startMs };
  }
  const next = nextTradingDay(market, today);
  return { market, phase: "closed", tradingDate: next, nextChangeMs: openingMs(market, next) };
}

/** Phases in which orders trade; the lunch break and the closed market do not. */
export function isTradingPhase(phase: SessionPhase): boolean {
  return phase === "pre" || phase === "regular" || phase === "after";
}

function wallWindows(market: Market, isoDate: string): readonly WallWindow[] {
  if (market === "JP") return tseDay;
  return isEarlyClose(market, isoDate) ? usEarlyCloseDay : usDay;
}

function openingMs(market: Market, tradingDate: string): number {
  const first = sessionWindows(market, tradingDate)[0];
  assert(first, `no session on trading day ${tradingDate}`);
  return first.startMs;
}

function wallClockMs(market: Market, isoDate: string, [hours, minutes]: WallTime): number {
  return zonedWallClockMs(marketZone[market], isoDate, hours, minutes);
}
