import { fractionDigitsOf, isDecimal, shiftDecimal } from "./decimal.ts";
import { type FormatLocale, intlLocale } from "./locale.ts";

/**
 * Number formatting for prices, changes, volumes and money in the member's language.
 *
 * Prices arrive as decimal strings and are handed to Intl as strings, which formats them as
 * exact decimals: a price is never rounded through a float on its way to the screen. Input
 * that is not a number formats as the empty string (the spec's rule for its money filter).
 */

type Numeric = `${number}`;

const formatters = new Map<string, Intl.NumberFormat>();

/** Intl.NumberFormat instances are costly to build and a quote list formats hundreds a second. */
function numberFormat(locale: FormatLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale[locale], options);
    formatters.set(key, formatter);
  }
  return formatter;
}

export interface PriceFormatOptions {
  /**
   * Fewest digits after the decimal point (a market's convention, e.g. 2 for US dollars); the
   * value's own digits are always shown in full.
   */
  fractionDigits?: number;
}

/** `"2845.5"` → `2,845.5`; with `fractionDigits: 2`, `"189"` → `189.00`. */
export function formatPrice(value: string, locale: FormatLocale, options: PriceFormatOptions = {}): string {
  if (!isDecimal(value)) return "";
  const digits = Math.max(fractionDigitsOf(value), options.fractionDigits ?? 0);
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    value as Numeric,
  );
}

/** A price change with its sign: `+12.5`, `-3.0`, `0.0`. */
export function formatChange(value: string, locale: FormatLocale, options: PriceFormatOptions = {}): string {
  if (!isDecimal(value)) return "";
  const digits = Math.max(fractionDigitsOf(value), options.fractionDigits ?? 0);
  return numberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    signDisplay: "exceptZero",
  }).format(value as Numeric);
}

/** A change in percent, given in percent units as the wire sends it: `"1.234"` → `+1.23%`. */
export function formatPercent(value: string, locale: FormatLocale): string {
  if (!isDecimal(value)) return "";
  return numberFormat(locale, {
    style: "percent",
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: "exceptZero",
  }).format(shiftDecimal(value, -2) as Numeric);
}

/** Units of the compact form, largest first: Japanese and Chinese group by 10⁴, English by 10³. */
const compactUnits: Record<FormatLocale, readonly { size: number; suffix: string }[]> = {
  ja: [
    { size: 1e12, suffix: "兆" },
    { size: 1e8, suffix: "億" },
    { size: 1e4, suffix: "万" },
  ],
  "zh-Hant": [
    { size: 1e12, suffix: "兆" },
    { size: 1e8, suffix: "億" },
    { size: 1e4, suffix: "萬" },
  ],
  en: [
    { size: 1e12, suffix: "T" },
    { size: 1e9, suffix: "B" },
    { size: 1e6, suffix: "M" },
    { size: 1e3, suffix: "K" },
  ],
};

/** Digits after the point in a compact figure: about four significant digits, as brokers show. */
function compactDigits(scaled: number): number {
  if (scaled < 100) return 2;
  if (scaled < 1000) return 1;
  return 0;
}

function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/**
 * The compact figure and its unit suffix, e.g. `{ text: "1.23", suffix: "億" }`. Rounding that
 * reaches the next unit carries into it, so 99,995,000 is `1.00億`, never `10,000万`.
 */
function compactParts(value: number, locale: FormatLocale): { text: string; suffix: string } | undefined {
  const units = compactUnits[locale];
  const magnitude = Math.abs(value);
  const index = units.findIndex((unit) => magnitude >= unit.size);
  if (index < 0) return undefined;
  let unitIndex = index;
  let unit = units[unitIndex];
  if (!unit) return undefined;
  let scaled = magnitude / unit.size;
  let digits = compactDigits(scaled);
  let rounded = roundTo(scaled, digits);
  const larger = units[unitIndex - 1];
  if (larger && rounded >= larger.size / unit.size) {
    unitIndex -= 1;
    unit = larger;
    scaled = magnitude / unit.size;
    digits = compactDigits(scaled);
    rounded = roundTo(scaled, digits);
  }
  const signed = value < 0 ? -rounded : rounded;
  const text = numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    signed,
  );
  return { text, suffix: unit.suffix };
}

/**
 * A large count in the language's compact form: ja `1.23万`, `4.56億`; en `12.35K`, `4.57M`;
 * zh-Hant `1.23萬`. Below the smallest unit it is a whole number with grouping (`9,999`).
 */
export function formatCompact(value: number, locale: FormatLocale): string {
  if (!Number.isFinite(value)) return "";
  const parts = compactParts(value, locale);
  if (!parts) return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
  return `${parts.text}${parts.suffix}`;
}

/**
 * A plain number with the language's grouping (`1,234`, `8,000`), as Intl writes it by default
 * or with at most `maximumFractionDigits` decimals: counts, units, points, odds.
 */
