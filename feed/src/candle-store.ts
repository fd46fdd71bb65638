import type { UnitCandle } from "@kabuto/shared/market/catalog";
import type { CandleInterval } from "@kabuto/shared/protocol/market-data";

/** One candle of one symbol and interval, in integer price units. */
export interface StoredCandle {
  symbol: string;
  interval: CandleInterval;
  candle: UnitCandle;
}

/**
 * Where the feed keeps candles. The API implements it on PostgreSQL; the feed only needs these
 * three questions answered, so its simulator stays free of SQL.
 */
export interface CandleStore {
  /** Upserts by (symbol, interval, t): a candle saved again replaces the earlier save. */
  save(candles: readonly StoredCandle[]): Promise<void>;
  /** The newest candle of every symbol and interval that has any. */
  newest(): Promise<StoredCandle[]>;
  /** The two newest daily candles per symbol (today's or the last day's, and the one before). */
  lastDays(): Promise<Map<string, UnitCandle[]>>;
}
