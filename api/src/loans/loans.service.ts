import type {
  BorrowRequest,
  Credit,
  CreditLine,
  CreditSetting,
  Loan,
  LoanDetail,
  LoanStatus,
  OpsCredit,
  OpsLoan,
  OpsLoanRow,
  RepaymentRequest,
} from "@kabuto/shared/api/loans";
import type { ReviewDecision } from "@kabuto/shared/api/ops";
import { proposeCredit } from "@kabuto/shared/loans/credit";
import { dayBasisOf, type LoanCurrency, loanCurrencies } from "@kabuto/shared/loans/interest";
import { addDays } from "@kabuto/shared/market/iso-date";
import { zonedIsoDate } from "@kabuto/shared/market/zone-time";
import { decimalToMinor } from "@kabuto/shared/money";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type AccountEvents, type MemberEvent, transactThenEmit } from "../events/account-events.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { isUuid, numericId } from "../ids.ts";
import { recordAudit } from "../kernel/audit.ts";
import { lockMember } from "../kernel/members.repo.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import { assertBalanced } from "../ledger/journal.ts";
import { lockAvailable, postJournal, type Tx } from "../ledger/ledger.repo.ts";
import { accrueInterest, approveLoan, type LoanStep, rejectLoan, repayLoan } from "./loan-drafts.ts";
import {
  insertLoan,
  type LoanRow,
  loanById,
  loanJournals,
  loansByStatus,
  loansToAccrue,
  type MemberCreditRow,
  memberCredit,
  memberLoans,
  saveLoan,
  setCreditLine,
  setCreditScore,
  toLoan,
} from "./loans.repo.ts";

/** Interest days are Tokyo dates: the house's books close on Tokyo's calendar. */
const bookZone = "Asia/Tokyo";
/** Days of interest one transaction posts: a year's catch-up fits in one, longer ones take a few passes. */
const accrualDaysPerStepMax = 400;
/** Loans the worker looks at per pass; the rest wait for the next one, oldest first. */
const loansPerPassMax = 500;
const dayMs = 86_400_000;

export interface LoanTerms {
  /** Annual rate per currency, parts per million. */
  ratePpm: ReadonlyMap<LoanCurrency, number>;
  /** The smallest loan per currency, minor units. */
  minimum: ReadonlyMap<LoanCurrency, bigint>;
}

export interface StaffContext {
  nowMs: number;
  ip: string;
}

/**
 * Credit loans: a member asks for an amount within the line operations set; a reviewer approves
 * it (the money arrives in a `loan_draw` journal and is owed) or rejects it with a reason. Interest
 * is posted day by day; repayments come from available cash, interest first, until nothing is owed.
 */
export class LoansService {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly events: AccountEvents;
  private readonly terms: LoanTerms;

  constructor(deps: { db: Db; now: () => number; events: AccountEvents; terms: LoanTerms }) {
    this.db = deps.db;
    this.now = deps.now;
    this.events = deps.events;
    this.terms = deps.terms;
  }

  async credit(memberId: string): Promise<Credit> {
    const row = await memberCredit(this.db, memberId);
    if (!row) throw new AppError("UNAUTHENTICATED");
    return this.creditOf(row);
  }

  async list(memberId: string): Promise<Loan[]> {
    return (await memberLoans(this.db, memberId)).map(toLoan);
  }

  async detail(memberId: string, id: string): Promise<LoanDetail> {
    const loan = await loanById(this.db, numericId(id, "LOAN_NOT_FOUND"));
    if (!loan || loan.memberId !== memberId) throw new AppError("LOAN_NOT_FOUND");
    const journals = await loanJournals(this.db, memberId, loan.id);
    return {
      loan: toLoan(loan),
      journals: journals.map((journal) => ({
        id: journal.id,
        kind: journalKindOf(journal.kind),
        owedChange: journal.owedChange.toString(),
        createdAtMs: journal.createdAtMs,
        interestDate: journal.kind === "loan_interest" ? journal.memo : null,
      })),
    };
  }

