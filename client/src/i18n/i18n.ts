import { i18n, type Messages } from "@lingui/core";
import { readStorage, writeStorage } from "../lib/storage.ts";
import {
  type AppLocale,
  htmlLang,
  initialLocale,
  langFromAddress,
  langStorageKey,
  storedCode,
} from "./locale.ts";

/** Each catalog is its own chunk: a member downloads only the language they read. */
const catalogs: Record<AppLocale, () => Promise<{ messages: Messages }>> = {
  ja: () => import("../locales/ja.po"),
  en: () => import("../locales/en.po"),
  "zh-Hant": () => import("../locales/zh-Hant.po"),
};

/** Loads the language's messages, makes it current and remembers the choice (spec section 4). */
export async function activateLocale(locale: AppLocale): Promise<void> {
  const { messages } = await catalogs[locale]();
  i18n.loadAndActivate({ locale, messages });
  document.documentElement.lang = htmlLang(locale);
  writeStorage(langStorageKey, storedCode(locale));
}

export function startupLocale(): AppLocale {
  return initialLocale(langFromAddress(location.search, location.hash), readStorage(langStorageKey));
}

export { i18n };
