import holidayJp from "@holiday-jp/holiday_jp";
import type { Market } from "../symbols.ts";
import { marketZone } from "../symbols.ts";
import { assert } from "./assert.ts";
import { addDays, dayNumber, isWeekend, yearOf } from "./iso-date.ts";
import { nysePublished } from "./nyse-published.ts";
import { nyseEarlyCloseCandidates, nyseHolidays } from "./nyse-rules.ts";
import { zonedIsoDate } from "./zone-time.ts";

/**
 * Exchange calendars. Dates are ISO strings (YYYY-MM-DD) in the exchange's own zone.
 * Checked against the published calendars for 2025–2027 only; other years follow the same
 * rules (TSE: weekends, national holidays from @holiday-jp/holiday_jp, which lists
 * 1970–2050, and 31 Dec–3 Jan; NYSE: Rule 7.2) without a published table to compare with.
 */

/** TSE closes 31 December to 3 January whatever the weekday (JPX business-day rules). */
const tseYearEndDays = new Set(["12-31", "01-01", "01-02", "01-03"]);

const nyseClosures = new Set(nysePublished.flatMap((year) => year.closures));

/**
 * Longest run of days without a trading day that a search may cross. The longest real one,
 * TSE's Golden Week of 2019, closed ten days in a row; a month leaves room for the unforeseen.
 */
const tradingDayGapMax = 31;

/** Widest span `tradingDays` lists: ten years, more than any chart back-fill needs. */
const tradingDaysSpanMax = 3_660;

/**
 * NYSE holidays and early-close candidates by year, each year computed once: the rules are
 * cheap to state but not to run on every tick. Cleared past this many years, far more than
 * any caller walks through.
 */
const nyseYearCacheMax = 64;

type NyseYear = { holidays: ReadonlySet<string>; earlyCloses: ReadonlySet<string> };
const nyseYearCache = new Map<number, NyseYear>();

const closedOn: Record<Market, (isoDate: string) => boolean> = {
  JP: (date) => Object.hasOwn(holidayJp.holidays, date) || tseYearEndDays.has(date.slice(5)),
  US: (date) => nyseYear(yearOf(date)).holidays.has(date) || nyseClosures.has(date),
};

export function isTradingDay(market: Market, isoDate: string): boolean {
  return !isWeekend(isoDate) && !closedOn[market](isoDate);
}

/** The first trading day strictly after `isoDate`. */
export function nextTradingDay(market: Market, isoDate: string): string {
  return seekTradingDay(market, isoDate, 1);
}

/** The last trading day strictly before `isoDate`. */
export function previousTradingDay(market: Market, isoDate: string): string {
  return seekTradingDay(market, isoDate, -1);
}

/** Trading days from `fromIsoDate` to `toIsoDate`, both included, oldest first. */
export function tradingDays(market: Market, fromIsoDate: string, toIsoDate: string): string[] {
  const span = dayNumber(toIsoDate) - dayNumber(fromIsoDate);
  assert(span >= 0, `range ends before it starts: ${fromIsoDate}..${toIsoDate}`);
  assert(span <= tradingDaysSpanMax, `range longer than ${tradingDaysSpanMax} days`);
  const dates = Array.from({ length: span + 1 }, (_, days) => addDays(fromIsoDate, days));
  return dates.filter((date) => isTradingDay(market, date));
}

/** Whether the regular session ends at 13:00 ET instead of 16:00. Only NYSE has early closes. */
export function isEarlyClose(market: Market, isoDate: string): boolean {
  if (market === "JP" || !isTradingDay(market, isoDate)) return false;
  return nyseYear(yearOf(isoDate)).earlyCloses.has(isoDate);
}

/** The date (YYYY-MM-DD) in the exchange's zone at an instant. */
export function marketDate(market: Market, epochMs: number): string {
  return zonedIsoDate(marketZone[market], epochMs);
}

function seekTradingDay(market: Market, from: string, step: 1 | -1): string {
  for (let days = 1; days <= tradingDayGapMax; days += 1) {
    const date = addDays(from, days * step);
    if (isTradingDay(market, date)) return date;
  }
  assert(false, `no ${market} trading day within ${tradingDayGapMax} days of ${from}`);
}

function nyseYear(year: number): NyseYear {
  const cached = nyseYearCache.get(year);
  if (cached) return cached;
  if (nyseYearCache.size >= nyseYearCacheMax) nyseYearCache.clear();
  const computed = {
    holidays: new Set(nyseHolidays(year)),
    earlyCloses: new Set(nyseEarlyCloseCandidates(year)),
  };
  nyseYearCache.set(year, computed);
  return computed;
}
