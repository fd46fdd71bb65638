import { type Currency, currencySchema } from "@kabuto/shared/symbols";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapRows, type RawRow } from "../db/raw-rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

type Reader = Pick<Db, "execute">;

/** An open or closed position that was held at a cut-off instant, for the dividend paid on it. */
export interface HeldPosition {
  id: number;
  memberId: string;
  side: "long" | "short";
  quantity: number;
}

export interface PaymentRow {
  id: number;
  dividendId: string;
  positionId: number;
  memberId: string;
  symbol: string;
  currency: Currency;
  exDate: string;
  side: "long" | "short";
  quantity: number;
  perShareUnits: number;
  gross: bigint;
  withheld: bigint;
  net: bigint;
  journalId: number;
  createdAtMs: number;
}

function sideOf(row: RawRow): "long" | "short" {
  const side = row.text("side");
  if (side !== "long" && side !== "short") throw new Error(`position side ${side}`);
  return side;
}

function toPaymentRow(row: RawRow): PaymentRow {
  return {
    id: row.int("id"),
    dividendId: row.text("dividend_id"),
    positionId: row.int("position_id"),
    memberId: row.text("member_id"),
    symbol: row.text("symbol"),
    currency: currencySchema.parse(row.text("currency")),
    exDate: row.text("ex_date"),
    side: sideOf(row),
    quantity: row.int("quantity"),
    perShareUnits: row.int("per_share_units"),
    gross: row.bigint("gross_minor"),
    withheld: row.bigint("withheld_minor"),
    net: row.bigint("net_minor"),
    journalId: row.int("journal_id"),
    createdAtMs: row.int("created_at_ms"),
  };
}

/**
 * Positions in a symbol held at `cutoffMs` (opened before it, not closed before it) that have
 * not yet been paid this dividend, oldest first, at most `limit`. Read as the positions still
 * open and those closed since the cut-off, each by its own index, so a long history of closed
 * positions is never scanned.
 */
export async function unpaidHolders(
  db: Reader,
  input: { symbol: string; dividendId: string; cutoffMs: number; limit: number },
): Promise<HeldPosition[]> {
  const unpaid = sql`not exists (
    select 1 from dividend_entitlements d where d.position_id = p.id and d.dividend_id = ${input.dividendId})`;
  return mapRows(
    await db.execute(sql`
      select id, member_id, side, quantity from (
        select p.id, p.member_id, p.side, p.quantity from positions p
        where p.symbol = ${input.symbol} and p.status = 'holding' and p.opened_at_ms < ${input.cutoffMs} and ${unpaid}
        union all
        select p.id, p.member_id, p.side, p.quantity from positions p
        where p.symbol = ${input.symbol} and p.closed_at_ms >= ${input.cutoffMs}
          and p.opened_at_ms < ${input.cutoffMs} and ${unpaid}
      ) held
      order by id limit ${input.limit}`),
    (row) => ({
      id: row.int("id"),
      memberId: row.text("member_id"),
      side: sideOf(row),
      quantity: row.int("quantity"),
    }),
  );
}

/**
 * Records a payment; false if this position was already paid this dividend (another worker got
 * there first), in which case the caller rolls its journal back.
 */
export async function insertPayment(tx: Tx, row: Omit<PaymentRow, "id">): Promise<boolean> {
  const inserted = mapRows(
    await tx.execute(sql`
      insert into dividend_entitlements (dividend_id, position_id, member_id, symbol, currency, ex_date, side,
        quantity, per_share_units, gross_minor, withheld_minor, net_minor, journal_id, created_at_ms)
      values (${row.dividendId}, ${row.positionId}, ${row.memberId}, ${row.symbol}, ${row.currency}, ${row.exDate},
        ${row.side}, ${row.quantity}, ${row.perShareUnits}, ${row.gross.toString()}, ${row.withheld.toString()},
        ${row.net.toString()}, ${row.journalId}, ${row.createdAtMs})
      on conflict on constraint dividend_entitlements_once do nothing
      returning id`),
    (found) => found.int("id"),
  );
  return inserted.length > 0;
}

const paymentColumns = sql`id, dividend_id, position_id, member_id, symbol, currency, ex_date, side, quantity,
  per_share_units, gross_minor, withheld_minor, net_minor, journal_id, created_at_ms`;

/** A member's payments, newest first. */
export async function memberPayments(db: Reader, memberId: string, limit: number): Promise<PaymentRow[]> {
  return mapRows(
    await db.execute(sql`
      select ${paymentColumns} from dividend_entitlements
      where member_id = ${memberId} order by id desc limit ${limit}`),
    toPaymentRow,
  );
}

/** A member's payments on one dividend, one per position. */
export async function memberPaymentsOn(
  db: Reader,
  memberId: string,
  dividendId: string,
): Promise<PaymentRow[]> {
  return mapRows(
    await db.execute(sql`
      select ${paymentColumns} from dividend_entitlements
      where member_id = ${memberId} and dividend_id = ${dividendId} order by id`),
    toPaymentRow,
  );
}

/** Shares a member holds in open positions, per symbol and side. */
export async function openHoldings(
  db: Reader,
  memberId: string,
): Promise<{ symbol: string; side: "long" | "short"; quantity: number }[]> {
  return mapRows(
    await db.execute(sql`
      select symbol, side, sum(quantity) as quantity from positions
      where member_id = ${memberId} and status = 'holding'
      group by symbol, side order by symbol, side`),
    (row) => ({ symbol: row.text("symbol"), side: sideOf(row), quantity: row.int("quantity") }),
  );
}

/** The symbols on a member's watchlist. */
export async function watchlistSymbols(db: Reader, memberId: string): Promise<string[]> {
  return mapRows(
    await db.execute(sql`select symbol from watchlist where member_id = ${memberId} order by added_at_ms`),
    (row) => row.text("symbol"),
  );
}
