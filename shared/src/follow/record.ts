import { zonedIsoDate } from "../market/zone-time.ts";

/**
 * A lead trader's record, computed from what the ledger wrote: never typed in, never edited.
 *
 * The input is the lead's equity after each journal (cash equity: available, held, margin and
 * deficit in one currency; open positions count at the margin posted, so the record moves when
 * a trade is closed, as a broker's realised statement does) together with the part of that
 * journal that came from outside trading (`flow`: a deposit, a withdrawal paid out, an
 * adjustment, a reward, a copy's profit share...). Time-weighted returns chain the growth
 * between flows, so money put in or taken out is never counted as profit or loss.
 */
export interface EquityPoint {
  atMs: number;
  /** Equity after this journal, minor units. */
  equity: bigint;
  /** The part of the change that came from outside trading, minor units (deposit +, withdrawal -). */
  flow: bigint;
}

/** One month's time-weighted return, as a fraction (0.05 is +5%). `month` is `YYYY-MM` in Tokyo. */
export interface MonthlyReturn {
  month: string;
  value: number;
}

/** A point of the growth index (1 at the first money): the equity curve with flows taken out. */
export interface IndexPoint {
  atMs: number;
  value: number;
}

/** The book's calendar: months are Tokyo months. */
const recordZone = "Asia/Tokyo";

function monthOf(atMs: number): string {
  return zonedIsoDate(recordZone, atMs).slice(0, 7);
}

/**
 * The growth factor of each step: equity before the flow over the equity after the step before.
 * A step that starts from nothing (no money yet, or all of it taken out) has no return.
 */
function stepFactors(points: readonly EquityPoint[]): { atMs: number; factor: number }[] {
  const steps: { atMs: number; factor: number }[] = [];
  let previous: bigint | undefined;
  for (const point of points) {
    if (previous !== undefined && previous > 0n) {
      const beforeFlow = point.equity - point.flow;
      steps.push({ atMs: point.atMs, factor: Number(beforeFlow) / Number(previous) });
    }
    previous = point.equity;
  }
  return steps;
}

/** The growth index over time, starting at 1 with the first money. */
export function growthIndex(points: readonly EquityPoint[]): IndexPoint[] {
  const first = points.find((point) => point.equity > 0n);
  if (!first) return [];
  let value = 1;
  const curve: IndexPoint[] = [{ atMs: first.atMs, value }];
  for (const step of stepFactors(points)) {
    value *= step.factor;
    curve.push({ atMs: step.atMs, value });
  }
  return curve;
}

/** Time-weighted return of each Tokyo month that had money in it, oldest first. */
export function monthlyReturns(points: readonly EquityPoint[]): MonthlyReturn[] {
  const byMonth = new Map<string, number>();
  for (const step of stepFactors(points)) {
    const month = monthOf(step.atMs);
    byMonth.set(month, (byMonth.get(month) ?? 1) * step.factor);
  }
  return [...byMonth.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([month, factor]) => ({ month, value: factor - 1 }));
}

/** Months before `month` (`YYYY-MM`), counting it as the first. */
function monthsBack(month: string, count: number): string {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const index = year * 12 + (mon - 1) - (count - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/**
 * The compounded return over the last `months` Tokyo months up to and including the month of
 * `nowMs`; months without money count as flat.
 */
export function periodReturn(monthly: readonly MonthlyReturn[], months: number, nowMs: number): number {
  const from = monthsBack(monthOf(nowMs), months);
  return monthly.filter((m) => m.month >= from).reduce((growth, m) => growth * (1 + m.value), 1) - 1;
}

/** The largest fall of the growth index from a peak before it, as a fraction (0.25 is -25%). */
export function maxDrawdown(curve: readonly IndexPoint[]): number {
  let peak = 0;
  let worst = 0;
  for (const point of curve) {
    peak = Math.max(peak, point.value);
    if (peak > 0) worst = Math.max(worst, (peak - point.value) / peak);
  }
  return worst;
}

/** A trade as the record needs it: a position of the lead's, closed or still held. */
export interface TradeFact {
  symbol: string;
  leverage: number;
  margin: bigint;
  openedAtMs: number;
  /** Null while held. */
  closedAtMs: number | null;
  /** Realised profit net of charges; null while held. */
  realised: bigint | null;
}

export interface TradeStats {
  trades: number;
  /** Closed trades that made money over closed trades; 0 without any. */
  winShare: number;
  /** Mean time a closed trade was held, ms; 0 without any. */
  averageHoldingMs: number;
  /** Leverage weighted by the margin of each trade; 0 without trades. */
  averageLeverage: number;
}

export function tradeStats(trades: readonly TradeFact[]): TradeStats {
  const closed = trades.filter((trade) => trade.closedAtMs !== null && trade.realised !== null);
  const wins = closed.filter((trade) => (trade.realised ?? 0n) > 0n).length;
  const held = closed.reduce((sum, trade) => sum + ((trade.closedAtMs ?? 0) - trade.openedAtMs), 0);
  const weight = trades.reduce((sum, trade) => sum + Number(trade.margin), 0);
  const leverage = trades.reduce((sum, trade) => sum + trade.leverage * Number(trade.margin), 0);
  return {
    trades: trades.length,
    winShare: closed.length === 0 ? 0 : wins / closed.length,
    averageHoldingMs: closed.length === 0 ? 0 : held / closed.length,
    averageLeverage: weight === 0 ? 0 : leverage / weight,
  };
}

/**
 * The largest single symbol's share of the margin in the open trades (1 when everything is in
 * one name); 0 with nothing open.
 */
export function concentration(open: readonly Pick<TradeFact, "symbol" | "margin">[]): number {
  const bySymbol = new Map<string, number>();
  let total = 0;
  for (const trade of open) {
    const margin = Number(trade.margin);
    bySymbol.set(trade.symbol, (bySymbol.get(trade.symbol) ?? 0) + margin);
    total += margin;
  }
  if (total === 0) return 0;
  return Math.max(...bySymbol.values()) / total;
}

/** The standard deviation of monthly returns (population); 0 with fewer than two months. */
export function monthlyVolatility(monthly: readonly MonthlyReturn[]): number {
  if (monthly.length < 2) return 0;
  const mean = monthly.reduce((sum, m) => sum + m.value, 0) / monthly.length;
  const variance = monthly.reduce((sum, m) => sum + (m.value - mean) ** 2, 0) / monthly.length;
  return Math.sqrt(variance);
}

/**
 * The risk score, a whole number from 0 to 10:
 *
 *   5 × min(1, monthly volatility / 20%)
 * + 3 × min(1, (average leverage − 1) / 4)      (1× adds nothing, 5× or more adds all 3)
 * + 2 × concentration                           (the largest name's share of open margin)
 *
 * rounded to the nearest whole number. A lead whose score is at or above the hiding threshold
 * (`riskHiddenFrom`) is not offered to new copiers.
 */
export function riskScore(input: {
  volatility: number;
  averageLeverage: number;
  concentration: number;
}): number {
  const volatility = Math.min(1, Math.max(0, input.volatility) / 0.2);
  const leverage = Math.min(1, Math.max(0, input.averageLeverage - 1) / 4);
  const concentrated = Math.min(1, Math.max(0, input.concentration));
  return Math.round(5 * volatility + 3 * leverage + 2 * concentrated);
}

/** Leads scoring this or more are hidden from new copiers (their existing copies go on). */
export const riskHiddenFrom = 8;
