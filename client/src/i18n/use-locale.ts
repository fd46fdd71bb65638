import { useLingui } from "@lingui/react";
import type { AppLocale } from "./locale.ts";

/** The current interface language, for number and date formatting. */
export function useLocale(): AppLocale {
  return useLingui().i18n.locale as AppLocale;
}
