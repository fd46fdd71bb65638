import { sql } from "drizzle-orm";
import { mapOneRow, mapRows } from "../db/raw-rows.ts";
import type { Tx } from "./ledger.repo.ts";

/**
 * A product's own check of the ledger against its records (its loans, its copies), run with the
 * ledger's: how many findings it has, none when its records and the ledger agree.
 */
export interface LedgerCheck {
  /** The check's name on the report (the console says what each one means). */
  name: string;
  /** What a finding is, for `npm run ledger:check`'s output ("loan accounts that differ from..."). */
  finding: string;
  count(tx: Tx): Promise<number>;
}

export interface LedgerReport {
  accounts: number;
  journals: number;
  /** Member accounts whose cached balance differs from the sum of their entries (house balances are not cached). */
  drifted: { accountId: number; cached: bigint; fromEntries: bigint }[];
  /** Journals whose entries do not sum to zero in some currency. */
  unbalanced: { journalId: number; currency: string; sum: bigint }[];
  /** Entries in a currency other than their account's. */
  mismatched: number;
  /** Each product's check (`LedgerCheck`) with its findings, in the products' order. */
  checks: { name: string; finding: string; count: number }[];
}

/**
 * Recomputes every balance from its entries and re-adds every journal, then runs the products'
 * own checks; a healthy ledger has no findings. Every product's checks: `checkLedger` in
 * `books.ts`.
 */
export async function checkLedgerWith(tx: Tx, productChecks: readonly LedgerCheck[]): Promise<LedgerReport> {
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
        (select count(*) from entries e join ledger_accounts a on a.id = e.account_id where e.currency <> a.currency) as mismatched`),
    (row) => ({
      accounts: row.int("accounts"),
      journals: row.int("journals"),
      mismatched: row.int("mismatched"),
    }),
  );
  const checks = [];
  for (const check of productChecks)
    checks.push({ name: check.name, finding: check.finding, count: await check.count(tx) });
  return {
    accounts: counts.accounts,
    journals: counts.journals,
    drifted,
    unbalanced,
    mismatched: counts.mismatched,
    checks,
  };
}

export function isHealthy(report: LedgerReport): boolean {
  return (
    report.drifted.length === 0 &&
    report.unbalanced.length === 0 &&
    report.mismatched === 0 &&
    report.checks.every((check) => check.count === 0)
  );
}
