import type { Market } from "@kabuto/shared/symbols";
import type { SimInstrument } from "./instruments.ts";
import type { Random } from "./prng.ts";

/**
 * How busy an equity is: its prints and its board's changes, shared by its two venues (the TSE
 * in `simulator.ts`, the PTS in `pts.ts`).
 */

/** Trading milliseconds in a year (252 sessions of 6.5 hours): scales annual volatility to a step. */
export const tradingYearMs = 252 * 6.5 * 3_600_000;
/**
 * Seconds of regular trading in a day, over which a day's volume spreads: TSE 9:00-11:30 and
 * 12:30-15:30, NYSE 9:30-16:00. The volume profile averages a little under 1 over a session,
 * so a simulated day trades a little under the average daily volume.
 */
export const regularSessionSeconds: Record<Market, number> = { JP: 19_800, US: 23_400 };
/**
 * The traded value of a typical print, in the market's currency. Counting prints by value
 * rather than shares lets a ¥150 and a ¥15,000 stock with the same turnover print as often.
 * Rounded from exchange statistics: Toyota's roughly ¥60bn a day comes in some 100,000+
 * executions; Apple's $10bn in about a million.
 */
const printValue: Record<Market, number> = { JP: 500_000, US: 10_000 };
/**
 * The most shares a typical print carries. In cheap names orders are sized in lots, not in
 * value: NTT at ¥150 prints far more often than its turnover over ¥500,000 a print would say.
 */
const printSharesMax: Record<Market, number> = { JP: 1_000, US: 200 };
/**
 * Changes to a book (orders placed and cancelled at the touch) per print. Exchanges see many
 * orders per trade; a phone needs only to see the board live, so the book of a busy name
 * changes at most once a step and a thin one's rarely.
 */
export const ordersPerPrint = 3;

/**
 * The chance an equity prints in a step. Prints arrive at a rate that follows the name's
 * volume and the time of day: busy names at the open many a second, thin ones once in a while.
 * A step shows at most one print, the aggregate of its trades, so for the busiest names the
 * chance tends to 1 rather than exceeding it. Print sizes are reckoned at the reference price,
 * so the rate holds still as the price drifts.
 */
export function printChanceIn(instrument: SimInstrument, weight: number, stepSeconds: number): number {
  const { market } = instrument;
  const price = instrument.refUnits / instrument.grid.scale;
  const printShares = Math.max(instrument.lot, Math.min(printSharesMax[market], printValue[market] / price));
  const printsPerSecond = (instrument.avgDailyVolume / printShares / regularSessionSeconds[market]) * weight;
  return 1 - Math.exp(-printsPerSecond * stepSeconds);
}

/** A book level's size in lots: around `meanLots`, deeper levels larger. */
export function sizeAt(rng: Random, meanLots: number, depth: number): number {
  return Math.max(1, Math.round(meanLots * depth * (0.3 + 1.4 * rng.next())));
}

/** The typical size of a TSE book level, in lots: a two-thousandth of the day's volume. */
export function bookMeanLots(instrument: SimInstrument): number {
  return Math.max(1, Math.round(instrument.avgDailyVolume / instrument.lot / 2_000));
}
