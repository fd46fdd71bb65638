import { assert } from "./assert.ts";

/**
 * Calendar dates as ISO strings (YYYY-MM-DD). Arithmetic runs on UTC day numbers, which
 * have no zone and no daylight saving, so the host's zone can never shift a date.
 */

const dayMs = 86_400_000;
const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Years 0–999 are out: Date.UTC reads 0–99 as 1900–1999, and no market traded then anyway. */
const yearMin = 1000;

/** Days since 1970-01-01 of a valid ISO date. */
export function dayNumber(isoDate: string): number {
  const [year, month, day] = isoDateParts(isoDate);
  return Date.UTC(year, month - 1, day) / dayMs;
}

/** Year, month (1–12) and day of an ISO date; asserts the text is a real date. */
export function isoDateParts(isoDate: string): [year: number, month: number, day: number] {
  const match = isoDatePattern.exec(isoDate);
  assert(match, `not an ISO date (YYYY-MM-DD): ${JSON.stringify(isoDate)}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  assert(year >= yearMin, `year before ${yearMin}: ${isoDate}`);
  // Checked here because Date.UTC would quietly roll 2025-02-30 over to 2025-03-02.
  assert(
    month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month),
    `no such date: ${isoDate}`,
  );
  return [year, month, day];
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

export function fromDayNumber(days: number): string {
  return new Date(days * dayMs).toISOString().slice(0, 10);
}

export function assertIsoDate(isoDate: string): void {
  isoDateParts(isoDate);
}

export function addDays(isoDate: string, days: number): string {
  return fromDayNumber(dayNumber(isoDate) + days);
}

/** 0 is Sunday, 6 is Saturday. */
export function weekday(isoDate: string): number {
  // Day 0, 1970-01-01, was a Thursday.
  return (((dayNumber(isoDate) + 4) % 7) + 7) % 7;
}

export function isWeekend(isoDate: string): boolean {
  const day = weekday(isoDate);
  return day === 0 || day === 6;
}

/** The ISO date of year, month (1–12) and day; the parts must make a real date. */
export function isoDate(year: number, month: number, day: number): string {
  const text = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  assertIsoDate(text);
  return text;
}

export function yearOf(isoDate: string): number {
  return isoDateParts(isoDate)[0];
}
