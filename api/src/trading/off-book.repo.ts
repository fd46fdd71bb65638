import type { Currency } from "@kabuto/shared/symbols";
import { sql } from "drizzle-orm";
import { mapOneRow } from "../db/raw-rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";
import { insertFillBooks } from "./fill-books.repo.ts";

/** A long filled off the order book at an agreed price: a new share's allotment or a block trade's fill. */
export interface OffBookFill {
  memberId: string;
  symbol: string;
  currency: Currency;
  quantity: number;
  priceUnits: number;
  price: string;
  notional: bigint;
  /** The purchase fee the fill's journals charged (0 for an allotment). */
  fee: bigint;
  /** Until when the position may not be sold (a lock-up); null for none. */
  lockedUntilMs: number | null;
  nowMs: number;
}

/**
 * Writes an off-book fill's filled limit order and the holding position it opened, at leverage
 * 1 (the whole notional is its margin), and links the two, with the fill's record in `fill_books`
 * (off the book: the agreed price, no book). The journals are the caller's.
 */
export async function insertOffBookPosition(tx: Tx, fill: OffBookFill): Promise<number> {
  const order = mapOneRow(
    await tx.execute(sql`
      insert into orders (member_id, symbol, side, type, quantity, leverage, limit_units, session, status,
        held_minor, fill_price, venue, created_at_ms, updated_at_ms)
      values (${fill.memberId}, ${fill.symbol}, 'long', 'limit', ${fill.quantity}, 1,
        ${fill.priceUnits}, 'regular', 'filled', 0, ${fill.price},
        case when ${fill.symbol}::text like 'JP:%' then 'tse' end, ${fill.nowMs}, ${fill.nowMs})
      returning id`),
    (row) => row.int("id"),
  );
  const notional = fill.notional.toString();
  const positionId = mapOneRow(
    await tx.execute(sql`
      insert into positions (member_id, symbol, currency, side, quantity, leverage, open_order_id, open_price,
        open_notional_minor, initial_margin_minor, margin_minor, open_fee_minor, status, locked_until_ms, opened_at_ms)
      values (${fill.memberId}, ${fill.symbol}, ${fill.currency}, 'long', ${fill.quantity}, 1,
        ${order}, ${fill.price}, ${notional}::bigint, ${notional}::bigint, ${notional}::bigint,
        ${fill.fee.toString()}::bigint, 'holding', ${fill.lockedUntilMs}, ${fill.nowMs})
      returning id`),
    (row) => row.int("id"),
  );
  await tx.execute(sql`update orders set position_id = ${positionId} where id = ${order}`);
  await insertFillBooks(tx, [
    {
      positionId,
      kind: "open",
      orderId: order,
      symbol: fill.symbol,
      side: "long",
      quantity: fill.quantity,
      source: null,
      scaledNotional: BigInt(fill.priceUnits) * BigInt(fill.quantity),
      averageUnits: fill.priceUnits,
      price: fill.price,
      filledAtMs: fill.nowMs,
    },
  ]);
  return positionId;
}