  /** Asks for a loan. Nothing moves until a reviewer approves it, but it counts against the line at once. */
  async borrow(memberId: string, body: BorrowRequest, claim?: Claim): Promise<Keyed<Loan>> {
    const { currency } = body;
    const amount = decimalToMinor(body.amount, currency);
    if (amount === undefined || amount <= 0n) throw new AppError("AMOUNT_INVALID");
    const minimum = this.minimumOf(currency);
    if (amount < minimum)
      throw new AppError("AMOUNT_BELOW_MINIMUM", { minimum: minimum.toString(), currency });
    const nowMs = this.now();
    return this.db.transaction((tx) =>
      underClaim(tx, memberId, claim, nowMs, async () => {
        // The member's row lock serialises their requests: two at once cannot both fit the line.
        if ((await lockMember(tx, memberId)).frozen) throw new AppError("ACCOUNT_FROZEN");
        const credit = await memberCredit(tx, memberId);
        if (!credit) throw new AppError("UNAUTHENTICATED");
        if (!credit.verified) throw new AppError("KYC_REQUIRED");
        const line = this.lineOf(credit, currency);
        if (amount > BigInt(line.available)) {
          throw new AppError("LOAN_LINE_INSUFFICIENT", { available: line.available, currency });
        }
        const ratePpm = this.rateOf(currency);
        return toLoan(await insertLoan(tx, { memberId, currency, amount, annualRatePpm: ratePpm, nowMs }));
      }),
    );
  }

  /** Repays part or all of an approved loan from available cash, after posting the interest owed so far. */
  async repay(memberId: string, id: string, body: RepaymentRequest, claim?: Claim): Promise<Keyed<Loan>> {
    const loanId = numericId(id, "LOAN_NOT_FOUND");
    const nowMs = this.now();
    return transactThenEmit(this.db, this.events, async (tx) => {
      const result = await underClaim(tx, memberId, claim, nowMs, async () => {
        if ((await lockMember(tx, memberId)).frozen) throw new AppError("ACCOUNT_FROZEN");
        const found = await loanById(tx, loanId, true);
        if (!found || found.memberId !== memberId) throw new AppError("LOAN_NOT_FOUND");
        if (found.status !== "approved") throw new AppError("LOAN_NOT_OWED");
        const amount = decimalToMinor(body.amount, found.currency);
        if (amount === undefined || amount <= 0n) throw new AppError("AMOUNT_INVALID");
        // Interest up to yesterday is owed before today's repayment counts.
        const accrued = accrueInterest(found, yesterday(nowMs), accrualDaysPerStepMax);
        const owed = accrued.loan.principal + accrued.loan.interest;
        if (amount > owed) throw new AppError("REPAYMENT_EXCEEDS_LOAN", { owed: owed.toString() });
        const available = await lockAvailable(tx, memberId, found.currency);
        if (amount > available)
          throw new AppError("INSUFFICIENT_BALANCE", { available: available.toString() });
        const repaid = repayLoan(accrued.loan, amount, nowMs);
        await writeStep(
          tx,
          { loan: repaid.loan, journals: [...accrued.journals, ...repaid.journals] },
          nowMs,
        );
        return toLoan(repaid.loan);
      });
      const events: MemberEvent[] = result.replayed
        ? []
        : [{ memberId, event: { type: "balance", id: result.value.currency } }];
      return { value: result, events };
    });
  }

  // Operations

  async opsList(status: LoanStatus = "pending"): Promise<OpsLoanRow[]> {
    return (await loansByStatus(this.db, status)).map((row) => ({
      ...toLoan(row),
      memberId: row.memberId,
      memberAccount: row.account,
    }));
  }

  async opsDetail(id: string): Promise<OpsLoan> {
    const loan = await loanById(this.db, numericId(id, "LOAN_NOT_FOUND"));
    if (!loan) throw new AppError("LOAN_NOT_FOUND");
    const credit = await memberCredit(this.db, loan.memberId);
    if (!credit) throw new AppError("MEMBER_NOT_FOUND");
    return {
      ...toLoan(loan),
      memberId: loan.memberId,
      memberAccount: credit.account,
      memberRealName: credit.realName,
      credit: this.creditOf(credit),
    };
  }

