import { type FormatLocale, intlLocale } from "./locale.ts";

/**
 * Times in an exchange's zone (Asia/Tokyo, America/New_York), whatever the device's zone: a
 * member in Taipei watching Tokyo sees Tokyo's 09:00 open as 09:00.
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function zoneParts(zone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

/**
 * How far `zone`'s wall clock is ahead of UTC at `epochMs`, in ms (Tokyo: +9 h; New York: -5 h,
 * or -4 h in summer time).
 */
export function zoneOffsetMs(zone: string, epochMs: number): number {
  const fields: Record<string, number> = {};
  for (const part of zoneParts(zone).formatToParts(epochMs)) {
    if (part.type !== "literal") fields[part.type] = Number(part.value);
  }
  const wallClockAsUtc = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  const wholeSeconds = Math.floor(epochMs / 1000) * 1000;
  return wallClockAsUtc - wholeSeconds;
}

const displayFormatters = new Map<string, Intl.DateTimeFormat>();

function display(
  locale: FormatLocale,
  zone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${zone}|${JSON.stringify(options)}`;
  let formatter = displayFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale[locale], { ...options, timeZone: zone });
    displayFormatters.set(key, formatter);
  }
  return formatter;
}

/** How much of the clock to show. */
export interface ClockOptions {
  /** Whether to show seconds (`14:05:09`) or stop at the minute (`14:05`); shown unless false. */
  seconds?: boolean;
}

/** `14:05:09` on the exchange's clock, or `14:05` without seconds. */
export function formatClock(
  epochMs: number,
  locale: FormatLocale,
  zone: string,
  options: ClockOptions = {},
): string {
  if (!Number.isFinite(epochMs)) return "";
  const clock: Intl.DateTimeFormatOptions =
    options.seconds === false
      ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }
      : { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" };
  return display(locale, zone, clock).format(epochMs);
}

/** The exchange-zone date: `2025/01/06` (ja), `01/06/2025` (en), `2025/01/06` (zh-Hant). */
export function formatDate(epochMs: number, locale: FormatLocale, zone: string): string {
  if (!Number.isFinite(epochMs)) return "";
  return display(locale, zone, { year: "numeric", month: "2-digit", day: "2-digit" }).format(epochMs);
}

/** A calendar date (YYYY-MM-DD, a trading date) written as `formatDate` writes one: `2025/01/06` (ja). */
export function formatIsoDate(isoDate: string, locale: FormatLocale): string {
  const [year, month, day] = isoDate.split("-").map(Number);
  if (year === undefined || month === undefined || day === undefined) return isoDate;
  return formatDate(Date.UTC(year, month - 1, day), locale, "UTC");
}

/**
 * The exchange-zone date and clock, `2025/01/06 09:00:05` (ja). Built from the two parts rather
 * than one Intl pattern, whose joiner differs by language (`01/06/2025, 09:00:05` in English),
 * so a record reads the same as its date and clock shown apart.
 */
export function formatDateTime(
  epochMs: number,
  locale: FormatLocale,
  zone: string,
  options: ClockOptions = {},
): string {
  if (!Number.isFinite(epochMs)) return "";
  return `${formatDate(epochMs, locale, zone)} ${formatClock(epochMs, locale, zone, options)}`;
}

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/**
 * A span of time in the member's words, to a tenth: hours below a day ("5.5 hours", "5.5 時間",
 * "5.5 小時"), days from a day on ("31.2 days", "31.2 日", "31.2 天"). Intl writes the unit, so no
 * catalog holds an abbreviation a reader may not know.
 */
export function formatDuration(durationMs: number, locale: FormatLocale): string {
  const [unit, amount] =
    Math.abs(durationMs) < dayMs
      ? (["hour", durationMs / hourMs] as const)
      : (["day", durationMs / dayMs] as const);
  return new Intl.NumberFormat(intlLocale[locale], {
    style: "unit",
    unit,
    unitDisplay: "long",
    maximumFractionDigits: 1,
  }).format(amount);
}
