import type { loansCodes } from "@kabuto/shared/api/loans.codes";
import { msg } from "@lingui/core/macro";
import type { JournalWords } from "../../app/feature.ts";

/** What the journal kinds of credit loans read as in a member's fund records. */
export const loansRecordKinds: JournalWords<typeof loansCodes> = {
  loan_draw: msg({ message: "Loan received", context: "fund record" }),
  loan_interest: msg({ message: "Loan interest", context: "fund record" }),
  loan_repayment: msg({ message: "Loan repaid", context: "fund record" }),
};
