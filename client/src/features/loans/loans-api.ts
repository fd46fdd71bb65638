import {
  type Credit,
  creditSchema,
  type Loan,
  type LoanDetail,
  loanDetailSchema,
  loanListSchema,
  loanSchema,
} from "@kabuto/shared";
import { apiAct, apiGet } from "../../lib/api.ts";

/** The member's credit-loan endpoints. */

export function fetchCredit(): Promise<Credit> {
  return apiGet("/loans/credit", creditSchema);
}

export async function fetchLoans(): Promise<Loan[]> {
  return (await apiGet("/loans", loanListSchema)).items;
}

export function fetchLoan(id: string): Promise<LoanDetail> {
  return apiGet(`/loans/${encodeURIComponent(id)}`, loanDetailSchema);
}

/** `amount` in major units. */
export function requestLoan(
  body: { currency: string; amount: string },
  idempotencyKey: string,
): Promise<Loan> {
  return apiAct("/loans", body, loanSchema, idempotencyKey);
}

/** `amount` in major units. */
export function repayLoan(id: string, amount: string, idempotencyKey: string): Promise<Loan> {
  return apiAct(`/loans/${encodeURIComponent(id)}/repayments`, { amount }, loanSchema, idempotencyKey);
}
