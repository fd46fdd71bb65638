import type { FormatLocale } from "@kabuto/shared/format";

/** The interface languages; Japanese is the default (spec section 4). */
export const appLocales = ["ja", "en", "zh-Hant"] as const satisfies readonly FormatLocale[];
export type AppLocale = (typeof appLocales)[number];
export const defaultLocale: AppLocale = "ja";

/** The spec stores the choice under `lang` with its own codes: `jp`, `en`, `tw`. */
export const langStorageKey = "lang";
const storedCodes = { ja: "jp", en: "en", "zh-Hant": "tw" } as const satisfies Record<AppLocale, string>;
type StoredCode = (typeof storedCodes)[AppLocale];

export function storedCode(locale: AppLocale): StoredCode {
  return storedCodes[locale];
}

export function localeFromCode(code: string | null | undefined): AppLocale | undefined {
  switch (code) {
    case "jp":
      return "ja";
    case "en":
      return "en";
    case "tw":
      return "zh-Hant";
    default:
      return undefined;
  }
}

/**
 * The `lang=` value of a page address, looked for both in the query before the `#` and in the
 * query inside the hash route (`#/home/index?lang=en`), the latter winning.
 */
export function langFromAddress(search: string, hash: string): string | undefined {
  const hashQuery = hash.indexOf("?");
  const fromHash = hashQuery < 0 ? null : new URLSearchParams(hash.slice(hashQuery + 1)).get("lang");
  return fromHash ?? new URLSearchParams(search).get("lang") ?? undefined;
}

/**
 * The language to start in: a valid `lang=` in the address overrides the stored choice; an
 * invalid one is ignored; with neither, Japanese.
 */
export function initialLocale(addressLang: string | undefined, stored: string | null): AppLocale {
  return localeFromCode(addressLang) ?? localeFromCode(stored) ?? defaultLocale;
}

/**
 * The language a change of address asks for: a valid `lang=` naming another language than the
 * current one. Invalid values and the current language ask for nothing.
 */
export function localeToApply(addressLang: string | undefined, current: AppLocale): AppLocale | undefined {
  const asked = localeFromCode(addressLang);
  return asked === current ? undefined : asked;
}

/** BCP 47 tag for `<html lang>`: also what the stylesheet keys its colours and fonts on. */
export function htmlLang(locale: AppLocale): string {
  return locale;
}

/** Each language's name in itself, for the language pickers; names like these are never translated. */
export const localeEndonyms: Record<AppLocale, string> = {
  ja: "日本語",
  en: "English",
  "zh-Hant": "繁體中文",
};
