import type { AlertKind } from "@kabuto/shared/alerts/rules";
import { type FormatLocale, formatNumber, formatPercent, formatPrice } from "@kabuto/shared/format";
import { type InstrumentSymbol, symbolMarket } from "@kabuto/shared/symbols";

/** A notice a member is told of on their installed apps, with what its text needs. */
export interface PushNotice {
  /** An alert fired: the notice's id, and what it asked and the quote that met it. */
  type: "alert";
  id: string;
  symbol: string;
  kind: AlertKind;
  threshold: string;
  price: string;
}

/** What a push carries: the notification's title and text, its tag, and the screen a tap opens. */
export interface PushMessage {
  title: string;
  body: string;
  /** One notification per notice: a retried push replaces its own, never another notice's. */
  tag: string;
  /** The app's route (hash) a tap opens. */
  url: string;
}

/** A price with its market's currency sign, as the app writes it: `¥3,100`, `$200.50`. */
function priceText(symbol: string, price: string, locale: FormatLocale): string {
  const market = symbolMarket(symbol as InstrumentSymbol);
  const text = formatPrice(price, locale, { fractionDigits: market === "US" ? 2 : 0 });
  return market === "US" ? `$${text}` : `¥${text}`;
}

/** The alert's condition met, with its figure already written in the member's language. */
type ConditionWords = Record<AlertKind, (figure: string) => string>;

const conditions: Record<FormatLocale, ConditionWords> = {
  ja: {
    price_above: (price) => `株価が ${price} 以上になりました`,
    price_below: (price) => `株価が ${price} 以下になりました`,
    change_above: (change) => `前日比が ${change} 以上になりました`,
    change_below: (change) => `前日比が ${change} 以下になりました`,
    move_5m: (move) => `5分間で ${move} 以上動きました`,
    volume_spike: (times) => `5分間の出来高が通常の ${times} 倍以上になりました`,
  },
  en: {
    price_above: (price) => `Price at or above ${price}`,
    price_below: (price) => `Price at or below ${price}`,
    change_above: (change) => `Day change at or above ${change}`,
    change_below: (change) => `Day change at or below ${change}`,
    move_5m: (move) => `Moved ${move} or more within 5 minutes`,
    volume_spike: (times) => `5 minutes' volume at ${times}× the usual or more`,
  },
  "zh-Hant": {
    price_above: (price) => `股價已達 ${price} 以上`,
    price_below: (price) => `股價已達 ${price} 以下`,
    change_above: (change) => `漲跌幅已達 ${change} 以上`,
    change_below: (change) => `漲跌幅已達 ${change} 以下`,
    move_5m: (move) => `5 分鐘內變動 ${move} 以上`,
    volume_spike: (times) => `5 分鐘成交量已達平常的 ${times} 倍以上`,
  },
};

const alertTitle: Record<FormatLocale, (code: string) => string> = {
  ja: (code) => `価格アラート：${code}`,
  en: (code) => `Price alert: ${code}`,
  "zh-Hant": (code) => `價格提醒：${code}`,
};

const lastPrice: Record<FormatLocale, (price: string) => string> = {
  ja: (price) => `（現在値 ${price}）`,
  en: (price) => ` (last ${price})`,
  "zh-Hant": (price) => `（現價 ${price}）`,
};

/** The threshold as the condition's words show it: a price, a signed change, a move or a multiple. */
function thresholdText(notice: PushNotice, locale: FormatLocale): string {
  switch (notice.kind) {
    case "price_above":
    case "price_below":
      return priceText(notice.symbol, notice.threshold, locale);
    case "change_above":
      return formatPercent(notice.threshold, locale);
    case "change_below":
      return formatPercent(`-${notice.threshold}`, locale);
    case "move_5m":
      return formatPercent(notice.threshold, locale).replace(/^\+/, "");
    case "volume_spike":
      return formatNumber(Number(notice.threshold), locale, 1);
  }
}

/** A notice's push in the subscription's language: short, since a lock screen shows two lines. */
export function pushMessage(notice: PushNotice, locale: FormatLocale): PushMessage {
  const code = notice.symbol.slice(notice.symbol.indexOf(":") + 1);
  const condition = conditions[locale][notice.kind](thresholdText(notice, locale));
  return {
    title: alertTitle[locale](code),
    body: `${condition}${lastPrice[locale](priceText(notice.symbol, notice.price, locale))}`,
    tag: `alert-${notice.id}`,
    url: "#/user/alerts",
  };
}
