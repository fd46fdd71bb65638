import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { lazy } from "react";
import type { ConsoleSection, MemberCard } from "../../../app/feature.ts";

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

/** What the ledger check's loan check finds. */
export const loansLedgerChecks: Readonly<Record<string, MessageDescriptor>> = {
  loansMismatched: msg({ message: "Loan accounts that differ from their loans: {count}" }),
};
