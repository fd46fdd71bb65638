import { accrueDay, splitRepayment } from "@kabuto/shared/loans/interest";
import { addDays } from "@kabuto/shared/market/iso-date";
import { houseAccount, type JournalDraft, memberAccount, transfer } from "../ledger/journal.ts";
import type { LoanRow } from "./loans.repo.ts";

/**
 * A loan's life as pure steps: each takes the loan as it is and returns the loan as it will be
 * with the journals that move the money. The service writes both in one transaction; these
 * functions decide everything and are tested without a database.
 *
 * Days are Tokyo dates. Interest runs from the day of the draw up to the day before repayment
 * (the draw day counts, the repayment day does not, as lenders count), on the principal at the
 * end of each day, posted as one journal per day.
 */

/** What a step returns: the loan after it and the journals to write with it. */
export interface LoanStep {
  loan: LoanRow;
  journals: JournalDraft[];
}

function ref(loan: LoanRow): string {
  return `loan:${loan.id}`;
}

/** Approval: the money moves from the member's loan account (now owed) to their available cash. */
export function approveLoan(loan: LoanRow, today: string, nowMs: number, reason: string | null): LoanStep {
  if (loan.status !== "pending") throw new Error(`approving a ${loan.status} loan`);
  return {
    loan: {
      ...loan,
      status: "approved",
      principal: loan.amount,
      // Nothing is posted yet: the first day to accrue is today.
      accruedThrough: addDays(today, -1),
      decidedAtMs: nowMs,
      reason,
    },
    journals: [
      {
        kind: "loan_draw",
        memberId: loan.memberId,
        ref: ref(loan),
        memo: null,
        description: null,
        postings: transfer(
          memberAccount(loan.memberId, "loan", loan.currency),
          memberAccount(loan.memberId, "available", loan.currency),
          loan.amount,
        ),
      },
    ],
  };
}

export function rejectLoan(loan: LoanRow, nowMs: number, reason: string): LoanRow {
  if (loan.status !== "pending") throw new Error(`rejecting a ${loan.status} loan`);
  return { ...loan, status: "rejected", decidedAtMs: nowMs, reason };
}

/**
 * Posts each whole day's interest after `accruedThrough` up to `throughDate`, at most `daysMax`
 * of them (a worker that was away for a year catches up over several passes, each transaction
 * short). A day whose interest rounds to nothing posts no journal; its fraction is carried.
 */
export function accrueInterest(loan: LoanRow, throughDate: string, daysMax: number): LoanStep {
  if (loan.status !== "approved" || loan.accruedThrough === null) return { loan, journals: [] };
  const journals: JournalDraft[] = [];
  let next = loan;
  for (
    let day = 0;
    day < daysMax && next.accruedThrough !== null && next.accruedThrough < throughDate;
    day += 1
  ) {
    const date = addDays(next.accruedThrough, 1);
    const { interest, carry } = accrueDay(
      next.principal,
      next.annualRatePpm,
      next.currency,
      next.interestCarry,
    );
    next = {
      ...next,
      interest: next.interest + interest,
      interestTotal: next.interestTotal + interest,
      interestCarry: carry,
      accruedThrough: date,
    };
    if (interest > 0n) {
      journals.push({
        kind: "loan_interest",
        memberId: loan.memberId,
        ref: ref(loan),
        memo: date,
        description: { code: "loan_interest_day", params: { date } },
        postings: transfer(
          memberAccount(loan.memberId, "loan", loan.currency),
          houseAccount("loans", loan.currency),
          interest,
        ),
      });
    }
  }
  return { loan: next, journals };
}

/**
 * A repayment from available cash: interest first, then principal. The loan is settled when
 * nothing is owed; a fraction of a minor unit still carried is forgiven with it.
 */
export function repayLoan(loan: LoanRow, amount: bigint, nowMs: number): LoanStep {
  if (loan.status !== "approved") throw new Error(`repaying a ${loan.status} loan`);
  const split = splitRepayment(amount, { principal: loan.principal, interest: loan.interest });
  const principal = loan.principal - split.principal;
  const interest = loan.interest - split.interest;
  const settled = principal === 0n && interest === 0n;
  return {
    loan: {
      ...loan,
      principal,
      interest,
      repaid: loan.repaid + amount,
      status: settled ? "settled" : "approved",
      interestCarry: settled ? 0n : loan.interestCarry,
      settledAtMs: settled ? nowMs : null,
    },
    journals: [
      {
        kind: "loan_repayment",
        memberId: loan.memberId,
        ref: ref(loan),
        memo: null,
        description: null,
        postings: transfer(
          memberAccount(loan.memberId, "available", loan.currency),
          memberAccount(loan.memberId, "loan", loan.currency),
          amount,
        ),
      },
    ],
  };
}
