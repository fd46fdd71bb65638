import type { Market, MarketTerms } from "@kabuto/shared";

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
