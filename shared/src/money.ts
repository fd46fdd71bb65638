import { z } from "zod";
import type { Currency } from "./symbols.ts";

/** Digits of each currency's minor unit (ISO 4217): the ledger counts in these. */
export const minorDigits: Record<Currency, number> = {
  JPY: 0,
  USD: 2,
  CNY: 2,
  TWD: 2,
  HKD: 2,
  THB: 2,
  VND: 0,
  MYR: 2,
  KRW: 0,
  INR: 2,
};

/** Minor units on the wire: a decimal string of an integer, so no float ever carries money. */
export const minorAmountSchema = z.string().regex(/^-?\d+$/);

/** Money as a decimal string in major units, exact: `minorToDecimal(123456n, "USD")` is "1234.56". */
export function minorToDecimal(amount: bigint, currency: Currency): string {
  const digits = minorDigits[currency];
  if (digits === 0) return amount.toString();
  const negative = amount < 0n;
  const text = (negative ? -amount : amount).toString().padStart(digits + 1, "0");
  return `${negative ? "-" : ""}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** Parses a decimal amount in major units; undefined if it has more decimals than the currency. */
export function decimalToMinor(text: string, currency: Currency): bigint | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const digits = minorDigits[currency];
  const fraction = match[3] ?? "";
  if (fraction.length > digits) return undefined;
  const minor = BigInt(`${match[2]}${fraction.padEnd(digits, "0")}`);
  return match[1] === "-" ? -minor : minor;
}

/**
 * Parses a setting's amounts per currency, "JPY:30000,USD:200" (major units), each positive.
 * A bad value throws, naming the setting, so a process stops at start.
 */
export function parseCurrencyAmounts(setting: string, text: string): Map<Currency, bigint> {
  const values = new Map<Currency, bigint>();
  for (const pair of text.split(",")) {
    const [currency = "", value = ""] = pair.split(":");
    if (currency !== "JPY" && currency !== "USD")
      throw new Error(`${setting}: ${currency} is not JPY or USD`);
    const amount = decimalToMinor(value, currency);
    if (amount === undefined || amount <= 0n)
      throw new Error(`${setting}: ${value} is not an amount of ${currency}`);
    values.set(currency, amount);
  }
  return values;
}
