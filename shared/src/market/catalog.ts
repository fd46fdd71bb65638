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

/**
 * A new share that joins the live universe on its listing day: what the feed needs to simulate
 * it from its offer price, and what every process's catalog needs to know it. No history exists
 * before `listingDate`.
 */
export interface NewListing {
  symbol: string;
  market: Market;
  code: string;
  name: LocalizedName;
  sector: string;
  /** The offer price, a decimal on the market's grid. */
  offerPrice: string;
  listingDate: string;
  /** Shares the offering placed: sets how much the name trades in its first days. */
  sharesOffered: number;
}

/** A catalog new listings can join at run time (the feed's, in every process that holds one). */
export interface ListingCatalog extends InstrumentCatalog {
  /** Adds a new listing's instrument; false if the symbol is already known. */
  addListing(listing: NewListing): boolean;
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
