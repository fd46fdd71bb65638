import { marketDate } from "../market/calendar.ts";
import { addDays } from "../market/iso-date.ts";
import { sessionWindows } from "../market/sessions.ts";
import { zonedWallClockMs } from "../market/zone-time.ts";
import type { Market } from "../symbols.ts";
import { marketZone } from "../symbols.ts";
import type { OrderEstimate } from "./estimate.ts";
import { ceilDiv, charge, type MarketTerms, type Side, toMinor } from "./rules.ts";

/**
 * Day trading (one-day margin, as SBI's 日計り信用 or Rakuten's いちにち信用): a position opened
 * with a smaller initial margin than ordinary margin, no borrowing interest, its own commission,
 * and closed by the house at a cut-off before its session ends, so it never stays overnight.
 * The API decides by these functions and the order sheet estimates with them.
 */

/** A market's day-trade terms. */
export interface DayTradeTerms {
  /**
   * Initial margin as a percentage of the notional: 30 in Japan (the 30% initial-margin rule,
   * 3.3×), 25 in the US (4× intraday buying power).
   */
  marginPct: number;
  /** Commission on opening and on closing, parts per million (leading brokers now charge none). */
  feePpm: number;
}

export const defaultDayTradeTerms: Record<Market, DayTradeTerms> = {
  JP: { marginPct: 30, feePpm: 0 },
  US: { marginPct: 25, feePpm: 0 },
};

/** Minutes before the session's close at which the worker closes every day-trade position. */
export const defaultDayTradeCutoffMinutes = 5;

/** The leverage a margin percentage gives, to a tenth, rounded down: 30% → 3.3, 25% → 4. */
export function dayTradeLeverage(marginPct: number): number {
  return Math.floor(1_000 / marginPct) / 10;
}

/** The whole part of the leverage, as an ordinary position's integer leverage column holds it. */
export function dayTradeLeverageWhole(marginPct: number): number {
  return Math.max(1, Math.floor(100 / marginPct));
}

/** A day trade's initial margin: `marginPct` of the notional, rounded up. */
export function dayTradeMargin(notionalMinor: bigint, marginPct: number): bigint {
  return ceilDiv(notionalMinor * BigInt(marginPct), 100n);
}

/** What opening a day trade of this notional costs: its margin and its opening commission. */
export function dayTradeOpeningCosts(
  notionalMinor: bigint,
  terms: DayTradeTerms,
): { margin: bigint; fee: bigint } {
  return { margin: dayTradeMargin(notionalMinor, terms.marginPct), fee: charge(notionalMinor, terms.feePpm) };
}

/**
 * The day-trade buying power of `available` cash: the largest notional whose margin and opening
 * commission it covers.
 */
export function dayTradeBuyingPower(availableMinor: bigint, terms: DayTradeTerms): bigint {
  if (availableMinor <= 0n) return 0n;
  // cost(N) ≈ N × (pct / 100 + ppm / 1e6) = N × (pct × 1e4 + ppm) / 1e6
  const per = BigInt(terms.marginPct) * 10_000n + BigInt(terms.feePpm);
  let notional = (availableMinor * 1_000_000n) / per;
  const cost = (n: bigint) => {
    const { margin, fee } = dayTradeOpeningCosts(n, terms);
    return margin + fee;
  };
  while (notional > 0n && cost(notional) > availableMinor) notional -= 1n;
  return notional;
}

export interface CutoffOptions {
  cutoffMinutes: number;
  /** `MARKET_HOURS=always`: the day-trade day is the exchange zone's calendar day, ending at midnight. */
  alwaysOpen?: boolean;
}

/**
 * The cut-off of the trading day an instant belongs to: `cutoffMinutes` before the end of its
 * last regular session. Undefined when the market does not trade that day.
 */
export function dayTradeCutoffMs(
  market: Market,
  epochMs: number,
  options: CutoffOptions,
): number | undefined {
  const today = marketDate(market, epochMs);
  const cutoffMs = Math.round(options.cutoffMinutes * 60_000);
  if (options.alwaysOpen) return zonedWallClockMs(marketZone[market], addDays(today, 1), 0, 0) - cutoffMs;
  const regular = sessionWindows(market, today).filter((window) => window.phase === "regular");
  const last = regular[regular.length - 1];
  return last === undefined ? undefined : last.endMs - cutoffMs;
}

/** Whether a new day-trade position may open at this instant: before the day's cut-off. */
export function dayTradeOpenAllowed(market: Market, epochMs: number, options: CutoffOptions): boolean {
  const cutoff = dayTradeCutoffMs(market, epochMs, options);
  return cutoff !== undefined && epochMs < cutoff;
}

export interface DayTradeEstimateInput {
  market: Market;
  terms: DayTradeTerms & Pick<MarketTerms, "taxPpm">;
  side: Side;
  /** Shares × price units, from the book walk. */
  scaled: bigint;
}

/** What a day-trade market order will cost, before the member confirms it. */
export function estimateDayTrade(input: DayTradeEstimateInput): OrderEstimate {
  const notional = toMinor(input.scaled, input.market);
  const { margin, fee } = dayTradeOpeningCosts(notional, input.terms);
  const saleTax = charge(notional, input.terms.taxPpm);
  return { notional, margin, fee, saleTax, reserve: 0n, required: margin + fee };
}