export function formatNumber(value: number, locale: FormatLocale, maximumFractionDigits?: number): string {
  if (!Number.isFinite(value)) return "";
  return numberFormat(locale, maximumFractionDigits === undefined ? {} : { maximumFractionDigits }).format(
    value,
  );
}

/**
 * Traded shares, every share counted and grouped as the language writes it: `8,670,000`. One
 * precision for every volume, so two side by side (a ranking's rows, a stock's figures) never
 * read as `867.0万` beside `2,069万`: a compact form's digits move with the size of the number.
 */
export function formatVolume(shares: number, locale: FormatLocale): string {
  if (!Number.isFinite(shares)) return "";
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(Math.round(shares));
}

/** Significant digits of an exchange rate below one (`0.006791`), decimals of one above (`147.2426`). */
const rateDigits = 4;

/**
 * An exchange rate as a member reads it: four decimals where a unit buys one or more of the
 * other currency (USD→JPY `147.2426`), four significant digits where it buys less (JPY→USD
 * `0.006791`, KRW→USD `0.0007260`). The ledger keeps the rate's every digit; this is display only,
 * and rounds the exact decimal, never a float.
 */
export function formatRate(rate: string, locale: FormatLocale): string {
  if (!isDecimal(rate) || rate.startsWith("-")) return "";
  const below = /^0(\.|$)/.test(rate);
  const options: Intl.NumberFormatOptions = below
    ? { minimumSignificantDigits: rateDigits, maximumSignificantDigits: rateDigits }
    : { minimumFractionDigits: rateDigits, maximumFractionDigits: rateDigits };
  return numberFormat(locale, options).format(rate as Numeric);
}

export interface MoneyFormatOptions {
  /** Compact figure with the currency symbol: `￥1.23億`, `$4.57M`. */
  compact?: boolean;
}

function currencyFormat(locale: FormatLocale, currency: string): Intl.NumberFormat {
  return numberFormat(locale, { style: "currency", currency });
}

/** Digits of the currency's minor unit: JPY 0, USD 2. */
export function currencyMinorDigits(currency: string): number {
  return (
    new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ??
    2
  );
}

/** Replaces the number in a currency format with `text`, keeping the symbol where the locale puts it. */
function withCurrency(locale: FormatLocale, currency: string, negative: boolean, text: string): string {
  const numberTypes = new Set(["integer", "group", "decimal", "fraction"]);
  let placed = false;
  return currencyFormat(locale, currency)
    .formatToParts(negative ? -1 : 1)
    .map((part) => {
      if (!numberTypes.has(part.type)) return part.value;
      if (placed) return "";
      placed = true;
      return text;
    })
    .join("");
}

/**
 * An amount in the currency's own units (a display-only figure such as turnover, which the
 * wire sends as a plain number): `formatAmount(123456789, "JPY", "ja", { compact: true })` is
 * `￥1.23億`.
 */
export function formatAmount(
  units: number | string,
  currency: string,
  locale: FormatLocale,
  options: MoneyFormatOptions = {},
): string {
  const digits = currencyMinorDigits(currency);
  const text = typeof units === "number" ? (Number.isFinite(units) ? units.toFixed(digits) : "") : units;
  if (!isDecimal(text)) return "";
  if (options.compact) {
    const value = Number(text);
    const parts = compactParts(value, locale);
    if (parts) return withCurrency(locale, currency, value < 0, parts.text.replace(/^-/, "") + parts.suffix);
  }
  return numberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(text as Numeric);
}

/**
 * A price in a currency's own units with the currency's symbol, as money reads beside it: an
 * IPO's offer price `￥1,600` above its amount due `￥160,000`, a dividend of `$1.78` a share. Every
 * digit the price has is shown (a yen dividend of `97.8` stays `￥97.8`), and at least the
 * currency's minor digits (`$1.50`).
 */
export function formatUnitPrice(price: string, currency: string, locale: FormatLocale): string {
  if (!isDecimal(price)) return "";
  const digits = Math.max(fractionDigitsOf(price), currencyMinorDigits(currency));
  return numberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(price as Numeric);
}

/**
 * Money as the ledger keeps it, integer minor units of `currency`:
 * `formatMoney(123456n, "USD", "en")` is `$1,234.56`, `formatMoney("1500", "JPY", "ja")` is `￥1,500`.
 */
export function formatMoney(
  amountMinor: bigint | string,
  currency: string,
  locale: FormatLocale,
  options: MoneyFormatOptions = {},
): string {
  const minor = typeof amountMinor === "bigint" ? amountMinor.toString() : amountMinor;
  if (!/^-?\d+$/.test(minor)) return "";
  return formatAmount(shiftDecimal(minor, -currencyMinorDigits(currency)), currency, locale, options);
}
