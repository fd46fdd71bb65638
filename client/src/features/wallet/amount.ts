import { decimalToMinor, minorToDecimal } from "@kabuto/shared/money";
import type { Currency } from "@kabuto/shared/symbols";

/**
 * Amounts as members type them on a phone: a Japanese keyboard may give full-width digits
 * (１００００), and people group thousands with commas. The form cleans that up before checking;
 * the server gets plain major units ("10000", "12.34") and checks everything again.
 */
export function normalizeAmount(text: string): string {
  return text
    .replace(/[０-９．]/g, (char) => String.fromCharCode(char.charCodeAt(0) - 0xfee0))
    .replace(/[,，\s]/g, "");
}

/** Longest amount the form accepts: the server's own limit of 15 whole digits. */
const wholeDigitsMax = 15;

/**
 * The amount in minor units of `currency`, or undefined unless it is a positive number with no
 * more decimals than the currency has (yen: none, dollars: two).
 */
export function parseAmount(text: string, currency: Currency): bigint | undefined {
  const clean = normalizeAmount(text);
  const match = /^(\d+)(?:\.\d+)?$/.exec(clean);
  if (!match || (match[1] ?? "").length > wholeDigitsMax) return undefined;
  const minor = decimalToMinor(clean, currency);
  return minor !== undefined && minor > 0n ? minor : undefined;
}

export interface AmountBounds {
  /** Minor units; an amount below is refused. */
  min?: bigint | undefined;
  /** Minor units; an amount above is refused. */
  max?: bigint | undefined;
  /** The code for an amount above `max`: the channel's maximum, what may be withdrawn, the line, the loan. */
  aboveCode?:
    | "AMOUNT_ABOVE_MAXIMUM"
    | "INSUFFICIENT_WITHDRAWABLE"
    | "LOAN_LINE_INSUFFICIENT"
    | "REPAYMENT_EXCEEDS_LOAN"
    | "INSUFFICIENT_BALANCE";
}

/** The error code of an amount as typed, or undefined when it may be sent. */
export function amountError(text: string, currency: Currency, bounds: AmountBounds = {}): string | undefined {
  if (normalizeAmount(text) === "") return "AMOUNT_INVALID";
  const minor = parseAmount(text, currency);
  if (minor === undefined) return "AMOUNT_INVALID";
  if (bounds.min !== undefined && minor < bounds.min) return "AMOUNT_BELOW_MINIMUM";
  if (bounds.max !== undefined && minor > bounds.max) return bounds.aboveCode ?? "AMOUNT_ABOVE_MAXIMUM";
  return undefined;
}

/** What the server is sent: the amount in major units, as a plain decimal. */
export function amountForServer(minor: bigint, currency: Currency): string {
  return minorToDecimal(minor, currency);
}
