import { useEffect } from "react";
import { useSearch } from "wouter";
import { activateLocale } from "./i18n.ts";
import { langFromAddress, localeToApply } from "./locale.ts";
import { useLocale } from "./use-locale.ts";

/**
 * Applies `lang=` from the address whenever the address changes inside the app, as a full load
 * does (the address overrides the stored choice). Only a change of the address's `lang` acts:
 * a `lang=` that stays in the page query all visit must not undo a language picked afterwards.
 */
export function useLangFromAddress(): void {
  // The hash route's query: reading it makes every in-app navigation re-run this hook.
  const search = useSearch();
  const addressLang = langFromAddress(location.search, `#?${search}`);
  const locale = useLocale();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current locale is read, not watched; see above.
  useEffect(() => {
    const next = localeToApply(addressLang, locale);
    if (next) void activateLocale(next);
  }, [addressLang]);
}
