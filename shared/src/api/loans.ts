import { z } from "zod";
import { loanCurrencies } from "../loans/interest.ts";
import { minorAmountSchema } from "../money.ts";
import { majorAmountSchema } from "./funding.ts";
import { reasonSchema } from "./staff-decisions.ts";

/**
 * A credit loan's life: `pending` review, then `approved` (the money is the member's and the
 * loan is owed) or `rejected` (with the reason shown); `settled` once nothing is owed.
 */
export const loanStatuses = ["pending", "approved", "rejected", "settled"] as const;
export type LoanStatus = (typeof loanStatuses)[number];

const loanCurrencyField = z.enum(loanCurrencies, { error: "CURRENCY_INVALID" });
const loanCurrencySchema = z.enum(loanCurrencies);

export const borrowRequestSchema = z.object({
  currency: loanCurrencyField,
  amount: majorAmountSchema,
});
export type BorrowRequest = z.input<typeof borrowRequestSchema>;

export const repaymentRequestSchema = z.object({ amount: majorAmountSchema });
export type RepaymentRequest = z.input<typeof repaymentRequestSchema>;

export const loanSchema = z.object({
  id: z.string(),
  /** The order number members quote to support: `L` and the loan's number, zero-padded. */
  orderNo: z.string(),
  currency: loanCurrencySchema,
  /** Minor units asked for and, once approved, lent. */
  amount: minorAmountSchema,
  status: z.enum(loanStatuses),
  /** The annual rate fixed when the loan was asked for, in parts per million. */
  annualRatePpm: z.number().int().nonnegative(),
  /** Minor units still owed: principal, and interest posted but not yet repaid. */
  principalOwed: minorAmountSchema,
  interestOwed: minorAmountSchema,
  /** Interest posted over the loan's life, and what was repaid, in minor units. */
  interestTotal: minorAmountSchema,
  repaidTotal: minorAmountSchema,
  reason: z.string().nullable(),
  createdAtMs: z.number(),
  decidedAtMs: z.number().nullable(),
  settledAtMs: z.number().nullable(),
});
export type Loan = z.infer<typeof loanSchema>;
export const loanListSchema = z.object({ items: z.array(loanSchema) });

/** One journal of a loan, for its record: a draw, a day's interest or a repayment. */
export const loanJournalSchema = z.object({
  id: z.string(),
  kind: z.enum(["loan_draw", "loan_interest", "loan_repayment"]),
  /** Signed change to what is owed, minor units: a draw and interest raise it, a repayment lowers it. */
  owedChange: minorAmountSchema,
  createdAtMs: z.number(),
  /** The Tokyo date a day's interest is for; null for draws and repayments. */
  interestDate: z.string().nullable(),
});
export const loanDetailSchema = z.object({ loan: loanSchema, journals: z.array(loanJournalSchema) });
export type LoanDetail = z.infer<typeof loanDetailSchema>;

/** A member's credit per currency: the line staff set, what is owed and asked for, and what is left. */
export const creditLineSchema = z.object({
  currency: loanCurrencySchema,
  line: minorAmountSchema,
  /** Owed on approved loans (principal and posted interest). */
  borrowed: minorAmountSchema,
  /** Asked for and not yet decided: it counts against the line so two requests cannot both fit. */
  pending: minorAmountSchema,
  available: minorAmountSchema,
  annualRatePpm: z.number().int().nonnegative(),
  dayBasis: z.union([z.literal(360), z.literal(365)]),
  /** The smallest loan, minor units. */
  minimum: minorAmountSchema,
});
export type CreditLine = z.infer<typeof creditLineSchema>;
export const creditSchema = z.object({
  /** 0–1000, set by operations; null until they have set one. */
  score: z.number().int().nullable(),
  lines: z.array(creditLineSchema),
});
export type Credit = z.infer<typeof creditSchema>;

// Operations

export const opsLoanQuerySchema = z.object({
  status: z.enum(loanStatuses, { error: "VALIDATION_FAILED" }).optional(),
});
export const opsLoanSchema = loanSchema.extend({
  memberId: z.string(),
  memberAccount: z.string(),
  memberRealName: z.string().nullable(),
  /** The member's credit when staff look at the request. */
  credit: creditSchema,
});
export type OpsLoan = z.infer<typeof opsLoanSchema>;
export const opsLoanRowSchema = loanSchema.extend({ memberId: z.string(), memberAccount: z.string() });
export type OpsLoanRow = z.infer<typeof opsLoanRowSchema>;
export const opsLoanListSchema = z.object({ items: z.array(opsLoanRowSchema) });

/** Staff set a member's score and lines together, with the reason the audit log keeps. */
export const creditSettingSchema = z.object({
  score: z
    .number({ error: "VALIDATION_FAILED" })
    .int({ error: "VALIDATION_FAILED" })
    .min(0, { error: "VALIDATION_FAILED" })
    .max(1_000, { error: "VALIDATION_FAILED" }),
  lines: z.object({ JPY: majorAmountSchema, USD: majorAmountSchema }),
  reason: reasonSchema,
});
export type CreditSetting = z.input<typeof creditSettingSchema>;

/** What staff see before they set a member's credit: the current figures and the rules' proposal. */
export const opsCreditSchema = z.object({
  credit: creditSchema,
  proposal: z.object({
    score: z.number().int(),
    lines: z.object({ JPY: minorAmountSchema, USD: minorAmountSchema }),
  }),
});
export type OpsCredit = z.infer<typeof opsCreditSchema>;
