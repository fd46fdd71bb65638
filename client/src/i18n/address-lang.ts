import { useEffect } from "react";
import { useSearch } from "wouter";
import { activateLocale } from "./i18n.ts";
import { langFromAddress, localeToApply } from "./locale.ts";
import { useLocale } from "./use-locale.ts";

/**
 * Applies `lang=` from the address whenever the address changes inside the app, as a full load
 * does (the address overrides the stored choice). Only a change of the address's `lang` acts:
 * a `lang=` that stays in the address while the member picks another language must not undo it.
 */
export function useLangFromAddress(): void {
  // The hash route's query, the only part of the address an in-app navigation changes (the page
  // query before the `#` was read at load); reading it re-runs this hook on every navigation.
  const search = useSearch();
  const addressLang = langFromAddress("", `#?${search}`);
  const locale = useLocale();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current locale is read, not watched; see above.
  useEffect(() => {
    const next = localeToApply(addressLang, locale);
    if (next) void activateLocale(next);
  }, [addressLang]);
}
