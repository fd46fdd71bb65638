import { sql } from "drizzle-orm";
import { rowsOf } from "../db/rows.ts";
import type { Tx } from "./ledger.repo.ts";

export interface LedgerReport {
  accounts: number;
  journals: number;
  /** Member accounts whose cached balance differs from the sum of their entries (house balances are not cached). */
  drifted: { accountId: number; cached: bigint; fromEntries: bigint }[];
  /** Journals whose entries do not sum to zero in some currency. */
  unbalanced: { journalId: number; currency: string; sum: bigint }[];
  /** Entries in a currency other than their account's. */
  mismatched: number;
}

/** Recomputes every balance from its entries and re-adds every journal; a healthy ledger has no findings. */
export async function checkLedger(tx: Tx): Promise<LedgerReport> {
  const drifted = rowsOf(
    await tx.execute(sql`
      select a.id, a.balance, coalesce(sum(e.amount), 0) as from_entries
      from ledger_accounts a left join entries e on e.account_id = a.id
      where a.member_id is not null
      group by a.id having a.balance <> coalesce(sum(e.amount), 0)`),
  ).map((row) => ({
    accountId: Number(row.id),
    cached: BigInt(String(row.balance)),
    fromEntries: BigInt(String(row.from_entries)),
  }));
  const unbalanced = rowsOf(
    await tx.execute(sql`
      select journal_id, currency, sum(amount) as total from entries
      group by journal_id, currency having sum(amount) <> 0`),
  ).map((row) => ({
    journalId: Number(row.journal_id),
    currency: String(row.currency),
    sum: BigInt(String(row.total)),
  }));
  const [counts] = rowsOf(
    await tx.execute(sql`
      select (select count(*) from ledger_accounts) as accounts, (select count(*) from journals) as journals,
        (select count(*) from entries e join ledger_accounts a on a.id = e.account_id where e.currency <> a.currency) as mismatched`),
  );
  return {
    accounts: Number(counts?.accounts ?? 0),
    journals: Number(counts?.journals ?? 0),
    drifted,
    unbalanced,
    mismatched: Number(counts?.mismatched ?? 0),
  };
}

export function isHealthy(report: LedgerReport): boolean {
  return report.drifted.length === 0 && report.unbalanced.length === 0 && report.mismatched === 0;
}
