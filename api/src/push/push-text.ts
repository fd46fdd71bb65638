import type { AlertKind } from "@kabuto/shared/alerts/rules";
import type { OrderType } from "@kabuto/shared/api/trading";
import { type FormatLocale, formatNumber, formatPercent, formatPrice } from "@kabuto/shared/format";
import { type InstrumentSymbol, symbolMarket } from "@kabuto/shared/symbols";
import type { Side } from "@kabuto/shared/trading/rules";

/** An alert fired: the notice's id, and what it asked and the quote that met it. */
export interface AlertPush {
  type: "alert";
  id: string;
  symbol: string;
  kind: AlertKind;
  threshold: string;
  price: string;
}

/** An order of the member's (`id`), as its push names it: which stock, which side, how many. */
interface OrderFacts {
  id: string;
  symbol: string;
  /** The order's side: `long` buys, `short` sells. */
  side: Side;
  quantity: number;
}

/** A stop's trigger was crossed and the engine sent the order on. */
export interface StopTriggeredPush extends OrderFacts {
  type: "stop_triggered";
  triggerPrice: string;
}

/** A resting order reached the end of its validity unfilled: cancelled, its hold released. */
export interface OrderExpiredPush extends OrderFacts {
  type: "order_expired";
  orderType: OrderType;
  limitPrice: string | null;
  triggerPrice: string | null;
}

/** The worker filled a resting order (a limit the market reached, a fired stop). */
export interface OrderFilledPush extends OrderFacts {
  type: "order_filled";
  fillPrice: string;
}

/**
 * The house closed a position (`id`) whose equity fell below the maintenance margin; `side` is
 * the position's (`long` was bought).
 */
export interface MarginCallPush {
  type: "margin_call";
  id: string;
  symbol: string;
  side: Side;
  quantity: number;
  closePrice: string;
}