  /** Approves a pending loan (the money arrives and is owed) or rejects it with the reason the member reads. */
  async review(
    id: string,
    decision: ReviewDecision,
    staff: StaffMember,
    context: StaffContext,
  ): Promise<OpsLoan> {
    const loanId = numericId(id, "LOAN_NOT_FOUND");
    const reason = decision.reason || null;
    if (decision.decision === "reject" && !reason) throw new AppError("REASON_REQUIRED");
    await transactThenEmit(this.db, this.events, async (tx) => {
      const found = await loanById(tx, loanId, true);
      if (!found) throw new AppError("LOAN_NOT_FOUND");
      if (found.status !== "pending") throw new AppError("REQUEST_NOT_PENDING");
      await lockMember(tx, found.memberId);
      const step: LoanStep =
        decision.decision === "approve"
          ? await this.approveWithinLine(tx, found, context.nowMs, reason)
          : { loan: rejectLoan(found, context.nowMs, reason ?? ""), journals: [] };
      await writeStep(tx, step, context.nowMs, staff.id);
      await recordAudit(tx, {
        staffId: staff.id,
        action: decision.decision === "approve" ? "loan.approve" : "loan.reject",
        target: `loan:${loanId}`,
        before: { status: found.status },
        after: { status: step.loan.status },
        reason,
        ip: context.ip,
        atMs: context.nowMs,
      });
      const events: MemberEvent[] =
        step.journals.length > 0
          ? [{ memberId: found.memberId, event: { type: "balance", id: found.currency } }]
          : [];
      return { value: undefined, events };
    });
    return this.opsDetail(id);
  }

  async opsCredit(memberId: string): Promise<OpsCredit> {
    if (!isUuid(memberId)) throw new AppError("MEMBER_NOT_FOUND");
    const row = await memberCredit(this.db, memberId);
    if (!row) throw new AppError("MEMBER_NOT_FOUND");
    return { credit: this.creditOf(row), proposal: this.proposalOf(row) };
  }

  /** Sets a member's score and lines together; the audit log keeps the old and new values and the reason. */
  async setCredit(
    memberId: string,
    input: CreditSetting,
    staff: StaffMember,
    context: StaffContext,
  ): Promise<OpsCredit> {
    if (!isUuid(memberId)) throw new AppError("MEMBER_NOT_FOUND");
    const lines = new Map<LoanCurrency, bigint>();
    for (const currency of loanCurrencies) {
      const amount = decimalToMinor(input.lines[currency], currency);
      if (amount === undefined || amount < 0n) throw new AppError("CREDIT_LINE_INVALID", { currency });
      lines.set(currency, amount);
    }
    await this.db.transaction(async (tx) => {
      if (!(await memberCredit(tx, memberId))) throw new AppError("MEMBER_NOT_FOUND");
      await lockMember(tx, memberId);
      const before = await memberCredit(tx, memberId);
      if (!before) throw new AppError("MEMBER_NOT_FOUND");
      await setCreditScore(tx, memberId, input.score);
      for (const [currency, amount] of lines) {
        await setCreditLine(tx, { memberId, currency, amount, staffId: staff.id, nowMs: context.nowMs });
      }
      await recordAudit(tx, {
        staffId: staff.id,
        action: "credit.set",
        target: `member:${memberId}`,
        before: { score: before.score, lines: Object.fromEntries(before.lines) },
        after: { score: input.score, lines: Object.fromEntries(lines) },
        reason: input.reason,
        ip: context.ip,
        atMs: context.nowMs,
      });
    });
    return this.opsCredit(memberId);
  }

