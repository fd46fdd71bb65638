import { type Currency, decimalToMinor, parseBlockHours } from "@kabuto/shared";
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
  const dailyLimit = new Map<Currency, bigint>();
  for (const pair of config.BLOCK_DAILY_LIMIT.split(",")) {
    const [currency = "", text = ""] = pair.split(":");
    if (currency !== "JPY" && currency !== "USD")
      throw new Error(`BLOCK_DAILY_LIMIT: no block trades in ${currency}`);
    const amount = decimalToMinor(text, currency);
    if (amount === undefined || amount <= 0n)
      throw new Error(`BLOCK_DAILY_LIMIT: ${text} is not an amount of ${currency}`);
    dailyLimit.set(currency, amount);
  }
  return {
    hours: parseBlockHours(config.BLOCK_HOURS),
    hoursText: config.BLOCK_HOURS,
    dailyLimit,
    feePpm: { JP: config.FEE_PPM_JP, US: config.FEE_PPM_US },
    taxPpm: { JP: config.TAX_PPM_JP, US: config.TAX_PPM_US },
  };
}
