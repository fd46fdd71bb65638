/** The interface languages. `zh-Hant` is Traditional Chinese as written in Taiwan. */
export const formatLocales = ["ja", "en", "zh-Hant"] as const;
export type FormatLocale = (typeof formatLocales)[number];

/**
 * The Intl locale each interface language formats numbers and dates with. Traditional Chinese
 * follows Taiwan's conventions (萬, 億, `US$`), not Hong Kong's.
 */
export const intlLocale: Record<FormatLocale, string> = { ja: "ja-JP", en: "en-US", "zh-Hant": "zh-TW" };
