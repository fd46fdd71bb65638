import { accrueDay, interestFor } from "@kabuto/shared/loans/interest";
import { describe, expect, it } from "vitest";
import { assertBalanced } from "../ledger/journal.ts";
import { accrueInterest, approveLoan, rejectLoan, repayLoan } from "./loan-drafts.ts";
import type { LoanRow } from "./loans.repo.ts";

const memberId = "00000000-0000-4000-8000-000000000001";

function pending(amount: bigint, currency: "JPY" | "USD" = "JPY", annualRatePpm = 28_000): LoanRow {
  return {
    id: 7,
    memberId,
    currency,
    amount,
    status: "pending",
    annualRatePpm,
    principal: 0n,
    interest: 0n,
    interestCarry: 0n,
    interestTotal: 0n,
    repaid: 0n,
    accruedThrough: null,
    reason: null,
    createdAtMs: 0,
    decidedAtMs: null,
    settledAtMs: null,
  };
}

describe("approval", () => {
  it("moves the amount from the loan account to available cash, owed from the draw day", () => {
    const { loan, journals } = approveLoan(pending(500_000n), "2026-03-02", 1, null);
    expect(loan).toMatchObject({ status: "approved", principal: 500_000n, accruedThrough: "2026-03-01" });
    expect(journals).toHaveLength(1);
    const [draw] = journals;
    if (!draw) throw new Error("no draw");
    assertBalanced(draw);
    expect(draw.postings.map((posting) => [posting.account.purpose, posting.amount])).toEqual([
      ["loan", -500_000n],
      ["available", 500_000n],
    ]);
  });

  it("refuses to approve or reject a loan that is not pending", () => {
    const { loan } = approveLoan(pending(1n), "2026-03-02", 1, null);
    expect(() => approveLoan(loan, "2026-03-02", 1, null)).toThrow();
    expect(() => rejectLoan(loan, 1, "no")).toThrow();
  });
});

describe("interest", () => {
  it("invariant: daily postings sum to the floor of the exact simple interest, for any run of days", () => {
    for (const [amount, ppm, currency, daysPerPass] of [
      [1_000_000n, 28_000, "JPY", 30],
      [123_457n, 28_000, "JPY", 365],
      [999n, 60_000, "USD", 90],
      [5_000_000n, 60_000, "USD", 400],
    ] as const) {
      const { loan } = approveLoan(pending(amount, currency, ppm), "2026-01-01", 0, null);
      let state = loan;
      let posted = 0n;
      // Accrue in uneven passes: the result must not depend on how the days are split.
      for (const through of ["2026-01-03", "2026-01-20", "2026-12-31", "2027-03-31"]) {
        const step = accrueInterest(state, through, daysPerPass);
        for (const journal of step.journals) {
          assertBalanced(journal);
          posted += journal.postings.find((posting) => posting.account.purpose === "loans")?.amount ?? 0n;
        }
        state = step.loan;
      }
      expect(posted).toBe(state.interestTotal);
      // Each pass is capped, so count the days actually posted since the draw.
      const postedDays = Math.round(
        (Date.parse(state.accruedThrough ?? "") - Date.parse("2025-12-31")) / 86_400_000,
      );
      expect(postedDays).toBeGreaterThan(0);
      expect(posted).toBe(interestFor(amount, ppm, currency, postedDays));
    }
  });

  it("posts nothing for a day that rounds to nothing, and carries its fraction", () => {
    const { loan } = approveLoan(pending(1_000n), "2026-01-01", 0, null);
    // ¥1,000 at 2.8% earns ¥0.0767 a day: the fourteenth day makes the first whole yen.
    expect(accrueInterest(loan, "2026-01-13", 400).journals).toHaveLength(0);
    const step = accrueInterest(loan, "2026-01-14", 400);
    expect(step.journals).toHaveLength(1);
    expect(step.loan.interest).toBe(1n);
    expect(accrueDay(1_000n, 28_000, "JPY", 0n).interest).toBe(0n);
  });

  it("stops at the day cap and resumes where it stopped", () => {
    const { loan } = approveLoan(pending(1_000_000n), "2026-01-01", 0, null);
    const first = accrueInterest(loan, "2026-12-31", 10);
    expect(first.loan.accruedThrough).toBe("2026-01-10");
    const second = accrueInterest(first.loan, "2026-12-31", 10);
    expect(second.loan.accruedThrough).toBe("2026-01-20");
  });
});

describe("repayment", () => {
  const approved = () => {
    const { loan } = approveLoan(pending(100_000n), "2026-01-01", 0, null);
    return { ...loan, interest: 300n, interestTotal: 300n };
  };

  it("pays interest first, then principal", () => {
    const { loan, journals } = repayLoan(approved(), 1_000n, 5);
    expect(loan).toMatchObject({ interest: 0n, principal: 99_300n, repaid: 1_000n, status: "approved" });
    const [journal] = journals;
    if (!journal) throw new Error("no journal");
    expect(journal.postings.map((posting) => [posting.account.purpose, posting.amount])).toEqual([
      ["available", -1_000n],
      ["loan", 1_000n],
    ]);
  });

  it("settles at exactly what is owed and refuses a yen more", () => {
    expect(repayLoan(approved(), 100_300n, 9).loan).toMatchObject({ status: "settled", settledAtMs: 9 });
    expect(() => repayLoan(approved(), 100_301n, 9)).toThrow();
    expect(() => repayLoan(approved(), 0n, 9)).toThrow();
  });
});
