import { product } from "../kernel/product.ts";
import { parseLoanTerms } from "./loan-terms.ts";
import { loanAccountsMismatched } from "./loans.repo.ts";
import { mountLoanRoutes } from "./loans.routes.ts";
import { LoansService } from "./loans.service.ts";

/** How often the worker looks for interest to post: a day's interest is due once a day, soon after Tokyo midnight. */
const interestIntervalMs = 60_000;

/** Credit loans: lines, requests and their review, daily interest, repayments. */
export const loansProduct = product({
  name: "loans",
  uses: [],
  create: ({ database, now, events, config }) => ({
    loans: new LoansService({ db: database.db, now, events, terms: parseLoanTerms(config) }),
  }),
  routes: ({ router, ops, docs, now }, { loans }) => mountLoanRoutes(router, ops, docs, { loans, now }),
  ledgerChecks: [
    {
      name: "loansMismatched",
      finding: "loan accounts that differ from what their loans say is owed",
      count: loanAccountsMismatched,
    },
  ],
  jobs: ({ loans }) => [{ name: "loan interest", intervalMs: interestIntervalMs, run: () => loans.accrue() }],
});
