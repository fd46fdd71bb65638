import type { Loan, LoanStatus } from "@kabuto/shared/api/loans";
import { loanStatuses } from "@kabuto/shared/api/loans";
import type { LoanCurrency } from "@kabuto/shared/loans/interest";
import { isLoanCurrency } from "@kabuto/shared/loans/interest";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapOneRow, mapRows, type RawRow } from "../db/raw-rows.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

/** A loan row as the service works with it: money as bigint, the row's own columns only. */
export interface LoanRow {
  id: number;
  memberId: string;
  currency: LoanCurrency;
  amount: bigint;
  status: LoanStatus;
  annualRatePpm: number;
  principal: bigint;
  interest: bigint;
  interestCarry: bigint;
  interestTotal: bigint;
  repaid: bigint;
  accruedThrough: string | null;
  reason: string | null;
  createdAtMs: number;
  decidedAtMs: number | null;
  settledAtMs: number | null;
}

function loanCurrency(row: RawRow): LoanCurrency {
  const currency = row.text("currency");
  if (!isLoanCurrency(currency)) throw new Error(`loan in ${currency}`);
  return currency;
}

function loanStatus(row: RawRow): LoanStatus {
  const status = loanStatuses.find((candidate) => candidate === row.text("status"));
  if (!status) throw new Error(`loan status ${row.text("status")}`);
  return status;
}

function toLoanRow(row: RawRow): LoanRow {
  return {
    id: row.int("id"),
    memberId: row.text("member_id"),
    currency: loanCurrency(row),
    amount: row.bigint("amount_minor"),
    status: loanStatus(row),
    annualRatePpm: row.int("annual_rate_ppm"),
    principal: row.bigint("principal_minor"),
    interest: row.bigint("interest_minor"),
    interestCarry: row.bigint("interest_carry"),
    interestTotal: row.bigint("interest_total_minor"),
    repaid: row.bigint("repaid_minor"),
    accruedThrough: row.textOrNull("accrued_through"),
    reason: row.textOrNull("reason"),
    createdAtMs: row.int("created_at_ms"),
    decidedAtMs: row.intOrNull("decided_at_ms"),
    settledAtMs: row.intOrNull("settled_at_ms"),
  };
}

/** The loan as members and staff read it. */
export function toLoan(row: LoanRow): Loan {
  return {
    id: String(row.id),
    orderNo: `L${String(row.id).padStart(8, "0")}`,
    currency: row.currency,
    amount: row.amount.toString(),
    status: row.status,
    annualRatePpm: row.annualRatePpm,
    principalOwed: row.principal.toString(),
    interestOwed: row.interest.toString(),
    interestTotal: row.interestTotal.toString(),
    repaidTotal: row.repaid.toString(),
    reason: row.reason,
    createdAtMs: row.createdAtMs,
    decidedAtMs: row.decidedAtMs,
    settledAtMs: row.settledAtMs,
  };
}

export async function insertLoan(
  tx: Tx,
  loan: { memberId: string; currency: LoanCurrency; amount: bigint; annualRatePpm: number; nowMs: number },
): Promise<LoanRow> {
  return mapOneRow(
    await tx.execute(sql`
      insert into loans (member_id, currency, amount_minor, status, annual_rate_ppm, created_at_ms)
      values (${loan.memberId}, ${loan.currency}, ${loan.amount.toString()}::bigint, 'pending',
        ${loan.annualRatePpm}, ${loan.nowMs})
      returning *`),
    toLoanRow,
  );
}

/** One loan, locked for the transaction with `lock`; undefined if there is none with that id. */
export async function loanById(tx: Tx | Db, id: number, lock = false): Promise<LoanRow | undefined> {
  const [row] = mapRows(
    await tx.execute(
      lock ? sql`select * from loans where id = ${id} for update` : sql`select * from loans where id = ${id}`,
    ),
    toLoanRow,
  );
  return row;
}

/** Writes what a decision, an accrual or a repayment changed; the ledger moved in the same transaction. */
export async function saveLoan(tx: Tx, loan: LoanRow, decidedBy?: string): Promise<void> {
  await tx.execute(sql`
    update loans set status = ${loan.status}, principal_minor = ${loan.principal.toString()}::bigint,
      interest_minor = ${loan.interest.toString()}::bigint, interest_carry = ${loan.interestCarry.toString()}::bigint,
      interest_total_minor = ${loan.interestTotal.toString()}::bigint, repaid_minor = ${loan.repaid.toString()}::bigint,
      accrued_through = ${loan.accruedThrough}, reason = ${loan.reason}, decided_at_ms = ${loan.decidedAtMs},
      decided_by = coalesce(${decidedBy ?? null}::uuid, decided_by), settled_at_ms = ${loan.settledAtMs}
    where id = ${loan.id}`);
}

/** Loans a page shows: more than a member ever has open, enough for a long history. */
const loansPageMax = 200;

export async function memberLoans(db: Db, memberId: string): Promise<LoanRow[]> {
  return mapRows(
    await db.execute(sql`
      select * from loans where member_id = ${memberId} order by id desc limit ${loansPageMax}`),
    toLoanRow,
  );
}

/** Operations' queue: pending oldest first, decided ones newest first. */
export async function loansByStatus(db: Db, status: LoanStatus): Promise<(LoanRow & { account: string })[]> {
  return mapRows(
    await db.execute(sql`
      select l.*, m.account from loans l join members m on m.id = l.member_id
      where l.status = ${status}
      order by ${status === "pending" ? sql`l.id asc` : sql`l.id desc`} limit ${loansPageMax}`),
    (row) => ({ ...toLoanRow(row), account: row.text("account") }),
  );
}

