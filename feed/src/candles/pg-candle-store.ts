import type { UnitCandle } from "@kabuto/shared/market/catalog";
import type { CandleInterval } from "@kabuto/shared/protocol/market-data";
import { candleIntervals } from "@kabuto/shared/protocol/market-data";
import { type SQL, sql } from "drizzle-orm";
import type { CandleStore, StoredCandle } from "../candle-store.ts";

/**
 * What the store needs of a database: Drizzle's `execute`, over node-postgres or PGlite. The
 * composition package passes the database the API's migrations created (table `candles`).
 */
export interface SqlExecutor {
  execute(query: SQL): Promise<unknown>;
}

interface CandleRow {
  symbol: string;
  interval: string;
  t: string | number;
  o: string | number;
  h: string | number;
  l: string | number;
  c: string | number;
  v: string | number;
}

/** The rows of `execute`: both drivers put them under `rows`, which Drizzle's types hide. */
function candleRows(result: unknown): CandleRow[] {
  const rows = (result as { rows?: unknown }).rows ?? result;
  if (!Array.isArray(rows)) throw new Error("the database answered without rows");
  return rows as CandleRow[];
}

function toUnitCandle(row: CandleRow): UnitCandle {
  return {
    t: Number(row.t),
    o: Number(row.o),
    h: Number(row.h),
    l: Number(row.l),
    c: Number(row.c),
    v: Number(row.v),
  };
}

function toInterval(value: string): CandleInterval {
  const interval = candleIntervals.find((known) => known === value);
  if (!interval) throw new Error(`a stored candle has an unknown interval: ${value}`);
  return interval;
}

/** The feed's candles in PostgreSQL (or PGlite): saved in batches, read back at a restart. */
export function createPgCandleStore(db: SqlExecutor): CandleStore {
  return {
    async save(rows: readonly StoredCandle[]): Promise<void> {
      if (rows.length === 0) return;
      // One statement per batch through unnest: ten times faster than a VALUES list, with no
      // parameter limit. Each column goes as one array parameter (sql.param), not one per value.
      const column = (pick: (row: StoredCandle) => string | number) => sql.param(rows.map(pick));
      await db.execute(sql`
        insert into candles (symbol, interval, t, o, h, l, c, v)
        select * from unnest(
          ${column((row) => row.symbol)}::text[], ${column((row) => row.interval)}::text[],
          ${column((row) => row.candle.t)}::bigint[], ${column((row) => row.candle.o)}::bigint[],
          ${column((row) => row.candle.h)}::bigint[], ${column((row) => row.candle.l)}::bigint[],
          ${column((row) => row.candle.c)}::bigint[], ${column((row) => row.candle.v)}::bigint[])
        on conflict (symbol, interval, t) do update
          set o = excluded.o, h = excluded.h, l = excluded.l, c = excluded.c, v = excluded.v`);
    },

    async newest(): Promise<StoredCandle[]> {
      const result = await db.execute(sql`
        select distinct on (symbol, interval) symbol, interval, t, o, h, l, c, v
        from candles order by symbol, interval, t desc`);
      return candleRows(result).map((row) => ({
        symbol: row.symbol,
        interval: toInterval(row.interval),
        candle: toUnitCandle(row),
      }));
    },

    async lastDays(): Promise<Map<string, UnitCandle[]>> {
      const result = await db.execute(sql`
        select symbol, interval, t, o, h, l, c, v from (
          select *, row_number() over (partition by symbol order by t desc) as n
          from candles where interval = '1d') ranked
        where n <= 2 order by symbol, t`);
      const days = new Map<string, UnitCandle[]>();
      for (const row of candleRows(result)) {
        const list = days.get(row.symbol) ?? [];
        list.push(toUnitCandle(row));
        days.set(row.symbol, list);
      }
      return days;
    },
  };
}
