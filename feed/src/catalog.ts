import type { Instrument } from "@kabuto/shared/api/market";
import type { DividendPolicy } from "@kabuto/shared/dividends/schedule";
import { dividendOn, perShareFromYield } from "@kabuto/shared/dividends/schedule";
import type { ListingCatalog, NewListing } from "@kabuto/shared/market/catalog";
import { dailyLimitFor } from "@kabuto/shared/market/price-limits";
import { priceScale, priceToUnits, roundToTick, tickUnits, unitsToPrice } from "@kabuto/shared/market/ticks";
import { tradingUnit } from "@kabuto/shared/market/units";
import { ptsTickTable } from "@kabuto/shared/market/venues";
import type { Market } from "@kabuto/shared/symbols";
import { marketZone } from "@kabuto/shared/symbols";
import { flatGrid, type PriceGrid, type SimInstrument } from "./simulator/instruments.ts";
import { dividendTermsOf } from "./universe/dividends.ts";
import { equities } from "./universe/equities.ts";
import { fxPairs } from "./universe/fx.ts";
import { indices } from "./universe/indices.ts";

/**
 * The instruments the simulator trades and the API lists: the universe's data turned into
 * instruments with their price grids. Built once; everything else looks symbols up here. The
 * API and the gateway see it as the shared `InstrumentCatalog`; the simulator also needs grids.
 */
export interface Catalog extends ListingCatalog {
  simulated: readonly SimInstrument[];
  bySymbol: ReadonlyMap<string, SimInstrument>;
  /** The grid any known symbol prices on: for formatting stored candles. */
  gridOf(symbol: string): PriceGrid | undefined;
  /** A new listing's simulated instrument, once `addListing` has taken it. */
  listed(symbol: string): SimInstrument | undefined;
}

/**
 * How a new listing trades: IPOs swing far more than seasoned names (a first year's volatility
 * of 60% is ordinary on TSE Growth), and their first days turn the placed shares over a few times.
 */
const listingAnnualVol = 0.6;
const listingTurnover = 2;

function equityGrid(market: Market, table: Instrument["tickTable"]): PriceGrid {
  return {
    scale: priceScale[market],
    tickAt: (units) => tickUnits(table, Math.max(Math.round(units), 1)),
    // The simulator works in continuous prices; the tick table takes whole units.
    round: (units) => roundToTick(table, Math.max(Math.round(units), 1), "nearest"),
    limits: (prevClose) => {
      const limit = dailyLimitFor(market, table, prevClose);
      return limit ? { up: limit.upUnits, down: limit.downUnits } : null;
    },
    format: (units) => unitsToPrice(units, market),
  };
}