/** Approved loans whose interest is not yet posted through `throughDate`, oldest first. */
export async function loansToAccrue(db: Db, throughDate: string, limit: number): Promise<number[]> {
  return mapRows(
    await db.execute(sql`
      select id from loans where status = 'approved' and accrued_through < ${throughDate}
      order by id limit ${limit}`),
    (row) => row.int("id"),
  );
}

export interface MemberCreditRow {
  score: number | null;
  verified: boolean;
  createdAtMs: number;
  account: string;
  realName: string | null;
  lines: Map<LoanCurrency, bigint>;
  /** Minor units owed, from the ledger's loan accounts (positive). */
  owed: Map<LoanCurrency, bigint>;
  /** Minor units asked for in undecided requests. */
  pending: Map<LoanCurrency, bigint>;
  /** Net balances per currency (every member account summed), for the line proposal. */
  net: Map<LoanCurrency, bigint>;
}

/** What a member's credit rests on, in one round trip. */
export async function memberCredit(tx: Tx | Db, memberId: string): Promise<MemberCreditRow | undefined> {
  const [member] = mapRows(
    await tx.execute(sql`
      select m.account, m.real_name, m.credit_score, m.verification, m.created_at_ms,
        coalesce((select json_agg(json_build_object('currency', c.currency, 'amount', c.line_minor::text))
          from credit_lines c where c.member_id = m.id), '[]') as lines,
        coalesce((select json_agg(json_build_object('currency', a.currency, 'amount', a.balance::text))
          from ledger_accounts a where a.member_id = m.id and a.purpose = 'loan'), '[]') as owed,
        coalesce((select json_agg(json_build_object('currency', l.currency, 'amount', l.total::text))
          from (select currency, sum(amount_minor) as total from loans
                where member_id = m.id and status = 'pending' group by currency) l), '[]') as pending,
        coalesce((select json_agg(json_build_object('currency', n.currency, 'amount', n.total::text))
          from (select currency, sum(balance) as total from ledger_accounts
                where member_id = m.id group by currency) n), '[]') as net
      from members m where m.id = ${memberId}`),
    (row) => ({
      account: row.text("account"),
      realName: row.textOrNull("real_name"),
      score: row.intOrNull("credit_score"),
      verified: row.text("verification") === "verified",
      createdAtMs: row.int("created_at_ms"),
      lines: amountsByCurrency(row.json("lines")),
      owed: amountsByCurrency(row.json("owed"), -1n),
      pending: amountsByCurrency(row.json("pending")),
      net: amountsByCurrency(row.json("net")),
    }),
  );
  return member;
}

function amountsByCurrency(value: unknown, sign = 1n): Map<LoanCurrency, bigint> {
  const amounts = new Map<LoanCurrency, bigint>();
  const list = value;
  if (!Array.isArray(list)) throw new Error("expected a JSON list of amounts");
  for (const item of list) {
    const { currency, amount } = item as { currency: unknown; amount: unknown };
    if (typeof currency !== "string" || typeof amount !== "string") throw new Error("malformed amount");
    if (isLoanCurrency(currency)) amounts.set(currency, BigInt(amount) * sign);
  }
  return amounts;
}

export async function setCreditScore(tx: Tx, memberId: string, score: number): Promise<void> {
  await tx.execute(sql`update members set credit_score = ${score} where id = ${memberId}`);
}

export async function setCreditLine(
  tx: Tx,
  line: { memberId: string; currency: LoanCurrency; amount: bigint; staffId: string; nowMs: number },
): Promise<void> {
  await tx.execute(sql`
    insert into credit_lines (member_id, currency, line_minor, updated_at_ms, updated_by)
    values (${line.memberId}, ${line.currency}, ${line.amount.toString()}::bigint, ${line.nowMs}, ${line.staffId})
    on conflict (member_id, currency) do update
      set line_minor = excluded.line_minor, updated_at_ms = excluded.updated_at_ms, updated_by = excluded.updated_by`);
}

/** A loan's journals, oldest first, with what each did to the member's loan account. */
export async function loanJournals(
  db: Db,
  memberId: string,
  loanId: number,
): Promise<{ id: string; kind: string; owedChange: bigint; createdAtMs: number; memo: string | null }[]> {
  return mapRows(
    await db.execute(sql`
      select j.id, j.kind, j.memo, j.created_at_ms, coalesce(sum(e.amount) filter (where a.purpose = 'loan'), 0) as change
      from journals j join entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
      where j.member_id = ${memberId} and j.ref = ${`loan:${loanId}`} and a.member_id is not null
      group by j.id order by j.id`),
    (row) => ({
      id: String(row.int("id")),
      kind: row.text("kind"),
      // The loan account is negative by what is owed: a draw takes it down, so owed goes up.
      owedChange: -row.bigint("change"),
      createdAtMs: row.int("created_at_ms"),
      memo: row.textOrNull("memo"),
    }),
  );
}

/**
 * The ledger check's finding for loans: members whose loan account is not minus what their
 * approved loans say is owed (principal and unpaid interest), where the loan records would show
 * another debt than the ledger holds.
 */
export async function loanAccountsMismatched(tx: Tx): Promise<number> {
  return mapOneRow(
    await tx.execute(sql`
      select count(*) as mismatched from (
        select coalesce(a.member_id, l.member_id) as member_id
        from (select * from ledger_accounts where purpose = 'loan') a
        full join (select member_id, currency, sum(principal_minor + interest_minor) as owed
                   from loans where status = 'approved' group by member_id, currency) l
          on l.member_id = a.member_id and l.currency = a.currency
        where coalesce(-a.balance, 0) <> coalesce(l.owed, 0)) m`),
    (row) => row.int("mismatched"),
  );
}
