import { isTradingDay, nextTradingDay } from "../market/calendar.ts";
import { addDays } from "../market/iso-date.ts";
import { tradingUnit } from "../market/units.ts";
import { zonedIsoDate, zonedWallClockMs } from "../market/zone-time.ts";
import { type Market, marketZone } from "../symbols.ts";

/**
 * The rules of a new share (IPO) in one place, as the Japanese brokers run it: an offering's
 * windows on the exchange's calendar, the price band (仮条件) and the strike ("at the offer
 * price") declaration, the phases an offering and a subscription pass through, what units cost,
 * and when an allotted position's lock-up ends. Pure: the API, the worker and the screens use it.
 */

/** Wall-clock times of the windows, in the exchange's zone (hours, minutes). */
export const ipoWindowTimes = {
  /** Book-building opens at 10:00 on its first day (Rakuten, SBI: 10:00 or 09:00 JST). */
  bookOpen: [10, 0],
  /** ...and closes at 11:00 on its last (SBI closes at 11:00 on the last day). */
  bookClose: [11, 0],
  /** Payment (purchase application) is taken until 15:00 on its last day. */
  paymentEnd: [15, 0],
} as const satisfies Record<string, readonly [number, number]>;

/** The dates an offering is scheduled on, each a trading day of its market (YYYY-MM-DD). */
export interface OfferingDates {
  bookOpenDate: string;
  bookCloseDate: string;
  priceDate: string;
  paymentEndDate: string;
  listingDate: string;
}

/** An offering's windows as instants (epoch ms), derived from its dates and market. */
export interface OfferingWindows {
  bookOpenMs: number;
  bookCloseMs: number;
  /** Until this instant a winner may pay. */
  paymentEndMs: number;
  /** Winners drawn from the waitlist after a lapse pay until this instant (next trading day, 15:00). */
  waitlistPaymentEndMs: number;
  /** Listing day's start in the exchange's zone: allotment happens from here. */
  listingMs: number;
}

/**
 * An offering's whole life in instants (epoch ms), for windows shorter than a day: the demo time
 * scale (`DEMO_IPO_TIMELINE`), where one offering runs from book-building to the end of its
 * lock-up within an hour. Set only by the demo operator; an offering with one is windowed by it
 * rather than by its dates, which are kept as the calendar days its instants fall on.
 */
export interface OfferingTimeline {
  bookOpenMs: number;
  bookCloseMs: number;
  /** When the offer price is set. */
  priceMs: number;
  /** When the draw runs. */
  drawMs: number;
  paymentEndMs: number;
  waitlistPaymentEndMs: number;
  listingMs: number;
  /** When the allotted positions' lock-up ends. */
  lockUpEndMs: number;
}

/** The timeline's instants in the order they must come. */
export const timelineSteps = [
  "bookOpenMs",
  "bookCloseMs",
  "priceMs",
  "drawMs",
  "paymentEndMs",
  "waitlistPaymentEndMs",
  "listingMs",
  "lockUpEndMs",
] as const satisfies readonly (keyof OfferingTimeline)[];

/**
 * What is wrong with a timeline, or undefined: every instant a whole number, book-building opening
 * no earlier than `nowMs`, and each instant after the one before (a step at the same instant
 * would leave its phase no time at all).
 */
export function timelineProblem(
  timeline: OfferingTimeline,
  nowMs: number,
): { field: keyof OfferingTimeline; reason: "in_the_past" | "out_of_order" } | undefined {
  let previous = nowMs;
  for (const [index, field] of timelineSteps.entries()) {
    const at = timeline[field];
    if (!Number.isSafeInteger(at)) return { field, reason: "out_of_order" };
    if (index === 0 ? at < previous : at <= previous)
      return { field, reason: index === 0 ? "in_the_past" : "out_of_order" };
    previous = at;
  }
  return undefined;
}

/** The calendar days (in the market's zone) a timeline's instants fall on, for the dates' columns. */
export function timelineDates(market: Market, timeline: OfferingTimeline): OfferingDates {
  const day = (ms: number) => zonedIsoDate(marketZone[market], ms);
  return {
    bookOpenDate: day(timeline.bookOpenMs),
    bookCloseDate: day(timeline.bookCloseMs),
    priceDate: day(timeline.priceMs),
    paymentEndDate: day(timeline.paymentEndMs),
    listingDate: day(timeline.listingMs),
  };
}

/**
 * A timeline laid out from `startMs` by minutes after it: book-building opens and closes, the
 * price is set, the draw runs, payment ends, the shares list and their lock-up ends. The
 * waitlist's turn to pay ends midway between the payment deadline and listing.
 */
