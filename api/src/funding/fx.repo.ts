import type { FxQuote } from "@kabuto/shared/api/funding";
import type { Currency } from "@kabuto/shared/symbols";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapOneRow, mapRows, type RawRow } from "../db/raw-rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

function toFxQuote(row: RawRow): FxQuote {
  return {
    id: row.text("id"),
    from: row.currency("from_currency"),
    to: row.currency("to_currency"),
    fromAmount: row.minor("from_minor"),
    toAmount: row.minor("to_minor"),
    rate: row.text("rate"),
    expiresAtMs: row.int("expires_at_ms"),
  };
}

/** Quotes the member was given after `sinceMs`: the rate limit counts them. */
export async function quotesSince(db: Db, memberId: string, sinceMs: number): Promise<number> {
  return mapOneRow(
    await db.execute(sql`
        select count(*) as n from fx_quotes where member_id = ${memberId} and created_at_ms > ${sinceMs}`),
    (row) => row.int("n"),
  );
}

export async function insertQuote(
  db: Db,
  quote: {
    memberId: string;
    from: Currency;
    to: Currency;
    fromMinor: bigint;
    toMinor: bigint;
    rate: string;
    nowMs: number;
    expiresAtMs: number;
  },
): Promise<FxQuote> {
  const { memberId, from, to, fromMinor, toMinor, rate, nowMs, expiresAtMs } = quote;
  return mapOneRow(
    await db.execute(sql`
        insert into fx_quotes (member_id, from_currency, to_currency, from_minor, to_minor, rate, created_at_ms, expires_at_ms)
        values (${memberId}, ${from}, ${to}, ${fromMinor.toString()}::bigint, ${toMinor.toString()}::bigint,
          ${rate}, ${nowMs}, ${expiresAtMs})
        returning *`),
    toFxQuote,
  );
}

/**
 * Locks the member's own quote for the transaction: the quote and the journal that already
 * used it (null while unused). Undefined when the member has no such quote.
 */
export async function lockQuote(
  tx: Tx,
  quoteId: string,
  memberId: string,
): Promise<{ quote: FxQuote; journalId: number | null } | undefined> {
  const [locked] = mapRows(
    await tx.execute(sql`
            select * from fx_quotes where id = ${quoteId} and member_id = ${memberId} for update`),
    (row) => ({ quote: toFxQuote(row), journalId: row.intOrNull("journal_id") }),
  );
  return locked;
}

/** Marks the quote used by the conversion's journal. */
export async function markQuoteUsed(tx: Tx, quoteId: string, journalId: number): Promise<void> {
  await tx.execute(sql`update fx_quotes set journal_id = ${journalId} where id = ${quoteId}`);
}
