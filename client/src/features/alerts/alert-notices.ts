import { alertsApi } from "@kabuto/shared/endpoints/alerts";
import { marketApi } from "@kabuto/shared/endpoints/market";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { AppLocale } from "../../i18n/locale.ts";
import { call } from "../../lib/api.ts";
import { notifyInfo } from "../../lib/notify.ts";
import { localName } from "../market/instrument.ts";
import { knownInstrument } from "../market/market-api.ts";
import { conditionText, figureText, priceText } from "./alert-text.ts";

/** Tells the member, wherever they are in the app, that one of their alerts fired (`id`: its notice). */
export async function announceAlert(id: string): Promise<void> {
  const { items } = await call(alertsApi.notices, {});
  const notice = items.find((item) => item.id === id);
  if (!notice) return;
  const locale = i18n.locale as AppLocale;
  // The stock's name in the member's language: remembered from a screen, or asked for.
  const instrument =
    knownInstrument(notice.symbol) ??
    (await call(marketApi.instrument, { params: { symbol: notice.symbol } }).catch(() => undefined));
  const name = instrument ? localName(instrument.name, locale) : notice.symbol;
  const condition = conditionText(i18n, notice, locale);
  const price = priceText(notice.symbol, notice.price, locale);
  const figure = figureText(i18n, notice, locale);
  notifyInfo(
    figure
      ? i18n._(msg`${name}: ${condition} (${figure}, now ${price})`)
      : i18n._(msg`${name}: ${condition} (now ${price})`),
  );
}
