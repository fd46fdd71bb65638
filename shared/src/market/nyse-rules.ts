import { addDays, isoDate, weekday } from "./iso-date.ts";

/**
 * The NYSE holiday and early-close rules (NYSE Rule 7.2), as dates computed for any year.
 * Only 2025–2027 are checked against what NYSE published (`nyse-published.ts`); other
 * years follow the same rules but nobody has compared them with history. Unscheduled
 * closures (days of mourning, storms) cannot be computed: they are listed as data.
 */

const sunday = 0;
const monday = 1;
const thursday = 4;
const saturday = 6;

/** Juneteenth became a federal holiday in 2021; NYSE first closed for it in 2022. */
const juneteenthFirstYear = 2022;

type HolidayRule = { name: string; date: (year: number) => string | undefined };

/** In calendar order. Each rule gives the observed date, always inside `year`. */
const holidayRules: readonly HolidayRule[] = [
  { name: "New Year's Day", date: observedNewYear },
  { name: "Martin Luther King, Jr. Day", date: (year) => nthWeekday(year, 1, monday, 3) },
  { name: "Washington's Birthday", date: (year) => nthWeekday(year, 2, monday, 3) },
  { name: "Good Friday", date: (year) => addDays(easterSunday(year), -2) },
  { name: "Memorial Day", date: (year) => lastWeekday(year, 5, monday) },
  {
    name: "Juneteenth National Independence Day",
    date: (year) => (year >= juneteenthFirstYear ? observed(isoDate(year, 6, 19)) : undefined),
  },
  { name: "Independence Day", date: (year) => observed(isoDate(year, 7, 4)) },
  { name: "Labor Day", date: (year) => nthWeekday(year, 9, monday, 1) },
  { name: "Thanksgiving Day", date: thanksgiving },
  { name: "Christmas Day", date: (year) => observed(isoDate(year, 12, 25)) },
];

/** The observed dates of the year's NYSE holidays, in calendar order. */
export function nyseHolidays(year: number): string[] {
  return holidayRules.flatMap((rule) => rule.date(year) ?? []);
}

/**
 * Days that close at 13:00 ET if they are trading days: 3 July (the day before Independence
 * Day; when 4 July falls on a Saturday, 3 July is the holiday itself and 2 July trades a full
 * day), the day after Thanksgiving, and Christmas Eve. The caller drops any that are not
 * trading days.
 */
export function nyseEarlyCloseCandidates(year: number): string[] {
  return [isoDate(year, 7, 3), addDays(thanksgiving(year), 1), isoDate(year, 12, 24)];
}

/** A Saturday holiday is observed on Friday, a Sunday one on Monday. */
function observed(date: string): string {
  const day = weekday(date);
  if (day === saturday) return addDays(date, -1);
  if (day === sunday) return addDays(date, 1);
  return date;
}

/**
 * NYSE Rule 7.2 exempts New Year's Day from the Saturday rule: when 1 January is a Saturday
 * the market still trades on Friday 31 December, so that year has no New Year holiday.
 */
function observedNewYear(year: number): string | undefined {
  const newYear = isoDate(year, 1, 1);
  return weekday(newYear) === saturday ? undefined : observed(newYear);
}

function thanksgiving(year: number): string {
  return nthWeekday(year, 11, thursday, 4);
}

/** The nth (1-based) given weekday of a month. */
function nthWeekday(year: number, month: number, day: number, n: number): string {
  const first = isoDate(year, month, 1);
  return addDays(first, ((day - weekday(first) + 7) % 7) + 7 * (n - 1));
}

function lastWeekday(year: number, month: number, day: number): string {
  const last = addDays(month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 1, 1), -1);
  return addDays(last, -((weekday(last) - day + 7) % 7));
}

/** Gregorian Easter Sunday by the anonymous (Meeus/Jones/Butcher) algorithm. */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}
