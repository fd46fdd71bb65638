import type { DividendPolicy, Instrument, InstrumentCatalog, Market } from "@kabuto/shared";
import {
  dailyLimitFor,
  dividendOn,
  marketZone,
  perShareFromYield,
  priceScale,
  priceToUnits,
  roundToTick,
  tickUnits,
  tradingUnit,
  unitsToPrice,
} from "@kabuto/shared";
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
export interface Catalog extends InstrumentCatalog {
  simulated: readonly SimInstrument[];
  bySymbol: ReadonlyMap<string, SimInstrument>;
  /** The grid any known symbol prices on: for formatting stored candles. */
  gridOf(symbol: string): PriceGrid | undefined;
}

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
    instrumentBySymbol: new Map(instruments.map((instrument) => [instrument.symbol, instrument])),
    gridOf: (symbol) => bySymbol.get(symbol)?.grid,
    isKnown: (symbol) => bySymbol.has(symbol),
    priceFormat: (symbol) => bySymbol.get(symbol)?.grid.format,
    dividendPolicy: (symbol) => dividends.get(symbol),
  };
}
