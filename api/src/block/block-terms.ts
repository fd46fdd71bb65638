import { parseBlockHours } from "@kabuto/shared/block/rules";
import { parseCurrencyAmounts } from "@kabuto/shared/money";
import type { BlockTerms } from "./block.service.ts";

/** BLOCK_HOURS, BLOCK_DAILY_LIMIT and the purchase fees, parsed once at start; a bad value stops the process. */
export function parseBlockTerms(config: {
  BLOCK_HOURS: string;
  BLOCK_DAILY_LIMIT: string;
  FEE_PPM_JP: number;
  FEE_PPM_US: number;
  TAX_PPM_JP: number;
  TAX_PPM_US: number;
}): BlockTerms {
  return {
    hours: parseBlockHours(config.BLOCK_HOURS),
    hoursText: config.BLOCK_HOURS,
    dailyLimit: parseCurrencyAmounts("BLOCK_DAILY_LIMIT", config.BLOCK_DAILY_LIMIT),
    feePpm: { JP: config.FEE_PPM_JP, US: config.FEE_PPM_US },
    taxPpm: { JP: config.TAX_PPM_JP, US: config.TAX_PPM_US },
  };
}
