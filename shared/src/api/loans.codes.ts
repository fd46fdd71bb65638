import { z } from "zod";
import { productCodes } from "./product-codes.ts";

/** The codes of credit loans (see `product-codes.ts`). */
export const loansCodes = productCodes({
  errors: {
    LOAN_LINE_INSUFFICIENT: 409,
    LOAN_NOT_FOUND: 404,
    LOAN_NOT_OWED: 409,
    REPAYMENT_EXCEEDS_LOAN: 409,
    LOAN_UNPAID: 409,
    CREDIT_LINE_INVALID: 400,
  },
  audit: ["loan.approve", "loan.reject", "credit.set"],
  journals: [
    /** An approved credit loan: from the member's loan account (owed) to available cash. */
    "loan_draw",
    /** A day's interest on a loan: the member owes more, the house's loans account earns it. */
    "loan_interest",
    /** Available cash back to the loan account: interest first, then principal. */
    "loan_repayment",
  ],
  memos: [
    /** A credit loan's interest for one Tokyo day. */
    z.object({
      code: z.literal("loan_interest_day"),
      params: z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
    }),
  ],
});
