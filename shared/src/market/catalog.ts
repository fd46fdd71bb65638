import type { Instrument, LocalizedName } from "../api/market.ts";
import type { DividendPolicy } from "../dividends/schedule.ts";
import type { Candle } from "../protocol/market-data.ts";
import type { Market } from "../symbols.ts";

/** An index the catalog lists (Nikkei 225, S&P 500...). */
export interface IndexListing {
  symbol: string;
  name: LocalizedName;
  market: Market;
}

/** A currency pair the catalog lists, with the spread the exchange desk quotes around its mid. */
export interface FxListing {
  symbol: string;
  base: string;
  quote: string;
  decimals: number;
  spreadBps: number;
}

/**
 * What the API and the gateway need to know of the instruments: which exist, how they are
 * named and how their stored integer prices read as decimals. The feed builds it from its
 * universe; the composition package hands it to the others, so they depend on this interface and
 * not on the simulator.
 */
export interface InstrumentCatalog {
  instruments: readonly Instrument[];
  indices: readonly IndexListing[];
  fx: readonly FxListing[];
  instrumentBySymbol: ReadonlyMap<string, Instrument>;
  /** Whether a symbol (equity, index or pair) exists, so a typo gets an error, not silence. */
  isKnown(symbol: string): boolean;
  /** How a known symbol's integer price units read as a decimal string; undefined if unknown. */
  priceFormat(symbol: string): ((units: number) => string) | undefined;
  /**
   * How an equity pays dividends, from the universe data; undefined for a name that pays none
   * (or an index or a pair). Its dates and amounts follow from `dividendsBetween`, so the feed
   * and the API compute the same calendar without telling each other.
   */
  dividendPolicy(symbol: string): DividendPolicy | undefined;
}

/** A candle in integer price units, the form the simulator computes and the database keeps. */
export interface UnitCandle {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
}

export function toWireCandle(candle: UnitCandle, format: (units: number) => string): Candle {
  return {
    t: candle.t,
    o: format(candle.o),
    h: format(candle.h),
    l: format(candle.l),
    c: format(candle.c),
    v: candle.v,
  };
}
