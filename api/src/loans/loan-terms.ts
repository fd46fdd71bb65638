import {
  isLoanCurrency,
  type LoanCurrency,
  loanCurrencies,
  percentToPpm,
} from "@kabuto/shared/loans/interest";
import { decimalToMinor } from "@kabuto/shared/money";
import type { LoanTerms } from "./loans.service.ts";

/** "JPY:2.8,USD:6" into currency → text, refusing currencies no loan is made in. */
function pairs(setting: string, text: string): Map<LoanCurrency, string> {
  const values = new Map<LoanCurrency, string>();
  for (const pair of text.split(",")) {
    const [currency = "", value = ""] = pair.split(":");
    if (!isLoanCurrency(currency)) throw new Error(`${setting}: no loans are made in ${currency}`);
    values.set(currency, value);
  }
  return values;
}

/**
 * Parses LOAN_RATES and LOAN_MIN once at start. Every loan currency needs a rate (a loan with no
 * stated rate must not exist); a minimum may be left out, and is then one minor unit.
 */
export function parseLoanTerms(settings: { LOAN_RATES: string; LOAN_MIN: string }): LoanTerms {
  const rates = pairs("LOAN_RATES", settings.LOAN_RATES);
  const ratePpm = new Map<LoanCurrency, number>();
  for (const currency of loanCurrencies) {
    const text = rates.get(currency);
    const ppm = text === undefined ? undefined : percentToPpm(text);
    if (ppm === undefined) throw new Error(`LOAN_RATES: no annual rate for ${currency}`);
    ratePpm.set(currency, ppm);
  }
  const minimum = new Map<LoanCurrency, bigint>();
  for (const [currency, text] of pairs("LOAN_MIN", settings.LOAN_MIN)) {
    const amount = decimalToMinor(text, currency);
    if (amount === undefined || amount <= 0n)
      throw new Error(`LOAN_MIN: ${text} is not an amount of ${currency}`);
    minimum.set(currency, amount);
  }
  return { ratePpm, minimum };
}
