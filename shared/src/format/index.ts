// Pure formatting helpers for every screen: numbers, prices and money in the member's language.

export { fractionDigitsOf, isDecimal, shiftDecimal } from "./decimal.ts";
export { type FormatLocale, formatLocales, intlLocale } from "./locale.ts";
export {
  currencyMinorDigits,
  formatAmount,
  formatChange,
  formatCompact,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRate,
  formatUnitPrice,
  formatVolume,
  type MoneyFormatOptions,
  type PriceFormatOptions,
} from "./number.ts";
export {
  type ClockOptions,
  formatClock,
  formatDate,
  formatDateTime,
  formatDuration,
  formatIsoDate,
  zoneOffsetMs,
} from "./time.ts";