/** A notice a member is told of on their installed apps, with what its text needs. */
export type PushNotice = AlertPush | StopTriggeredPush | OrderExpiredPush | OrderFilledPush | MarginCallPush;

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
function thresholdText(notice: AlertPush, locale: FormatLocale): string {
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

/** A price alert's push. */
function alertMessage(notice: AlertPush, locale: FormatLocale): PushMessage {
  const condition = conditions[locale][notice.kind](thresholdText(notice, locale));
  return {
    title: alertTitle[locale](codeOf(notice.symbol)),
    body: `${condition}${lastPrice[locale](priceText(notice.symbol, notice.price, locale))}`,
    tag: `alert-${notice.id}`,
    url: "#/user/alerts",
  };
}

/** `JP:7203` → `7203`: the code a member knows the stock by. */
function codeOf(symbol: string): string {
  return symbol.slice(symbol.indexOf(":") + 1);
}

/** An order's side and size: 「買い 100株」, "Buy 100 shares", 「買進 100 股」. */
const orderWords: Record<FormatLocale, (side: Side, quantity: string) => string> = {
  ja: (side, quantity) => `${side === "long" ? "買い" : "売り"} ${quantity}株`,
  en: (side, quantity) => `${side === "long" ? "Buy" : "Sell"} ${quantity} shares`,
  "zh-Hant": (side, quantity) => `${side === "long" ? "買進" : "賣出"} ${quantity} 股`,
};

/** A position's side and size: 「買建 100株」, "long 100 shares", 「多單 100 股」. */
const positionWords: Record<FormatLocale, (side: Side, quantity: string) => string> = {
  ja: (side, quantity) => `${side === "long" ? "買建" : "売建"} ${quantity}株`,
  en: (side, quantity) => `${side === "long" ? "long" : "short"} ${quantity} shares`,
  "zh-Hant": (side, quantity) => `${side === "long" ? "多單" : "空單"} ${quantity} 股`,
};

/** The prices an order waited on, as its sheet names them: a limit, a trigger, or both. */
const orderPrices: Record<
  FormatLocale,
  { limit: (price: string) => string; trigger: (price: string) => string; market: string; join: string }
> = {
  ja: {
    limit: (price) => `指値 ${price}`,
    trigger: (price) => `逆指値 ${price}`,
    market: "成行",
    join: "・",
  },
  en: {
    limit: (price) => `limit ${price}`,
    trigger: (price) => `stop ${price}`,
    market: "market",
    join: ", ",
  },
  "zh-Hant": {
    limit: (price) => `限價 ${price}`,
    trigger: (price) => `觸發價 ${price}`,
    market: "市價",
    join: "・",
  },
};

const orderTexts: Record<
  FormatLocale,
  {
    stopTitle: (code: string) => string;
    stopBody: (order: string, trigger: string) => string;
    expiredTitle: (code: string) => string;
    expiredBody: (order: string, prices: string) => string;
    filledTitle: (code: string) => string;
    filledBody: (order: string, price: string) => string;
    marginTitle: (code: string) => string;
    marginBody: (position: string, price: string) => string;
  }
> = {
  ja: {
    stopTitle: (code) => `逆指値が発動：${code}`,
    stopBody: (order, trigger) => `${order}：株価がトリガー ${trigger} に達したため発注しました`,
    expiredTitle: (code) => `注文が失効：${code}`,
    expiredBody: (order, prices) =>
      `${order}（${prices}）は有効期限を過ぎたため取り消され、拘束金が解放されました`,
    filledTitle: (code) => `約定：${code}`,
    filledBody: (order, price) => `${order}が ${price} で約定しました`,
    marginTitle: (code) => `強制決済：${code}`,
    marginBody: (position, price) => `証拠金が維持率を下回ったため、${position}を ${price} で決済しました`,
  },
  en: {
    stopTitle: (code) => `Stop triggered: ${code}`,
    stopBody: (order, trigger) => `${order}: the price reached your trigger of ${trigger}; the order is sent`,
    expiredTitle: (code) => `Order expired: ${code}`,
    expiredBody: (order, prices) =>
      `${order} (${prices}) lapsed at the end of its validity; its hold is released`,
    filledTitle: (code) => `Order filled: ${code}`,
    filledBody: (order, price) => `${order} filled at ${price}`,
    marginTitle: (code) => `Margin call: ${code}`,
    marginBody: (position, price) =>
      `Equity fell below the maintenance margin: your ${position} were closed at ${price}`,
  },
  "zh-Hant": {
    stopTitle: (code) => `停損委託已觸發：${code}`,
    stopBody: (order, trigger) => `${order}：股價已達觸發價 ${trigger}，委託已送出`,
    expiredTitle: (code) => `委託已失效：${code}`,
    expiredBody: (order, prices) => `${order}（${prices}）已過有效期限而取消，圈存金額已釋放`,
    filledTitle: (code) => `已成交：${code}`,
    filledBody: (order, price) => `${order}已以 ${price} 成交`,
    marginTitle: (code) => `強制平倉：${code}`,
    marginBody: (position, price) => `保證金低於維持率，${position}已以 ${price} 平倉`,
  },
};

/** The prices an expired order waited on. */
function waitedOn(notice: OrderExpiredPush, locale: FormatLocale): string {
  const words = orderPrices[locale];
  const prices = [
    notice.triggerPrice === null
      ? undefined
      : words.trigger(priceText(notice.symbol, notice.triggerPrice, locale)),
    notice.limitPrice === null ? undefined : words.limit(priceText(notice.symbol, notice.limitPrice, locale)),
  ].filter((each) => each !== undefined);
  return prices.length > 0 ? prices.join(words.join) : words.market;
}

/**
 * The screen a trading notice opens: the Transaction tab's positions in progress (a stop's fill,
 * a limit's fill), its pending orders (what is still waiting after one lapsed), or the ended ones
 * (a forced close).
 */
const tradingRoutes = {
  holding: "#/position/position?tab=holding",
  pending: "#/position/position?tab=pending",
  closed: "#/position/position?tab=closed",
} as const;

/** A notice's push in the subscription's language: short, since a lock screen shows two lines. */
export function pushMessage(notice: PushNotice, locale: FormatLocale): PushMessage {
  if (notice.type === "alert") return alertMessage(notice, locale);
  const texts = orderTexts[locale];
  const code = codeOf(notice.symbol);
  const quantity = formatNumber(notice.quantity, locale);
  const price = (value: string) => priceText(notice.symbol, value, locale);
  switch (notice.type) {
    case "stop_triggered":
      return {
        title: texts.stopTitle(code),
        body: texts.stopBody(orderWords[locale](notice.side, quantity), price(notice.triggerPrice)),
        // A stop's trigger and its fill are one notification, the fill replacing the trigger.
        tag: `order-${notice.id}`,
        url: tradingRoutes.holding,
      };
    case "order_filled":
      return {
        title: texts.filledTitle(code),
        body: texts.filledBody(orderWords[locale](notice.side, quantity), price(notice.fillPrice)),
        tag: `order-${notice.id}`,
        url: tradingRoutes.holding,
      };
    case "order_expired":
      return {
        title: texts.expiredTitle(code),
        body: texts.expiredBody(orderWords[locale](notice.side, quantity), waitedOn(notice, locale)),
        tag: `order-${notice.id}`,
        url: tradingRoutes.pending,
      };
    case "margin_call":
      return {
        title: texts.marginTitle(code),
        body: texts.marginBody(positionWords[locale](notice.side, quantity), price(notice.closePrice)),
        tag: `margin-${notice.id}`,
        url: tradingRoutes.closed,
      };
  }
}
