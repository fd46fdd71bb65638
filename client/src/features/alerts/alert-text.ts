import type { AlertFrequency, AlertKind } from "@kabuto/shared/alerts/rules";
import { formatNumber, formatPercent, formatPrice } from "@kabuto/shared/format";
import { type InstrumentSymbol, symbolMarket } from "@kabuto/shared/symbols";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AppLocale } from "../../i18n/locale.ts";

export const frequencyLabels: Record<AlertFrequency, MessageDescriptor> = {
  once: msg({ message: "Once", context: "alert frequency" }),
  daily: msg({ message: "Once a day", context: "alert frequency" }),
  always: msg({ message: "Every time", context: "alert frequency" }),
};

export const kindLabels: Record<AlertKind, MessageDescriptor> = {
  price_above: msg({ message: "Price rises to", context: "alert kind" }),
  price_below: msg({ message: "Price falls to", context: "alert kind" }),
  change_above: msg({ message: "Day change up", context: "alert kind" }),
  change_below: msg({ message: "Day change down", context: "alert kind" }),
  move_5m: msg({ message: "Moves in 5 minutes", context: "alert kind" }),
  volume_spike: msg({ message: "Volume spike", context: "alert kind" }),
};

/** A price with its market's currency sign: `¥3,100`, `$200.50`. */
export function priceText(symbol: string, price: string, locale: AppLocale): string {
  const market = symbolMarket(symbol as InstrumentSymbol);
  const text = formatPrice(price, locale, { fractionDigits: market === "US" ? 2 : 0 });
  return market === "US" ? `$${text}` : `¥${text}`;
}

/** The alert's condition in words: "Price at or above ¥3,100", "Day change at or below -3.00%". */
export function conditionText(
  i18n: I18n,
  alert: { symbol: string; kind: AlertKind; threshold: string },
  locale: AppLocale,
): string {
  if (alert.kind === "price_above" || alert.kind === "price_below") {
    const price = priceText(alert.symbol, alert.threshold, locale);
    return alert.kind === "price_above"
      ? i18n._(msg`Price at or above ${price}`)
      : i18n._(msg`Price at or below ${price}`);
  }
  if (alert.kind === "move_5m") {
    const move = formatPercent(alert.threshold, locale).replace(/^\+/, "");
    return i18n._(msg`A move of ${move} or more, up or down, within 5 minutes`);
  }
  if (alert.kind === "volume_spike") {
    const times = formatNumber(Number(alert.threshold), locale, 1);
    return i18n._(msg`5 minutes' volume at ${times}× the usual or more`);
  }
  const change = formatPercent(
    alert.kind === "change_above" ? alert.threshold : `-${alert.threshold}`,
    locale,
  );
  return alert.kind === "change_above"
    ? i18n._(msg`Day change at or above ${change}`)
    : i18n._(msg`Day change at or below ${change}`);
}

/** What met a five-minute alert, in words: "moved -2.31%", "4.2× the usual volume"; empty for the rest. */
export function figureText(
  i18n: I18n,
  notice: { kind: AlertKind; figure: string | null },
  locale: AppLocale,
): string {
  if (notice.figure === null) return "";
  if (notice.kind === "move_5m") {
    const move = formatPercent(notice.figure, locale);
    return i18n._(msg`moved ${move}`);
  }
  const times = formatNumber(Number(notice.figure), locale, 1);
  return i18n._(msg`${times}× the usual volume`);
}
