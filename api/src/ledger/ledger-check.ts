import { sql } from "drizzle-orm";
import { mapOneRow, mapRows } from "../db/raw-rows.ts";
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
  /**
   * Members' loan accounts whose balance is not minus what their loans say is owed (principal and
   * unpaid interest): the loan records would then show another debt than the ledger holds.
   */
  loansMismatched: number;
  /**
   * Copies of lead traders whose share of the follower's copy account disagrees with their row: a
   * stopped copy still holding cash, a running one whose money in less money out is not what it
   * says was invested, a copy account whose balance is not the sum of its copies' cash (an entry
   * on it outside any copy's journals).
   */
  copiesMismatched: number;
}

/** Recomputes every balance from its entries and re-adds every journal; a healthy ledger has no findings. */
export async function checkLedger(tx: Tx): Promise<LedgerReport> {
  const drifted = mapRows(
    await tx.execute(sql`
      select a.id, a.balance, coalesce(sum(e.amount), 0) as from_entries
      from ledger_accounts a left join entries e on e.account_id = a.id
      where a.member_id is not null
      group by a.id having a.balance <> coalesce(sum(e.amount), 0)`),
    (row) => ({
      accountId: row.int("id"),
      cached: row.bigint("balance"),
      fromEntries: row.bigint("from_entries"),
    }),
  );
  const unbalanced = mapRows(
    await tx.execute(sql`
      select journal_id, currency, sum(amount) as total from entries
      group by journal_id, currency having sum(amount) <> 0`),
    (row) => ({ journalId: row.int("journal_id"), currency: row.text("currency"), sum: row.bigint("total") }),
  );
  const counts = mapOneRow(
    await tx.execute(sql`
      select (select count(*) from ledger_accounts) as accounts, (select count(*) from journals) as journals,
        (select count(*) from entries e join ledger_accounts a on a.id = e.account_id where e.currency <> a.currency) as mismatched,
        (select count(*) from (
          select coalesce(a.member_id, l.member_id) as member_id
          from (select * from ledger_accounts where purpose = 'loan') a
          full join (select member_id, currency, sum(principal_minor + interest_minor) as owed
                     from loans where status = 'approved' group by member_id, currency) l
            on l.member_id = a.member_id and l.currency = a.currency
          where coalesce(-a.balance, 0) <> coalesce(l.owed, 0)) m) as loans_mismatched,
        (select count(*) from (
          select c.id from copies c
          left join (select j.ref, sum(e.amount) as cash,
                       sum(e.amount) filter (where j.kind in ('copy_in', 'copy_out')) as net_in
                     from journals j join entries e on e.journal_id = j.id
                     join ledger_accounts a on a.id = e.account_id
                     where a.purpose = 'copy' and j.ref like 'copy:%' group by j.ref) k on k.ref = 'copy:' || c.id
          where (c.status = 'stopped' and coalesce(k.cash, 0) <> 0)
             or (c.status = 'active' and coalesce(k.net_in, 0) <> c.invested_minor)
          union all
          select a.id from ledger_accounts a
          where a.purpose = 'copy' and a.balance <> coalesce((
            select sum(e.amount) from entries e join journals j on j.id = e.journal_id
            where e.account_id = a.id and j.ref like 'copy:%'
              and exists (select 1 from copies c where 'copy:' || c.id = j.ref and c.follower_id = a.member_id)), 0)
        ) x) as copies_mismatched`),
    (row) => ({
      accounts: row.int("accounts"),
      journals: row.int("journals"),
      mismatched: row.int("mismatched"),
      loansMismatched: row.int("loans_mismatched"),
      copiesMismatched: row.int("copies_mismatched"),
    }),
  );
  return {
    accounts: counts.accounts,
    journals: counts.journals,
    drifted,
    unbalanced,
    mismatched: counts.mismatched,
    loansMismatched: counts.loansMismatched,
    copiesMismatched: counts.copiesMismatched,
  };
}

export function isHealthy(report: LedgerReport): boolean {
  return (
    report.drifted.length === 0 &&
    report.unbalanced.length === 0 &&
    report.mismatched === 0 &&
    report.loansMismatched === 0 &&
    report.copiesMismatched === 0
  );
}
