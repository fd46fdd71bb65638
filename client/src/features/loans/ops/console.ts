import type { loansCodes } from "@kabuto/shared/api/loans.codes";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleCodes, ConsoleSection, MemberCard } from "../../../app/feature.ts";

/** The operations console's sections of loans: their menu entries and screens. */
export const loansConsole: readonly ConsoleSection[] = [
  {
    area: "loans",
    path: "/ops/loans",
    role: "reviewer",
    label: msg`Loans`,
    list: lazy(() => import("./loan-screens.tsx").then((m) => ({ default: m.LoanQueueScreen }))),
    detail: lazy(() => import("./loan-screens.tsx").then((m) => ({ default: m.LoanDetailScreen }))),
    order: 40,
  },
];

/** Its card on the console's member page. */
export const loansMemberCards: readonly MemberCard[] = [
  {
    place: "side",
    role: "supervisor",
    card: lazy(() => import("./loan-screens.tsx").then((m) => ({ default: m.MemberCreditCard }))),
    order: 20,
  },
];

/** What the codes of credit loans read as in the console: its journals' kinds and its audit actions. */
export const loansConsoleCodes: ConsoleCodes<typeof loansCodes> = {
  journalKinds: {
    loan_draw: msg({ message: "Loan paid out", context: "journal" }),
    loan_interest: msg({ message: "Loan interest", context: "journal" }),
    loan_repayment: msg({ message: "Loan repaid", context: "journal" }),
  },
  auditActions: {
    "loan.approve": msg({ message: "Loan approved", context: "audit action" }),
    "loan.reject": msg({ message: "Loan rejected", context: "audit action" }),
    "credit.set": msg({ message: "Credit score and lines set", context: "audit action" }),
  },
  ledgerChecks: {
    loansMismatched: msg({ message: "Loan accounts that differ from their loans: {count}" }),
  },
};
