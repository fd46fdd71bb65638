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

/** `14:05:09` on the exchange's clock. */
export function formatClock(epochMs: number, locale: FormatLocale, zone: string): string {
  if (!Number.isFinite(epochMs)) return "";
  return display(locale, zone, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(epochMs);
}

/** The exchange-zone date: `2025/01/06` (ja), `01/06/2025` (en), `2025/01/06` (zh-Hant). */
export function formatDate(epochMs: number, locale: FormatLocale, zone: string): string {
  if (!Number.isFinite(epochMs)) return "";
  return display(locale, zone, { year: "numeric", month: "2-digit", day: "2-digit" }).format(epochMs);
}