  /**
   * The worker's pass: posts each approved loan's interest up to yesterday (Tokyo), one loan per
   * transaction. A crash between loans loses nothing; a loan's row says how far it is posted.
   */
  async accrue(): Promise<number> {
    const nowMs = this.now();
    const through = yesterday(nowMs);
    let posted = 0;
    for (const id of await loansToAccrue(this.db, through, loansPerPassMax)) {
      posted += await transactThenEmit(this.db, this.events, async (tx) => {
        const found = await loanById(tx, id, true);
        if (!found) return { value: 0, events: [] };
        const step = accrueInterest(found, through, accrualDaysPerStepMax);
        if (step.loan === found) return { value: 0, events: [] };
        await writeStep(tx, step, nowMs);
        const events: MemberEvent[] =
          step.journals.length > 0
            ? [{ memberId: found.memberId, event: { type: "balance", id: found.currency } }]
            : [];
        return { value: step.journals.length, events };
      });
    }
    return posted;
  }

  private async approveWithinLine(
    tx: Tx,
    loan: LoanRow,
    nowMs: number,
    reason: string | null,
  ): Promise<LoanStep> {
    const credit = await memberCredit(tx, loan.memberId);
    if (!credit) throw new AppError("MEMBER_NOT_FOUND");
    // The line may have been lowered since the request: it must still fit, this request counted as pending.
    const left = remaining(credit, loan.currency);
    if (left < 0n) {
      throw new AppError("LOAN_LINE_INSUFFICIENT", { available: "0", currency: loan.currency });
    }
    return approveLoan(loan, zonedIsoDate(bookZone, nowMs), nowMs, reason);
  }

  private creditOf(row: MemberCreditRow): Credit {
    return { score: row.score, lines: loanCurrencies.map((currency) => this.lineOf(row, currency)) };
  }

  private lineOf(row: MemberCreditRow, currency: LoanCurrency): CreditLine {
    const left = remaining(row, currency);
    return {
      currency,
      line: (row.lines.get(currency) ?? 0n).toString(),
      borrowed: (row.owed.get(currency) ?? 0n).toString(),
      pending: (row.pending.get(currency) ?? 0n).toString(),
      // Below zero only when staff lowered a line under what is already used: nothing is left.
      available: (left < 0n ? 0n : left).toString(),
      annualRatePpm: this.rateOf(currency),
      dayBasis: dayBasisOf(currency),
      minimum: this.minimumOf(currency).toString(),
    };
  }

  private proposalOf(row: MemberCreditRow): OpsCredit["proposal"] {
    const proposal = proposeCredit({
      verified: row.verified,
      tenureDays: Math.floor((this.now() - row.createdAtMs) / dayMs),
      netBalance: { JPY: row.net.get("JPY") ?? 0n, USD: row.net.get("USD") ?? 0n },
    });
    return {
      score: proposal.score,
      lines: { JPY: proposal.lines.JPY.toString(), USD: proposal.lines.USD.toString() },
    };
  }

  private rateOf(currency: LoanCurrency): number {
    const rate = this.terms.ratePpm.get(currency);
    if (rate === undefined) throw new Error(`no loan rate for ${currency}`);
    return rate;
  }

  private minimumOf(currency: LoanCurrency): bigint {
    return this.terms.minimum.get(currency) ?? 1n;
  }
}

/** The last whole Tokyo day before now: the day interest is posted through. */
function yesterday(nowMs: number): string {
  return addDays(zonedIsoDate(bookZone, nowMs), -1);
}

/** The line less what is owed and what is asked for; negative if a lowered line is overdrawn. */
function remaining(row: MemberCreditRow, currency: LoanCurrency): bigint {
  return (row.lines.get(currency) ?? 0n) - (row.owed.get(currency) ?? 0n) - (row.pending.get(currency) ?? 0n);
}

function journalKindOf(kind: string): "loan_draw" | "loan_interest" | "loan_repayment" {
  if (kind === "loan_draw" || kind === "loan_interest" || kind === "loan_repayment") return kind;
  throw new Error(`journal of kind ${kind} on a loan`);
}

/** Writes a step: the loan row and its journals, in the caller's transaction. */
async function writeStep(tx: Tx, step: LoanStep, nowMs: number, decidedBy?: string): Promise<void> {
  for (const journal of step.journals) {
    assertBalanced(journal);
    await postJournal(tx, journal, nowMs);
  }
  await saveLoan(tx, step.loan, decidedBy);
}
