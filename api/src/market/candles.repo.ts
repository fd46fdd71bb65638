import type { UnitCandle } from "@kabuto/shared/market/catalog";
import type { CandleInterval } from "@kabuto/shared/protocol/market-data";
import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { candles } from "../db/schema.ts";

/**
 * The price history the API serves, read from the candles the feed stores (the feed's own
 * store writes them; this side only reads).
 */
export class CandlesRepo {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /** Up to `limit` candles starting before `beforeMs`, oldest first. */
  async history(
    symbol: string,
    interval: CandleInterval,
    beforeMs: number,
    limit: number,
  ): Promise<UnitCandle[]> {
    const rows = await this.db
      .select({ t: candles.t, o: candles.o, h: candles.h, l: candles.l, c: candles.c, v: candles.v })
      .from(candles)
      .where(and(eq(candles.symbol, symbol), eq(candles.interval, interval), lt(candles.t, beforeMs)))
      .orderBy(desc(candles.t))
      .limit(limit);
    return rows.reverse();
  }
}
