import { isTradingDay, previousTradingDay } from "../market/calendar.ts";
import { addDays, isoDate, isoDateParts } from "../market/iso-date.ts";
import { priceScale } from "../market/ticks.ts";
import { minorDigits } from "../money.ts";
import type { Currency, Market } from "../symbols.ts";

/**
 * Dividend schedules, computed and never stored: the feed (which drops the price on the
 * ex-date), the API (which shows the calendar) and the worker (which pays entitlements) all
 * derive the same dates and amounts from a name's policy, so nobody has to publish them to
 * anybody. A policy comes from the universe data through `InstrumentCatalog.dividendPolicy`.
 *
 * Rules, as the exchanges settle:
 * - Japan (T+2): the record date (権利確定日) is the last TSE business day of a record month;
 *   the ex-date (権利落ち日) is one business day before it, so the last day to buy with the
 *   right (権利付最終日) is two business days before the record date.
 * - US (T+1 since 28 May 2024): the ex-date is the record date. A record day that is not a
 *   trading day moves to the trading day before it.
 * A dividend is announced ahead of its ex-date: Japanese companies state the forecast with the
 * previous half's results, some five months earlier; US boards declare four to six weeks ahead.
 */

export interface DividendPolicy {
  /** The payment per share in the instrument's price units (JP tenths of a yen, US $0.0001). */
  perShareUnits: number;
  /** Months (1–12) whose record dates carry a dividend, ascending. */
  recordMonths: readonly number[];
  /** Day of the record month; null for the month's end (every Japanese company here). */
  recordDay: number | null;
}

export interface DividendEvent {
  /** Stable across processes: `JP:7203@2027-03-29` (symbol and ex-date). */
  id: string;
  symbol: string;
  market: Market;
  currency: Currency;
  /** The first day the shares trade without the dividend; positions held at the close before it are entitled. */
  exDate: string;
  recordDate: string;
  /** The day it becomes public (and visible in the calendar). */
  announceDate: string;
  perShareUnits: number;
}

/** Days before the ex-date that a dividend is announced. */
export const announceLeadDays: Record<Market, number> = { JP: 150, US: 35 };

const currencyOf: Record<Market, Currency> = { JP: "JPY", US: "USD" };

/**
 * The payment per share a yield makes on a reference price, in price units: JP to the tenth of
 * a yen (some companies pay ¥2.6), US to the whole cent (boards declare cents).
 */
export function perShareFromYield(
  market: Market,
  refPriceUnits: number,
  annualYield: number,
  paymentsPerYear: number,
): number {
  if (!(annualYield > 0) || paymentsPerYear < 1) return 0;
  const raw = (refPriceUnits * annualYield) / paymentsPerYear;
  const step = market === "JP" ? 1 : priceScale.US / 100;
  return Math.max(step, Math.round(raw / step) * step);
}

/** The record date of a month under a policy: the last trading day of the month, or the day (or the trading day before it). */
export function recordDateOf(market: Market, year: number, month: number, recordDay: number | null): string {
  const lastDay = addDays(month === 12 ? isoDate(year + 1, 1, 1) : isoDate(year, month + 1, 1), -1);
  const day =
    recordDay === null ? lastDay : isoDate(year, month, Math.min(recordDay, isoDateParts(lastDay)[2]));
  return isTradingDay(market, day) ? day : previousTradingDay(market, day);
}

/** The ex-date of a record date: one business day before in Japan, the same day in the US. */
export function exDateOf(market: Market, recordDate: string): string {
  return market === "JP" ? previousTradingDay(market, recordDate) : recordDate;
}

export function dividendId(symbol: string, exDate: string): string {
  return `${symbol}@${exDate}`;
}

/** Splits a dividend id into its symbol and ex-date; undefined if it is not one. */
export function parseDividendId(id: string): { symbol: string; exDate: string } | undefined {
  const match = /^([A-Z]{2}:[A-Z0-9.]{1,12})@(\d{4}-\d{2}-\d{2})$/.exec(id);
  if (!match) return undefined;
  return { symbol: match[1] as string, exDate: match[2] as string };
}

/** Every dividend of a name whose ex-date falls in `fromDate..toDate` (both included), oldest first. */
export function dividendsBetween(
  symbol: string,
  market: Market,
  policy: DividendPolicy,
  fromDate: string,
  toDate: string,
): DividendEvent[] {
  if (policy.perShareUnits <= 0 || policy.recordMonths.length === 0 || toDate < fromDate) return [];
  const events: DividendEvent[] = [];
  const [fromYear] = isoDateParts(fromDate);
  const [toYear] = isoDateParts(toDate);
  // A record date in the first days of a month can have its ex-date in the month before; one
  // year either side covers every edge.
  for (let year = fromYear - 1; year <= toYear + 1; year += 1) {
    for (const month of policy.recordMonths) {
      const recordDate = recordDateOf(market, year, month, policy.recordDay);
      const exDate = exDateOf(market, recordDate);
      if (exDate < fromDate || exDate > toDate) continue;
      events.push({
        id: dividendId(symbol, exDate),
        symbol,
        market,
        currency: currencyOf[market],
        exDate,
        recordDate,
        announceDate: addDays(exDate, -announceLeadDays[market]),
        perShareUnits: policy.perShareUnits,
      });
    }
  }
  return events.sort((a, b) => (a.exDate < b.exDate ? -1 : a.exDate > b.exDate ? 1 : 0));
}

/** The dividend whose ex-date is `exDate`, if the name has one that day. */
export function dividendOn(
  symbol: string,
  market: Market,
  policy: DividendPolicy,
  exDate: string,
): DividendEvent | undefined {
  return dividendsBetween(symbol, market, policy, exDate, exDate)[0];
}

export interface Entitlement {
  /** What the dividend comes to on the position, minor units: what a short pays. */
  gross: bigint;
  /** Tax withheld from a long's dividend, minor units (rounded down, as withholding is). */
  withheld: bigint;
  /** What the member receives (long, positive) or pays (short, negative), minor units. */
  net: bigint;
}

/**
 * What a position held across an ex-date receives or pays: a long gets the dividend less the
 * withholding (parts per million, rounded down to the minor unit); a short pays the full amount.
 * Fractions of a minor unit in the gross amount are dropped.
 */
export function entitlementOf(
  market: Market,
  side: "long" | "short",
  quantity: number,
  perShareUnits: number,
  withholdingPpm: number,
): Entitlement {
  const currency = currencyOf[market];
  const minorPerUnit = 10n ** BigInt(minorDigits[currency]);
  const gross = (BigInt(quantity) * BigInt(perShareUnits) * minorPerUnit) / BigInt(priceScale[market]);
  if (side === "short") return { gross, withheld: 0n, net: -gross };
  const withheld = (gross * BigInt(withholdingPpm)) / 1_000_000n;
  return { gross, withheld, net: gross - withheld };
}
