import type { InstrumentSymbol } from "@kabuto/shared/symbols";
import { symbolMarket } from "@kabuto/shared/symbols";
import type { FillSource } from "@kabuto/shared/trading/fill-book";
import type { Side } from "@kabuto/shared/trading/rules";
import { type SQL, sql } from "drizzle-orm";

/**
 * One fill's record of the book it was priced against (`fill_books`, migration 0031): an opening
 * or a close of a position, written in the fill's own transaction. `source` is null for a fill
 * off the book (a block trade, a new share's allotment), which has an agreed price and no book.
 */
export interface FillBookRow {
  positionId: string | number;
  kind: "open" | "close";
  /** The order that filled: the market or limit order that opened, the closing order; null for a close at market. */
  orderId: string | number | null;
  symbol: string;
  /** The side of the trade: long bought (walked the asks), short sold (hit the bids). */
  side: Side;
  quantity: number;
  source: FillSource | null;
  scaledNotional: bigint;
  averageUnits: number;
  /** The average price as the order and the position show it. */
  price: string;
  filledAtMs: number;
}

/** The columns `fill_books` is written with, in `fillBookValues`' order. */
export const fillBookColumns = sql.raw(
  "position_id, kind, order_id, market, symbol, side, quantity, off_book, epoch, seq, pts_epoch, pts_seq, seen, taken, scaled_notional, average_units, price, filled_at_ms",
);

/** The rows as one `select ... from unnest(...)`, for an INSERT of its own or a CTE of a larger statement. */
export function fillBookValues(rows: readonly FillBookRow[]): SQL {
  const column = <T>(pick: (row: FillBookRow) => T) => sql.param(rows.map(pick));
  return sql`select * from unnest(${column((r) => String(r.positionId))}::bigint[], ${column((r) => r.kind)}::text[],
    ${column((r) => (r.orderId === null ? null : String(r.orderId)))}::bigint[], ${column((r) => symbolMarket(r.symbol as InstrumentSymbol))}::text[],
    ${column((r) => r.symbol)}::text[], ${column((r) => r.side)}::text[], ${column((r) => r.quantity)}::int[],
    ${column((r) => r.source === null)}::boolean[], ${column((r) => r.source?.epoch ?? null)}::text[],
    ${column((r) => (r.source === null || r.source.seq === null ? null : String(r.source.seq)))}::bigint[],
    ${column((r) => r.source?.pts?.epoch ?? null)}::text[],
    ${column((r) => (r.source?.pts ? String(r.source.pts.seq) : null))}::bigint[],
    ${column((r) => JSON.stringify(r.source?.seen ?? []))}::jsonb[], ${column((r) => JSON.stringify(r.source?.taken ?? []))}::jsonb[],
    ${column((r) => r.scaledNotional.toString())}::numeric[], ${column((r) => String(r.averageUnits))}::numeric[],
    ${column((r) => r.price)}::text[], ${column((r) => String(r.filledAtMs))}::bigint[])`;
}

/** Writes fills' records in one statement (a close, an off-book fill); openings write theirs inside their own statement. */
export async function insertFillBooks(
  tx: { execute: (query: SQL) => Promise<unknown> },
  rows: readonly FillBookRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`insert into fill_books (${fillBookColumns}) ${fillBookValues(rows)}`);
}
