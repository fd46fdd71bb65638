import type { Market } from "@kabuto/shared/symbols";
import type { MarketTerms } from "@kabuto/shared/trading/rules";
import type { DayTradeSettings } from "./trading.service.ts";

/** The terms from configuration (LEVERAGE_JP, FEE_PPM_US, ...), whose defaults are `defaultTerms`. */
export function termsFromConfig(config: {
  LEVERAGE_JP: number[];
  LEVERAGE_US: number[];
  FEE_PPM_JP: number;
  FEE_PPM_US: number;
  TAX_PPM_JP: number;
  TAX_PPM_US: number;
  MAINTENANCE_PCT: number;
}): Record<Market, MarketTerms> {
  return {
    JP: {
      leverages: config.LEVERAGE_JP,
      feePpm: config.FEE_PPM_JP,
      taxPpm: config.TAX_PPM_JP,
      maintenancePct: config.MAINTENANCE_PCT,
    },
    US: {
      leverages: config.LEVERAGE_US,
      feePpm: config.FEE_PPM_US,
      taxPpm: config.TAX_PPM_US,
      maintenancePct: config.MAINTENANCE_PCT,
    },
  };
}

/** Day trading's terms from configuration (DAY_TRADE_MARGIN_PCT_JP, DAY_TRADE_FEE_PPM_US, DAY_TRADE_CUTOFF_MINUTES, ...). */
export function dayTradeSettingsFromConfig(config: {
  DAY_TRADE_MARGIN_PCT_JP: number;
  DAY_TRADE_MARGIN_PCT_US: number;
  DAY_TRADE_FEE_PPM_JP: number;
  DAY_TRADE_FEE_PPM_US: number;
  DAY_TRADE_CUTOFF_MINUTES: number;
}): DayTradeSettings {
  return {
    terms: {
      JP: { marginPct: config.DAY_TRADE_MARGIN_PCT_JP, feePpm: config.DAY_TRADE_FEE_PPM_JP },
      US: { marginPct: config.DAY_TRADE_MARGIN_PCT_US, feePpm: config.DAY_TRADE_FEE_PPM_US },
    },
    cutoffMinutes: config.DAY_TRADE_CUTOFF_MINUTES,
  };
}
