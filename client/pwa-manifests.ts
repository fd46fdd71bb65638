/**
 * The Web App Manifests, one per interface language. A manifest names the app in one language
 * (its `lang`); the W3C's localisation members are not read by any browser yet, so each language
 * gets a file of its own and the page links the one of the language it shows
 * (`src/pwa/manifest-link.ts` swaps the link when the member changes language). An app installed
 * keeps the name it was installed under.
 */
export const manifestFiles = {
  ja: "manifest.webmanifest",
  en: "manifest.en.webmanifest",
  "zh-Hant": "manifest.zh-Hant.webmanifest",
} as const;

type ManifestLocale = keyof typeof manifestFiles;

const texts: Record<ManifestLocale, { name: string; description: string }> = {
  ja: {
    name: "Kabuto 株取引",
    description: "日本株と米国株をスマートフォンで。リアルタイム株価、チャート、板情報。",
  },
  en: {
    name: "Kabuto: Japanese and US stocks",
    description: "Trade Japanese and US equities on your phone: live quotes, charts and order books.",
  },
  "zh-Hant": {
    name: "Kabuto 股票交易",
    description: "在手機上交易日本與美國股票：即時報價、K線圖與五檔報價。",
  },
};

/** The brand blue of the mark; the page itself is white (index.html's theme-color). */
export const brandColour = "#1f4fd8";
export const pageColour = "#ffffff";

export function manifest(locale: ManifestLocale): Record<string, unknown> {
  const { name, description } = texts[locale];
  return {
    id: "./",
    name,
    short_name: "Kabuto",
    description,
    lang: locale,
    dir: "ltr",
    start_url: "./#/home/index",
    scope: "./",
    display: "standalone",
    orientation: "portrait",
    theme_color: pageColour,
    background_color: pageColour,
    categories: ["finance"],
    icons: [
      { src: "icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}

export const manifestLocales = Object.keys(manifestFiles) as ManifestLocale[];
