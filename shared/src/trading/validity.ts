import { isTradingDay, marketDate, nextTradingDay, previousTradingDay } from "../market/calendar.ts";
import { addDays } from "../market/iso-date.ts";
import { type SessionOptions, sessionWindows } from "../market/sessions.ts";
import type { Market } from "../symbols.ts";

/**
 * How long a resting order may wait. Tokyo: up to 15 business days counting the first (SBI's
 * 期間指定 cap). New York: good-till-cancelled for at most 60 calendar days, as Robinhood and
 * moomoo expire GTC orders.
 */
export const validityCap = {
  JP: { businessDays: 15 },
  US: { calendarDays: 60 },
} as const;

/** Which hours an order rests in: the regular session, or the US extended ones too. */
export type RestingSession = "regular" | "extended";

/**
 * The first trading date an order placed at `nowMs` can trade on: today while its last session
 * (the regular one, or after hours for an extended-hours order) has yet to end, otherwise the
 * next trading day. Around the clock, today.
 */
export function firstValidDate(
  market: Market,
  session: RestingSession,
  nowMs: number,
  options: SessionOptions = {},
): string {
  const today = marketDate(market, nowMs);
  if (options.alwaysOpen) return today;
  const end = lastSessionEndMs(market, session, today);
  return end !== undefined && nowMs < end ? today : nextTradingDay(market, today);
}

/** The latest date an order first valid on `firstDate` may be kept to. */
export function lastValidDate(market: Market, firstDate: string): string {
  if (market === "JP") {
    let day = firstDate;
    for (let n = 1; n < validityCap.JP.businessDays; n += 1) day = nextTradingDay("JP", day);
    return day;
  }
  const cap = addDays(firstDate, validityCap.US.calendarDays);
  return isTradingDay("US", cap) ? cap : previousTradingDay("US", cap);
}

export type ValidityRefusal =
  /** Only a limit, stop or stop-limit order of the regular session rests past its first day. */
  | { code: "VALIDITY_DAY_ONLY" }
  /** Before the first day the order can trade. */
  | { code: "VALIDITY_PAST"; earliest: string }
  /** Past the cap (`validityCap`). */
  | { code: "VALIDITY_TOO_FAR"; latest: string }
  /** A weekend or holiday of the order's exchange: the order could not lapse at its close. */
  | { code: "VALIDITY_NOT_TRADING_DAY" };

/**
 * The trading date an order rests until (it lapses at that date's close): `validUntil` when the
 * member chose one within the rules, today's (the first valid date) without one. A day-only
 * order (market, extended hours, a day trade) may name only its first day.
 */
export function validDateFor(
  market: Market,
  input: { session: RestingSession; dayOnly: boolean; validUntil: string | undefined },
  nowMs: number,
  options: SessionOptions = {},
): { validDate: string } | { refusal: ValidityRefusal } {
  const first = firstValidDate(market, input.session, nowMs, options);
  const chosen = input.validUntil;
  if (chosen === undefined || chosen === first) return { validDate: first };
  if (input.dayOnly || input.session === "extended") return { refusal: { code: "VALIDITY_DAY_ONLY" } };
  if (chosen < first) return { refusal: { code: "VALIDITY_PAST", earliest: first } };
  const latest = lastValidDate(market, first);
  if (chosen > latest) return { refusal: { code: "VALIDITY_TOO_FAR", latest } };
  if (!options.alwaysOpen && !isTradingDay(market, chosen))
    return { refusal: { code: "VALIDITY_NOT_TRADING_DAY" } };
  return { validDate: chosen };
}

/**
 * Whether an order valid until `validDate` has lapsed at `nowMs`: once that date's last session
 * of its kind has ended (the regular session, or after hours for an extended-hours order).
 * Around the clock, once the exchange's calendar day has moved on.
 */
export function orderLapsed(
  market: Market,
  session: RestingSession,
  validDate: string,
  nowMs: number,
  options: SessionOptions = {},
): boolean {
  if (options.alwaysOpen) return marketDate(market, nowMs) > validDate;
  const end = lastSessionEndMs(market, session, validDate);
  return end === undefined || nowMs >= end;
}

function lastSessionEndMs(market: Market, session: RestingSession, isoDate: string): number | undefined {
  const windows = sessionWindows(market, isoDate).filter(
    (window) => window.phase === "regular" || (session === "extended" && window.phase !== "break"),
  );
  return windows[windows.length - 1]?.endMs;
}
