import type { Deposit, Withdrawal } from "@kabuto/shared/api/funding";
import type { Currency } from "@kabuto/shared/symbols";

/**
 * The member's request still under review, if any. The server takes one open deposit or
 * withdrawal per member at a time (FUND_OPERATION_IN_PROGRESS), so the forms say so up front
 * instead of letting the member fill them in to be refused.
 */
export interface OpenRequest {
  kind: "deposit" | "withdrawal";
  currency: Currency;
  /** Minor units. */
  amount: string;
}

export function openRequest(
  deposits: readonly Deposit[],
  withdrawals: readonly Withdrawal[],
): OpenRequest | undefined {
  const deposit = deposits.find((item) => item.status === "pending");
  if (deposit) return { kind: "deposit", currency: deposit.currency, amount: deposit.amount };
  const withdrawal = withdrawals.find((item) => item.status === "pending");
  if (withdrawal) return { kind: "withdrawal", currency: withdrawal.currency, amount: withdrawal.amount };
  return undefined;
}
