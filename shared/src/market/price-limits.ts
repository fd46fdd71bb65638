import type { Market } from "../symbols.ts";
import { assert } from "./assert.ts";
import type { TickTable } from "./ticks.ts";
import { priceScale, roundToTick, tickTableMarket } from "./ticks.ts";

/**
 * TSE daily price limits (制限値幅): a day's prices stay within a width above and below the
 * base price, normally the previous close. Not modelled: the widened limits TSE applies
 * after repeated limit-up or limit-down days, and base prices other than the close.
 */

export type DailyLimit = { upUnits: number; downUnits: number };

/** [base price below this, in yen; limit width, in yen], as JPX publishes it. */
type LimitRow = readonly [below: number, width: number];

const limitRows: readonly LimitRow[] = [
  [100, 30],
  [200, 50],
  [500, 80],
  [700, 100],
  [1_000, 150],
  [1_500, 300],
  [2_000, 400],
  [3_000, 500],
  [5_000, 700],
  [7_000, 1_000],
  [10_000, 1_500],
  [15_000, 3_000],
  [20_000, 4_000],
  [30_000, 5_000],
  [50_000, 7_000],
  [70_000, 10_000],
  [100_000, 15_000],
  [150_000, 30_000],
  [200_000, 40_000],
  [300_000, 50_000],
  [500_000, 70_000],
  [700_000, 100_000],
  [1_000_000, 150_000],
  [1_500_000, 300_000],
  [2_000_000, 400_000],
  [3_000_000, 500_000],
  [5_000_000, 700_000],
  [7_000_000, 1_000_000],
  [10_000_000, 1_500_000],
  [15_000_000, 3_000_000],
  [20_000_000, 4_000_000],
  [30_000_000, 5_000_000],
  [50_000_000, 7_000_000],
  [Number.POSITIVE_INFINITY, 10_000_000],
];

/**
 * The day's highest and lowest prices in JP price units. The low never goes under one price
 * unit (0.1 yen, the finest TSE tick), since zero is not a price.
 */
export function dailyLimit(prevCloseUnits: number): DailyLimit {
  assert(
    Number.isSafeInteger(prevCloseUnits) && prevCloseUnits > 0,
    `not a price in units: ${prevCloseUnits}`,
  );
  const row = limitRows.find(([below]) => prevCloseUnits < below * priceScale.JP);
  assert(row, `no limit band for ${prevCloseUnits}`);
  const width = row[1] * priceScale.JP;
  return { upUnits: prevCloseUnits + width, downUnits: Math.max(prevCloseUnits - width, 1) };
}

/**
 * The daily limits of an instrument, snapped inwards to its tick grid so each limit is a
 * price an order can carry; null where the market has no daily limit (US).
 */
export function dailyLimitFor(market: Market, table: TickTable, prevCloseUnits: number): DailyLimit | null {
  assert(tickTableMarket[table] === market, `tick table ${table} is not a ${market} table`);
  if (market === "US") return null;
  const { upUnits, downUnits } = dailyLimit(prevCloseUnits);
  return { upUnits: roundToTick(table, upUnits, "down"), downUnits: roundToTick(table, downUnits, "up") };
}