export function timelineFromMinutes(startMs: number, minutes: DemoMinutes): OfferingTimeline {
  const at = (minute: number) => startMs + minute * 60_000;
  return {
    bookOpenMs: at(minutes.open),
    bookCloseMs: at(minutes.close),
    priceMs: at(minutes.price),
    drawMs: at(minutes.draw),
    paymentEndMs: at(minutes.paymentEnd),
    waitlistPaymentEndMs: at((minutes.paymentEnd + minutes.listing) / 2),
    listingMs: at(minutes.listing),
    lockUpEndMs: at(minutes.lockUpEnd),
  };
}

/** Minutes after a start at which each step of a compressed offering happens. */
export interface DemoMinutes {
  open: number;
  close: number;
  price: number;
  draw: number;
  paymentEnd: number;
  listing: number;
  lockUpEnd: number;
}

export function offeringWindows(
  market: Market,
  dates: OfferingDates,
  timeline?: OfferingTimeline | null,
): OfferingWindows {
  if (timeline) {
    return {
      bookOpenMs: timeline.bookOpenMs,
      bookCloseMs: timeline.bookCloseMs,
      paymentEndMs: timeline.paymentEndMs,
      waitlistPaymentEndMs: timeline.waitlistPaymentEndMs,
      listingMs: timeline.listingMs,
    };
  }
  const zone = marketZone[market];
  const at = (date: string, [h, m]: readonly [number, number]) => zonedWallClockMs(zone, date, h, m);
  return {
    bookOpenMs: at(dates.bookOpenDate, ipoWindowTimes.bookOpen),
    bookCloseMs: at(dates.bookCloseDate, ipoWindowTimes.bookClose),
    paymentEndMs: at(dates.paymentEndDate, ipoWindowTimes.paymentEnd),
    waitlistPaymentEndMs: at(nextTradingDay(market, dates.paymentEndDate), ipoWindowTimes.paymentEnd),
    listingMs: zonedWallClockMs(zone, dates.listingDate, 0, 0),
  };
}

/** What is wrong with an offering's schedule, or undefined: the reason names the field. */
export type ScheduleProblem =
  | { field: keyof OfferingDates; reason: "not_trading_day" }
  | { field: keyof OfferingDates; reason: "out_of_order" };

/**
 * A schedule is sound when every date is a trading day (a window cannot close on a holiday) and
 * they follow each other: book opens ≤ book closes < price decided < payment ends, and the listing
 * comes after the waitlist's payment day.
 */
export function scheduleProblem(market: Market, dates: OfferingDates): ScheduleProblem | undefined {
  const fields: (keyof OfferingDates)[] = [
    "bookOpenDate",
    "bookCloseDate",
    "priceDate",
    "paymentEndDate",
    "listingDate",
  ];
  for (const field of fields) {
    if (!isTradingDay(market, dates[field])) return { field, reason: "not_trading_day" };
  }
  if (dates.bookCloseDate < dates.bookOpenDate) return { field: "bookCloseDate", reason: "out_of_order" };
  if (dates.priceDate <= dates.bookCloseDate) return { field: "priceDate", reason: "out_of_order" };
  if (dates.paymentEndDate <= dates.priceDate) return { field: "paymentEndDate", reason: "out_of_order" };
  if (dates.listingDate <= nextTradingDay(market, dates.paymentEndDate))
    return { field: "listingDate", reason: "out_of_order" };
  return undefined;
}

/** Shares in one unit of a new share: the market's trading unit (TSE 100, US 1). */
export function unitShares(market: Market): number {
  return tradingUnit[market];
}

/** What `units` cost at `priceMinor` a share, in minor units of the market's currency. */
export function costOfUnits(market: Market, units: number, priceMinor: bigint): bigint {
  if (!Number.isSafeInteger(units) || units < 0) throw new Error(`units: ${units}`);
  return BigInt(units) * BigInt(unitShares(market)) * priceMinor;
}

/** Whether a number of units is one a member may ask for: a whole number from 1 to `max`. */
export function isWholeUnitCount(units: number, max: number): boolean {
  return Number.isSafeInteger(units) && units >= 1 && units <= max;
}

/** A price band (minor units a share), low ≤ high, both positive. */
export interface PriceBand {
  lowMinor: bigint;
  highMinor: bigint;
}

export function isBandValid(band: PriceBand): boolean {
  return band.lowMinor > 0n && band.lowMinor <= band.highMinor;
}

/** Whether a declared price (or the offer price) is inside the band. */
export function inBand(band: PriceBand, priceMinor: bigint): boolean {
  return priceMinor >= band.lowMinor && priceMinor <= band.highMinor;
}

/** The most a declaration may cost: at its price, or the band's top for a strike declaration. */
export function declarationCeiling(
  market: Market,
  band: PriceBand,
  units: number,
  priceMinor: bigint | null,
): bigint {
  return costOfUnits(market, units, priceMinor ?? band.highMinor);
}

