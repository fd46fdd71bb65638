import type { TickTable } from "@kabuto/shared/market/ticks";
import type { Market } from "@kabuto/shared/symbols";

/**
 * The price grid of one instrument: integer units at a fixed scale, the tick at a price, and
 * the daily limits where the market has them. Equities take theirs from the market rules in
 * shared; indices and FX have a flat grid.
 */
export interface PriceGrid {
  scale: number;
  tickAt(units: number): number;
  /** Rounds a continuous price (in units, may be fractional) onto the grid. */
  round(units: number): number;
  limits(prevCloseUnits: number): { up: number; down: number } | null;
  format(units: number): string;
}

export type InstrumentKind = "equity" | "index" | "fx";

export interface SimInstrument {
  symbol: string;
  kind: InstrumentKind;
  /** The market whose sessions it trades in; FX trades around the clock on weekdays. */
  market: Market;
  zone: string;
  grid: PriceGrid;
  /**
   * Tokyo's equities: the tick table of the PTS, the second venue (`ptsTickTable`, a tenth of
   * the TSE's tick). Its limits are the TSE's: the simulator takes them from `grid`.
   */
  ptsTable?: TickTable;
  /** Shares in a trading unit; 0 for indices and FX, which have no volume. */
  lot: number;
  refUnits: number;
  annualVol: number;
  avgDailyVolume: number;
  /** Indices: the market whose equities move them, and how strongly. */
  beta?: number;
  /** FX: spread in basis points around the mid. */
  spreadBps?: number;
  /** FX pegs: the band, in units, that the authority defends and the rate never leaves. */
  band?: { min: number; max: number };
  /**
   * Equities that pay dividends: the payment per share, in units, whose ex-date is this trading
   * date (0 on any other day). The day's first price opens lower by it.
   */
  exDividendUnits?: (tradingDate: string) => number;
}

/** Holds a (continuous) price inside the instrument's peg band; most instruments have none. */
export function clampToBand(instrument: SimInstrument, units: number): number {
  const { band } = instrument;
  return band ? Math.min(band.max, Math.max(band.min, units)) : units;
}

export function flatGrid(decimals: number): PriceGrid {
  const scale = 10 ** decimals;
  return {
    scale,
    tickAt: () => 1,
    round: (units) => Math.max(1, Math.round(units)),
    limits: () => null,
    format: (units) => (units / scale).toFixed(decimals),
  };
}
