import { i18n, type Messages } from "@lingui/core";
import { readStorage, writeStorage } from "../lib/storage.ts";
import { linkManifest } from "../pwa/manifest-link.ts";
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

type Catalogs = (locale: AppLocale) => Promise<{ messages: Messages }>;

/**
 * A second catalog merged under the members' one: the operations console's, once it is open. A
 * message both hold keeps the members' translation, so member screens read the same after a
 * visit to the console; the console gives its own meanings a context of their own.
 */
let extraCatalogs: Catalogs | undefined;

/** From now on every activation also loads `more` and merges its messages under the members'. */
export function addCatalogs(more: Catalogs): void {
  extraCatalogs = more;
}

/** Loads the language's messages, makes it current and remembers the choice (spec section 4). */
export async function activateLocale(locale: AppLocale): Promise<void> {
  const [{ messages }, extra] = await Promise.all([catalogs[locale](), extraCatalogs?.(locale)]);
  i18n.loadAndActivate({ locale, messages: extra ? { ...extra.messages, ...messages } : messages });
  document.documentElement.lang = htmlLang(locale);
  linkManifest(locale);
  writeStorage(langStorageKey, storedCode(locale));
}

export function startupLocale(): AppLocale {
  return initialLocale(langFromAddress(location.search, location.hash), readStorage(langStorageKey));
}

export { i18n };