/**
 * Whether a declaration takes part at the offer price: a strike declaration always does; a price
 * below the offer price is excluded (the member is told).
 */
export function acceptsOfferPrice(declaredMinor: bigint | null, offerMinor: bigint): boolean {
  return declaredMinor === null || declaredMinor >= offerMinor;
}

/** What operations store of an offering's progress; time does the rest (see `offeringPhase`). */
export const offeringStages = ["open", "priced", "drawn", "listed"] as const;
export type OfferingStage = (typeof offeringStages)[number];

/**
 * Phases a member sees: scheduled (to be subscribed), book (book-building), closed (awaiting the
 * price), priced (awaiting the draw), payment (winners pay), allotting (between the payment
 * deadline and listing), listed.
 */
export const offeringPhases = [
  "scheduled",
  "book",
  "closed",
  "priced",
  "payment",
  "allotting",
  "listed",
] as const;
export type OfferingPhase = (typeof offeringPhases)[number];

export function offeringPhase(stage: OfferingStage, windows: OfferingWindows, nowMs: number): OfferingPhase {
  switch (stage) {
    case "open":
      if (nowMs < windows.bookOpenMs) return "scheduled";
      return nowMs < windows.bookCloseMs ? "book" : "closed";
    case "priced":
      return "priced";
    case "drawn":
      return nowMs < windows.paymentEndMs ? "payment" : "allotting";
    case "listed":
      return "listed";
  }
}

/** The subscription list's tabs: to be subscribed, in progress, ended. */
export function offeringTab(phase: OfferingPhase): "pending" | "progress" | "ended" {
  if (phase === "scheduled") return "pending";
  return phase === "listed" ? "ended" : "progress";
}

/**
 * A subscription's states: declared (awaiting the draw), cancelled, excluded (price below the
 * offer price, or too little cash for a unit at the draw), lost (not won), waitlisted (not won,
 * but next in line for a lapsed unit), won (awaiting payment), paid (payment completed),
 * lapsed (not paid in time), allotted (the position exists).
 */
export const subscriptionStates = [
  "declared",
  "cancelled",
  "excluded",
  "lost",
  "waitlisted",
  "won",
  "paid",
  "lapsed",
  "allotted",
] as const;
export type SubscriptionState = (typeof subscriptionStates)[number];

export const subscriptionTransitions: Record<SubscriptionState, readonly SubscriptionState[]> = {
  declared: ["declared", "cancelled", "excluded", "lost", "waitlisted", "won"],
  cancelled: [],
  excluded: [],
  lost: [],
  waitlisted: ["won", "lost"],
  won: ["paid", "lapsed"],
  paid: ["allotted"],
  lapsed: [],
  allotted: [],
};

export function canMove(from: SubscriptionState, to: SubscriptionState): boolean {
  return subscriptionTransitions[from].includes(to);
}

/** Why a subscription was excluded from the draw. */
export const exclusionReasons = ["below_price", "insufficient_cash"] as const;
export type ExclusionReason = (typeof exclusionReasons)[number];

/** Lock-up terms of allotted shares: days after listing, and an optional early release. */
export interface LockUp {
  days: number;
  /** Released early once the price reaches this multiple of the offer price, in ppm (1.5× = 1_500_000). */
  releaseMultiplePpm: number | null;
}

/** When an allotted position's lock-up ends (epoch ms), or null without one. */
export function lockUpEndsMs(
  market: Market,
  listingDate: string,
  lockUp: LockUp,
  timeline?: OfferingTimeline | null,
): number | null {
  if (lockUp.days <= 0) return null;
  if (timeline) return timeline.lockUpEndMs;
  return zonedWallClockMs(marketZone[market], addDays(listingDate, lockUp.days), 0, 0);
}

/** The price (minor units a share) at or above which a lock-up is released early, or null. */
export function earlyReleasePriceMinor(offerMinor: bigint, lockUp: LockUp): bigint | null {
  if (lockUp.releaseMultiplePpm === null) return null;
  const scaled = offerMinor * BigInt(lockUp.releaseMultiplePpm);
  return (scaled + 999_999n) / 1_000_000n;
}

/**
 * A new listing opens by price discovery around the offer price: a Japanese IPO may open anywhere
 * from 0.25× to 4× it (JPX's special quote rule for IPOs); no market order is taken before the
 * first trade.
 */
export const listingOpenRange = { lowPpm: 250_000, highPpm: 4_000_000 } as const;

/** The live odds during book-building: eligible units asked per unit offered (0 when none asked). */
export function demandRatio(unitsAsked: number, unitsOffered: number): number {
  return unitsOffered > 0 ? unitsAsked / unitsOffered : 0;
}

/** Units one member may ask for at most: the whole offering. */
export function unitsAskedMax(unitsOffered: number): number {
  return unitsOffered;
}
