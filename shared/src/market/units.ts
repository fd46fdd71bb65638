import type { Market } from "../symbols.ts";

/**
 * Shares in one trading unit. TSE has traded every domestic stock in units of 100 (単元株)
 * since October 2018; US stocks trade in single shares. The product spec says 1000 in
 * places, but DESIGN rules that the real market wins, so 100 it is.
 */
export const tradingUnit: Record<Market, number> = { JP: 100, US: 1 };

/** Whether a quantity is a positive whole number of trading units. */
export function isWholeUnits(market: Market, shares: number): boolean {
  return Number.isSafeInteger(shares) && shares > 0 && shares % tradingUnit[market] === 0;
}
