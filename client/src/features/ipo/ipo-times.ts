import type { Offering } from "@kabuto/shared/api/ipo";
import { type FormatLocale, formatClock, formatDate, formatDateTime } from "@kabuto/shared/format";
import { marketZone } from "@kabuto/shared/symbols";

/** What the timeline says of each step of an offering, in the exchange's zone. */
export interface TimelineTimes {
  book: string;
  price: string;
  payment: string;
  listing: string;
  /** Only for an offering on the demo time scale, whose lock-up ends minutes after listing. */
  lockUpEnd: string | null;
}

/**
 * When each step of an offering happens, as its timeline shows it. A step scheduled by day (the
 * price decision, listing) shows its day; on the demo time scale, where steps are minutes
 * apart, every one shows its time, and a book-building that closes the day it opens gives the
 * close as a time only.
 */
export function timelineTimes(offering: Offering, locale: FormatLocale): TimelineTimes {
  const zone = marketZone[offering.market];
  const day = (ms: number) => formatDate(ms, locale, zone);
  const at = (ms: number) => formatDateTime(ms, locale, zone, { seconds: false });
  const { dates } = offering;
  const close =
    day(dates.bookOpenMs) === day(dates.bookCloseMs)
      ? formatClock(dates.bookCloseMs, locale, zone, { seconds: false })
      : at(dates.bookCloseMs);
  return {
    book: `${at(dates.bookOpenMs)} – ${close}`,
    price: dates.priceMs !== null ? at(dates.priceMs) : day(Date.parse(`${dates.priceDate}T12:00:00Z`)),
    payment: at(dates.paymentEndMs),
    // Listing day's start is midnight; its noon is safely that day in any zone.
    listing: dates.inMinutes ? at(dates.listingMs) : day(dates.listingMs + 43_200_000),
    lockUpEnd: dates.inMinutes && dates.lockUpEndMs !== null ? at(dates.lockUpEndMs) : null,
  };
}
