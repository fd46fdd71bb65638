import type { LocalizedName } from "@kabuto/shared/api/market";
import type { Market } from "@kabuto/shared/symbols";

/*
 * The indices the simulator publishes. Reference levels are rounded from roughly mid-2025
 * (June to July), the same snapshot as the equities; they are starting points for a
 * simulator, not live data.
 */

export interface IndexSeed {
  symbol: `IDX:${string}`;
  name: LocalizedName;
  /** The market whose sessions it is calculated in. */
  market: Market;
  /** Where the simulation starts, a decimal string with two decimals. */
  refLevel: string;
  /** Annualised volatility of daily returns. */
  annualVol: number;
  /** The market whose equities make up the index and move it. */
  members: Market;
  /**
   * How strongly the index follows its members' common market factor: 1 moves one for one.
   * A narrow, tech-heavy or price-weighted index runs above 1; a broad one near 1.
   */
  beta: number;
}

export const indices: readonly IndexSeed[] = [
  {
    symbol: "IDX:N225",
    name: { ja: "日経平均株価", en: "Nikkei 225", zhHant: "日經225指數" },
    market: "JP",
    refLevel: "40150.00",
    annualVol: 0.22,
    members: "JP",
    // Price-weighted, so a few high-priced names (Fast Retailing, Tokyo Electron, Advantest)
    // swing it further than the broad market.
    beta: 1.1,
  },
  {
    symbol: "IDX:TOPIX",
    name: { ja: "東証株価指数", en: "TOPIX", zhHant: "東證股價指數" },
    market: "JP",
    refLevel: "2850.00",
    annualVol: 0.19,
    members: "JP",
    beta: 1,
  },
  {
    symbol: "IDX:DJI",
    name: { ja: "NYダウ工業株30種平均", en: "Dow Jones Industrial Average", zhHant: "道瓊工業平均指數" },
    market: "US",
    refLevel: "44500.00",
    annualVol: 0.15,
    members: "US",
    // Thirty mature industrials and financials, lighter on technology than the S&P 500.
    beta: 0.9,
  },
  {
    symbol: "IDX:SPX",
    name: { ja: "S&P500種指数", en: "S&P 500", zhHant: "標普500指數" },
    market: "US",
    refLevel: "6300.00",
    annualVol: 0.17,
    members: "US",
    beta: 1,
  },
  {
    symbol: "IDX:IXIC",
    name: { ja: "ナスダック総合指数", en: "Nasdaq Composite", zhHant: "那斯達克綜合指數" },
    market: "US",
    refLevel: "20800.00",
    annualVol: 0.22,
    members: "US",
    // Dominated by large technology names, it amplifies the market's moves.
    beta: 1.25,
  },
];
