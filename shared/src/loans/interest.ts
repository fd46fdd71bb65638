import type { Currency } from "../symbols.ts";

/**
 * Credit-loan arithmetic, exact: rates are parts per million a year, amounts are minor units,
 * and a day's fraction of a minor unit is carried to the next day rather than rounded away,
 * so a loan's interest over any run of days is the exact simple interest, floored once.
 */

/** Currencies a member may borrow: the two the house trades in. */
export const loanCurrencies = ["JPY", "USD"] as const satisfies readonly Currency[];
export type LoanCurrency = (typeof loanCurrencies)[number];

export function isLoanCurrency(currency: string): currency is LoanCurrency {
  return (loanCurrencies as readonly string[]).includes(currency);
}

/**
 * Days in the interest year, as lenders count them: yen loans on actual/365 (the Japanese
 * convention, margin-buying interest included), dollar loans on actual/360 (the US money-market
 * convention brokers use for margin loans).
 */
export function dayBasisOf(currency: LoanCurrency): 360 | 365 {
  return currency === "JPY" ? 365 : 360;
}

/** Parts per million in one: an annual rate of 2.8% is 28,000 ppm. */
const ppmPerUnit = 1_000_000n;

export interface DayAccrual {
  /** Whole minor units of interest the day adds. */
  interest: bigint;
  /** The fraction left over, in units of 1 / (1,000,000 × basis) minor units, for the next day. */
  carry: bigint;
}

/** One day's simple interest on `principal`, with the fraction carried from earlier days. */
export function accrueDay(
  principal: bigint,
  annualRatePpm: number,
  currency: LoanCurrency,
  carry: bigint,
): DayAccrual {
  if (principal < 0n) throw new Error(`negative principal: ${principal}`);
  const denominator = ppmPerUnit * BigInt(dayBasisOf(currency));
  const numerator = principal * BigInt(annualRatePpm) + carry;
  return { interest: numerator / denominator, carry: numerator % denominator };
}

/**
 * Interest on `principal` held for `days` days: what the borrow form's example shows. It equals
 * the sum of `accrueDay` over those days from a zero carry, because the carry makes the daily
 * sum exact.
 */
export function interestFor(
  principal: bigint,
  annualRatePpm: number,
  currency: LoanCurrency,
  days: number,
): bigint {
  if (!Number.isInteger(days) || days < 0) throw new Error(`days must be a whole number ≥ 0: ${days}`);
  return (principal * BigInt(annualRatePpm) * BigInt(days)) / (ppmPerUnit * BigInt(dayBasisOf(currency)));
}

/** How a repayment is applied: interest owed first, then principal, as lenders do. */
export function splitRepayment(
  amount: bigint,
  owed: { principal: bigint; interest: bigint },
): { interest: bigint; principal: bigint } {
  if (amount <= 0n) throw new Error(`repayment must be positive: ${amount}`);
  if (amount > owed.principal + owed.interest) throw new Error("repayment exceeds what is owed");
  const interest = amount < owed.interest ? amount : owed.interest;
  return { interest, principal: amount - interest };
}

/** An annual percentage as typed in settings ("2.8", "6.25") in parts per million; undefined if it is not one. */
export function percentToPpm(text: string): number | undefined {
  const match = /^(\d{1,2})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 10_000 + Number((match[2] ?? "").padEnd(4, "0"));
}

/** Parts per million as the percentage members read: 28,000 → "2.8". */
export function ppmToPercent(ppm: number): string {
  const whole = Math.trunc(ppm / 10_000);
  const fraction = String(ppm % 10_000)
    .padStart(4, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}
