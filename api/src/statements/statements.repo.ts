import { type MemberPurpose, memberPurposes } from "@kabuto/shared/ledger";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapRows } from "../db/raw-rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";
import type { PurposeBalance, StatementEntry } from "./statement.ts";

function purposeOf(text: string): MemberPurpose {
  if (!(memberPurposes as readonly string[]).includes(text)) throw new Error(`not a member purpose: ${text}`);
  return text as MemberPurpose;
}

/**
 * Each of the member's accounts: the sum of its entries whose journals are dated before `beforeMs`
 * (the balance the ledger gave at that instant), and its live balance (the cache the entries'
 * trigger keeps). Accounts with no entry yet read zero.
 */
export async function balancesAt(
  tx: Tx,
  memberId: string,
  beforeMs: number,
): Promise<{ at: PurposeBalance[]; live: PurposeBalance[] }> {
  const rows = mapRows(
    await tx.execute(sql`
      select a.purpose, a.currency, a.balance::text as live,
             coalesce((select sum(e.amount) from entries e join journals j on j.id = e.journal_id
                       where e.account_id = a.id and j.created_at_ms < ${beforeMs}), 0)::text as at
        from ledger_accounts a
       where a.member_id = ${memberId}
       order by a.currency, a.purpose`),
    (row) => ({
      purpose: purposeOf(row.text("purpose")),
      currency: row.text("currency"),
      at: row.bigint("at"),
      live: row.bigint("live"),
    }),
  );
  return {
    at: rows.map(({ purpose, currency, at }) => ({ purpose, currency, amount: at })),
    live: rows.map(({ purpose, currency, live }) => ({ purpose, currency, amount: live })),
  };
}

/** Every entry on the member's accounts whose journal is dated in [startMs, endMs), with its journal. */
export async function entriesBetween(
  tx: Tx,
  memberId: string,
  startMs: number,
  endMs: number,
): Promise<StatementEntry[]> {
  return mapRows(
    await tx.execute(sql`
      select j.id, j.kind, j.ref, j.memo, j.memo_code, j.memo_params, j.created_at_ms,
             a.purpose, e.currency, e.amount::text as amount
        from ledger_accounts a
        join entries e on e.account_id = a.id
        join journals j on j.id = e.journal_id
       where a.member_id = ${memberId}
         and j.created_at_ms >= ${startMs} and j.created_at_ms < ${endMs}
       order by j.created_at_ms, j.id, e.id`),
    (row) => ({
      journalId: row.int("id"),
      atMs: row.int("created_at_ms"),
      kind: row.text("kind"),
      ref: row.textOrNull("ref"),
      memo: row.textOrNull("memo"),
      memoCode: row.textOrNull("memo_code"),
      memoParams: row.json("memo_params"),
      purpose: purposeOf(row.text("purpose")),
      currency: row.text("currency"),
      amount: row.bigint("amount"),
    }),
  );
}

/** The Tokyo months (`2026-11`) in which the member has a journal, newest first. */
export async function monthsWithJournals(db: Pick<Db, "execute">, memberId: string): Promise<string[]> {
  return mapRows(
    await db.execute(sql`
      select distinct to_char(to_timestamp(created_at_ms / 1000.0) at time zone 'Asia/Tokyo', 'YYYY-MM') as month
        from journals
       where member_id = ${memberId}
       order by month desc`),
    (row) => row.text("month"),
  );
}

/** When the member's ledger begins: their account's opening, or an earlier-dated journal of theirs. */
export async function memberSince(
  db: Pick<Db, "execute">,
  memberId: string,
): Promise<{ account: string; sinceMs: number } | undefined> {
  const [row] = mapRows(
    await db.execute(sql`
      select m.account,
             least(m.created_at_ms,
                   coalesce((select min(created_at_ms) from journals where member_id = m.id), m.created_at_ms)) as since
        from members m
       where m.id = ${memberId}`),
    (found) => ({ account: found.text("account"), sinceMs: found.int("since") }),
  );
  return row;
}
