import type { CandleStore, StoredCandle, UnitCandle } from "@kabuto/feed";
import type { CandleInterval } from "@kabuto/shared";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { type Row, rowsOf } from "../db/rows.ts";
import { candles } from "../db/schema.ts";

/** Candles in PostgreSQL: the feed's store, and the history the API serves. */
export class CandlesRepo implements CandleStore {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async save(rows: readonly StoredCandle[]): Promise<void> {
    if (rows.length === 0) return;
    // One statement per batch through unnest: ten times faster than a VALUES list, with no parameter limit.
    // Each column goes as one array parameter (sql.param), not spread into one parameter per value.
    const column = (pick: (row: StoredCandle) => string | number) => sql.param(rows.map(pick));
    await this.db.execute(sql`
      insert into candles (symbol, interval, t, o, h, l, c, v)
      select * from unnest(
        ${column((row) => row.symbol)}::text[], ${column((row) => row.interval)}::text[],
        ${column((row) => row.candle.t)}::bigint[], ${column((row) => row.candle.o)}::bigint[],
        ${column((row) => row.candle.h)}::bigint[], ${column((row) => row.candle.l)}::bigint[],
        ${column((row) => row.candle.c)}::bigint[], ${column((row) => row.candle.v)}::bigint[])
      on conflict (symbol, interval, t) do update
        set o = excluded.o, h = excluded.h, l = excluded.l, c = excluded.c, v = excluded.v`);
  }

  async newest(): Promise<StoredCandle[]> {
    const result = await this.db.execute(sql`
      select distinct on (symbol, interval) symbol, interval, t, o, h, l, c, v
      from candles order by symbol, interval, t desc`);
    return rowsOf(result).map((row) => ({
      symbol: String(row.symbol),
      interval: String(row.interval) as CandleInterval,
      candle: toUnitCandle(row),
    }));
  }

  async lastDays(): Promise<Map<string, UnitCandle[]>> {
    const result = await this.db.execute(sql`
      select symbol, t, o, h, l, c, v from (
        select *, row_number() over (partition by symbol order by t desc) as n
        from candles where interval = '1d') ranked
      where n <= 2 order by symbol, t`);
    const days = new Map<string, UnitCandle[]>();
    for (const row of rowsOf(result)) {
      const list = days.get(String(row.symbol)) ?? [];
      list.push(toUnitCandle(row));
      days.set(String(row.symbol), list);
    }
    return days;
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

function toUnitCandle(row: Row): UnitCandle {
  return {
    t: Number(row.t),
    o: Number(row.o),
    h: Number(row.h),
    l: Number(row.l),
    c: Number(row.c),
    v: Number(row.v),
  };
}
