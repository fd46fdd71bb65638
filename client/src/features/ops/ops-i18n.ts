import type { Messages } from "@lingui/core";
import { activateLocale, addCatalogs, i18n } from "../../i18n/i18n.ts";
import { type AppLocale, appLocales, defaultLocale } from "../../i18n/locale.ts";

/** The console's own messages, a chunk per language that members never download. */
const opsCatalogs: Record<AppLocale, () => Promise<{ messages: Messages }>> = {
  ja: () => import("../../locales/ops/ja.po"),
  en: () => import("../../locales/ops/en.po"),
  "zh-Hant": () => import("../../locales/ops/zh-Hant.po"),
};

function currentLocale(): AppLocale {
  const locale = appLocales.find((option) => option === i18n.locale);
  return locale ?? defaultLocale;
}

/**
 * Merges the console's catalog under the members' one (the console reuses the app's buttons,
 * dialogs and error messages, and where both hold a message the members' wins) for the current
 * language, and for every language chosen later.
 */
export async function openOpsCatalogs(): Promise<void> {
  addCatalogs((locale) => opsCatalogs[locale]());
  await activateLocale(currentLocale());
}