export function createCatalog(): Catalog {
  const instruments: Instrument[] = [];
  const simulated: SimInstrument[] = [];
  const dividends = new Map<string, DividendPolicy>();
  for (const seed of equities) {
    const tickTable = seed.market === "US" ? "us" : seed.topix500 ? "topix500" : "tse";
    const symbol = `${seed.market}:${seed.code}` as Instrument["symbol"];
    instruments.push({
      symbol,
      market: seed.market,
      code: seed.code,
      name: seed.name,
      sector: seed.sector,
      currency: seed.market === "JP" ? "JPY" : "USD",
      lotSize: tradingUnit[seed.market],
      tickTable,
    });
    const grid = equityGrid(seed.market, tickTable);
    const refUnits = priceToUnits(seed.refPrice, seed.market);
    if (refUnits === undefined) throw new Error(`reference price off the grid: ${symbol} ${seed.refPrice}`);
    const terms = dividendTermsOf(seed.market, seed.code);
    // The payment follows the reference price, as a company's dividend follows its earnings
    // and not its share price: a fixed amount a name pays whatever the simulation does.
    const policy: DividendPolicy | undefined = terms && {
      perShareUnits: perShareFromYield(seed.market, refUnits, terms.annualYield, terms.recordMonths.length),
      recordMonths: terms.recordMonths,
      recordDay: terms.recordDay,
    };
    if (policy) dividends.set(symbol, policy);
    const market = seed.market;
    simulated.push({
      symbol,
      kind: "equity",
      market: seed.market,
      zone: marketZone[seed.market],
      grid,
      ...(seed.market === "JP" && { ptsTable: ptsTickTable(tickTable) }),
      lot: tradingUnit[seed.market],
      refUnits: grid.round(refUnits),
      annualVol: seed.annualVol,
      avgDailyVolume: seed.avgDailyVolume,
      ...(policy && {
        exDividendUnits: (tradingDate: string) =>
          dividendOn(symbol, market, policy, tradingDate)?.perShareUnits ?? 0,
      }),
    });
  }
  for (const index of indices) {
    const grid = flatGrid(2);
    simulated.push({
      symbol: index.symbol,
      kind: "index",
      market: index.market,
      zone: marketZone[index.market],
      grid,
      lot: 0,
      refUnits: Math.round(Number(index.refLevel) * grid.scale),
      annualVol: index.annualVol,
      avgDailyVolume: 0,
      beta: index.beta,
    });
  }
  for (const pair of fxPairs) {
    const grid = flatGrid(pair.decimals);
    simulated.push({
      symbol: pair.symbol,
      kind: "fx",
      market: "US",
      zone: "America/New_York",
      grid,
      lot: 0,
      refUnits: Math.round(Number(pair.refRate) * grid.scale),
      annualVol: pair.annualVol,
      avgDailyVolume: 0,
      spreadBps: pair.spreadBps,
      band: pair.band && {
        min: Math.round(Number(pair.band.min) * grid.scale),
        max: Math.round(Number(pair.band.max) * grid.scale),
      },
    });
  }
  const bySymbol = new Map(simulated.map((instrument) => [instrument.symbol, instrument]));
  const instrumentBySymbol = new Map(instruments.map((instrument) => [instrument.symbol, instrument]));
  const listings = new Map<string, SimInstrument>();
  return {
    instruments,
    indices: indices.map(({ symbol, name, market }) => ({ symbol, name, market })),
    fx: fxPairs.map(({ symbol, base, quote, decimals, spreadBps }) => ({
      symbol,
      base,
      quote,
      decimals,
      spreadBps,
    })),
    simulated,
    bySymbol,
    instrumentBySymbol,
    gridOf: (symbol) => bySymbol.get(symbol)?.grid,
    isKnown: (symbol) => bySymbol.has(symbol),
    priceFormat: (symbol) => bySymbol.get(symbol)?.grid.format,
    dividendPolicy: (symbol) => dividends.get(symbol),
    listed: (symbol) => listings.get(symbol),
    addListing(listing: NewListing): boolean {
      if (bySymbol.has(listing.symbol)) return false;
      const { market } = listing;
      const symbol = listing.symbol as Instrument["symbol"];
      const tickTable = market === "US" ? "us" : "tse";
      const grid = equityGrid(market, tickTable);
      const offerUnits = priceToUnits(listing.offerPrice, market);
      if (offerUnits === undefined)
        throw new Error(`offer price off the grid: ${symbol} ${listing.offerPrice}`);
      const instrument: Instrument = {
        symbol,
        market,
        code: listing.code,
        name: listing.name,
        sector: listing.sector,
        currency: market === "JP" ? "JPY" : "USD",
        lotSize: tradingUnit[market],
        tickTable,
        listedOn: listing.listingDate,
      };
      const sim: SimInstrument = {
        symbol,
        kind: "equity",
        market,
        zone: marketZone[market],
        grid,
        ...(market === "JP" && { ptsTable: ptsTickTable(tickTable) }),
        lot: tradingUnit[market],
        refUnits: grid.round(offerUnits),
        annualVol: listingAnnualVol,
        avgDailyVolume: Math.max(tradingUnit[market], listing.sharesOffered * listingTurnover),
      };
      instruments.push(instrument);
      instrumentBySymbol.set(symbol, instrument);
      simulated.push(sim);
      bySymbol.set(symbol, sim);
      listings.set(symbol, sim);
      return true;
    },
  };
}
