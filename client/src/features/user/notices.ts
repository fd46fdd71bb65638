/**
 * Attribution notices of the open-source software the app ships, reproduced verbatim from each
 * project's NOTICE file as its licence asks (Apache-2.0, section 4(d)). Legal text, so never
 * translated; the about screen introduces each in the reader's language.
 */
export interface OpenSourceNotice {
  name: string;
  /** The NOTICE file's attribution, line for line. */
  notice: string;
  /** The link the licence asks for (Lightweight Charts: to TradingView's site). */
  href: string;
  licence: string;
}

/**
 * Lightweight Charts draws every price chart. Its README asks for this notice and a link to
 * https://www.tradingview.com/ on a page users can reach; with them here, the in-chart logo
 * (`layout.attributionLogo`) may be turned off, which the library's documentation allows.
 */
export const lightweightChartsNotice: OpenSourceNotice = {
  name: "TradingView Lightweight Charts™",
  notice: "TradingView Lightweight Charts\nCopyright (с) 2023 TradingView, Inc. https://www.tradingview.com/",
  href: "https://www.tradingview.com/",
  licence: "Apache License 2.0",
};
