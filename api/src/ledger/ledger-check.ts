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
  /**
   * Breaks in the tamper-evident trail (migration 0026): a journal or audit record whose content no
   * longer hashes to its link (`altered`), a link that does not follow the one before it in its
   * chain (`relinked`), a link missing before this one (`gap`: a row and its link were removed), or
   * a committed row with no link (`unlinked`); a chain that no longer passes through the head a proof
   * snapshot pinned (`rewritten`: its links from there on were recomputed), or a snapshot whose
   * stored heads no longer give the digest it published (`repinned`).
   */
  trail: TrailBreak[];
}

export interface TrailBreak {
  /** The member's id (their journals), `house`, or `audit`. */
  chain: string;
  /** The link's place in its chain; 0 for a row with no link. */
  seq: number;
  /** `journal:<id>` or `audit:<id>`. */
  record: string;
  problem: TrailProblem;
}

const trailProblems = ["altered", "relinked", "gap", "unlinked", "rewritten", "repinned"] as const;
export type TrailProblem = (typeof trailProblems)[number];

/** Walks every chain of the trail, in order, recomputing each link from its row. */
async function checkTrail(tx: Tx): Promise<TrailBreak[]> {
  const result = await tx.execute(sql`
    select chain, seq, record, problem from (
      select l.chain, l.seq, 'journal:' || l.journal_id as record,
        case
          when l.seq <> coalesce(lag(l.seq) over w, 0) + 1 then 'gap'
          when l.prev_hash <> coalesce(lag(l.hash) over w, repeat('0', 64)) then 'relinked'
          when l.hash <> trail_hash(l.prev_hash, journal_digest(l.journal_id)) then 'altered'
        end as problem
      from journal_links l
      window w as (partition by l.chain order by l.seq)
      union all
      select 'audit', l.seq, 'audit:' || l.audit_id,
        case
          when l.seq <> coalesce(lag(l.seq) over w, 0) + 1 then 'gap'
          when l.prev_hash <> coalesce(lag(l.hash) over w, repeat('0', 64)) then 'relinked'
          when l.hash <> trail_hash(l.prev_hash, audit_digest(l.audit_id)) then 'altered'
        end
      from audit_links l
      window w as (order by l.seq)
      union all
      select coalesce(j.member_id::text, 'house'), 0, 'journal:' || j.id, 'unlinked'
      from journals j where not exists (select 1 from journal_links l where l.journal_id = j.id)
      union all
      select 'audit', 0, 'audit:' || a.id, 'unlinked'
      from audit_log a where not exists (select 1 from audit_links l where l.audit_id = a.id)
      union all
      select h.chain, h.seq,
        coalesce('journal:' || l.journal_id, 'audit:' || al.audit_id, 'proof:' || h.snapshot_id), 'rewritten'
      from proof_trail_heads h
      left join journal_links l on h.chain <> 'audit' and l.chain = h.chain and l.seq = h.seq
      left join audit_links al on h.chain = 'audit' and al.seq = h.seq
      where coalesce(l.hash, al.hash) is distinct from h.hash
      union all
      select 'proof', t.snapshot_id, 'proof:' || t.snapshot_id, 'repinned'
      from proof_trails t
      where t.digest <> (
        select encode(sha256(convert_to(
          coalesce(string_agg(h.chain || ':' || h.seq || ':' || h.hash, ',' order by h.chain), ''), 'UTF8')), 'hex')
        from proof_trail_heads h where h.snapshot_id = t.snapshot_id)
    ) found
    where problem is not null
    order by chain, seq`);
  return mapRows(result, (row) => {
    const problem = trailProblems.find((each) => each === row.text("problem"));
    if (!problem) throw new Error(`unknown trail problem ${row.text("problem")}`);
    return { chain: row.text("chain"), seq: row.int("seq"), record: row.text("record"), problem };
  });
}

/**
 * Recomputes every balance from its entries, re-adds every journal, walks the trail's chains and
 * runs the products' own checks; a healthy ledger has no findings. Every product's checks:
 * `checkLedger` in `books.ts`.
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
  const trail = await checkTrail(tx);
  return {
    accounts: counts.accounts,
    journals: counts.journals,
    drifted,
    unbalanced,
    mismatched: counts.mismatched,
    checks,
    trail,
  };
}

export function isHealthy(report: LedgerReport): boolean {
  return (
    report.drifted.length === 0 &&
    report.unbalanced.length === 0 &&
    report.mismatched === 0 &&
    report.checks.every((check) => check.count === 0) &&
    report.trail.length === 0
  );
}
