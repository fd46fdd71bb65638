import type { AppLocale } from "../i18n/locale.ts";

/** The manifest of each language, as `vite.config.ts` writes them (see client/pwa-manifests.ts). */
const manifestFiles: Record<AppLocale, string> = {
  ja: "./manifest.webmanifest",
  en: "./manifest.en.webmanifest",
  "zh-Hant": "./manifest.zh-Hant.webmanifest",
};

/** Points the page's manifest link at the language shown, so an install takes its name. */
export function linkManifest(locale: AppLocale): void {
  document.querySelector('link[rel="manifest"]')?.setAttribute("href", manifestFiles[locale]);
}
