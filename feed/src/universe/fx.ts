import type { Currency } from "@kabuto/shared/symbols";

/*
 * FX pairs the simulator quotes. Every pair is against USD, so any cross (JPY/TWD, HKD/JPY...)
 * is derived from two of them and no cross can disagree with its legs. Reference rates are
 * rounded from roughly mid-2025, the same snapshot as the equities; they are starting points
 * for a simulator, not live data.
 */

export interface FxPairSeed {
  symbol: `FX:${string}`;
  base: Currency;
  quote: Currency;
  /** Where the simulation starts, a decimal string with exactly `decimals` decimals. */
  refRate: string;
  /** Decimals the market quotes the pair with (USD/JPY 147.123, USD/KRW 1380.25, USD/VND 26100). */
  decimals: number;
  /** Annualised volatility of daily returns. */
  annualVol: number;
  /** Spread between bid and ask, in basis points of the mid. */
  spreadBps: number;
  /** Where a peg holds the rate, the band it may not leave. */
  band?: { min: string; max: string };
}

export const fxPairs: readonly FxPairSeed[] = [
  {
    symbol: "FX:USDJPY",
    base: "USD",
    quote: "JPY",
    refRate: "147.250",
    decimals: 3,
    annualVol: 0.1,
    spreadBps: 1,
  },
  {
    symbol: "FX:USDCNY",
    base: "USD",
    quote: "CNY",
    refRate: "7.1750",
    decimals: 4,
    // The onshore yuan trades within 2% of the daily fixing, so it moves little.
    annualVol: 0.04,
    spreadBps: 3,
  },
  {
    symbol: "FX:USDTWD",
    base: "USD",
    quote: "TWD",
    refRate: "29.450",
    decimals: 3,
    annualVol: 0.06,
    spreadBps: 5,
  },
  {
    symbol: "FX:USDHKD",
    base: "USD",
    quote: "HKD",
    // Mid-2025 the dollar sat at the weak end of the peg, where the HKMA buys HKD.
    refRate: "7.8490",
    decimals: 4,
    annualVol: 0.005,
    spreadBps: 1,
    // The HKMA's convertibility undertaking: it buys and sells HKD at these rates.
    band: { min: "7.7500", max: "7.8500" },
  },
  {
    symbol: "FX:USDTHB",
    base: "USD",
    quote: "THB",
    refRate: "32.450",
    decimals: 3,
    annualVol: 0.08,
    spreadBps: 5,
  },
  {
    symbol: "FX:USDVND",
    base: "USD",
    quote: "VND",
    refRate: "26150",
    decimals: 0,
    // A managed float within a band around the State Bank's central rate.
    annualVol: 0.03,
    spreadBps: 10,
  },
  {
    symbol: "FX:USDMYR",
    base: "USD",
    quote: "MYR",
    refRate: "4.2250",
    decimals: 4,
    annualVol: 0.07,
    spreadBps: 8,
  },
  {
    symbol: "FX:USDKRW",
    base: "USD",
    quote: "KRW",
    refRate: "1375.50",
    decimals: 2,
    annualVol: 0.09,
    spreadBps: 5,
  },
  {
    symbol: "FX:USDINR",
    base: "USD",
    quote: "INR",
    refRate: "85.7500",
    decimals: 4,
    annualVol: 0.05,
    spreadBps: 5,
  },
];
