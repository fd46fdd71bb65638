import { decimalToMinor } from "@kabuto/shared/money";
import { type Currency, currencies } from "@kabuto/shared/symbols";

/**
 * An adjusting journal's amount as staff type it: signed major units of the currency ("-1500",
 * "12.34"), never zero, with no more decimals than the currency has. The server checks it again.
 */
export type ParsedAdjustment = { ok: true; minor: bigint } | { ok: false; error: "AMOUNT_INVALID" };

const signedAmountPattern = /^-?\d{1,15}(\.\d{1,4})?$/;

export function parseAdjustment(text: string, currency: Currency): ParsedAdjustment {
  const trimmed = text.trim().replace(/^\+/, "");
  if (!signedAmountPattern.test(trimmed)) return { ok: false, error: "AMOUNT_INVALID" };
  const minor = decimalToMinor(trimmed, currency);
  if (minor === undefined || minor === 0n) return { ok: false, error: "AMOUNT_INVALID" };
  return { ok: true, minor };
}

export function isCurrency(value: string): value is Currency {
  return (currencies as readonly string[]).includes(value);
}
