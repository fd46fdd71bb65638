import type { Bus } from "@kabuto/bus";
import type {
  CandleInterval,
  CandleList,
  FxRate,
  IndexInfo,
  Instrument,
  InstrumentCatalog,
  InstrumentWithQuote,
  Quote,
} from "@kabuto/shared";
import { candleTopic, quoteTopic, toWireCandle } from "@kabuto/shared";
import { AppError } from "../errors.ts";
import type { CandlesRepo } from "./candles.repo.ts";

/** Market data for HTTP: instruments from the catalog, prices from the bus's newest state, history from the database. */
export class MarketService {
  private readonly catalog: InstrumentCatalog;
  private readonly bus: Bus;
  private readonly candles: CandlesRepo;
  private readonly searchIndex: { instrument: Instrument; haystack: string }[];

  constructor(deps: { catalog: InstrumentCatalog; bus: Bus; candles: CandlesRepo }) {
    this.catalog = deps.catalog;
    this.bus = deps.bus;
    this.candles = deps.candles;
    this.searchIndex = deps.catalog.instruments.map((instrument) => ({
      instrument,
      haystack: normalise(
        [instrument.code, instrument.name.ja, instrument.name.en, instrument.name.zhHant].join("\u0000"),
      ),
    }));
  }

  async search(query: { market?: "JP" | "US" | undefined; q?: string | undefined; limit: number }) {
    const needle = query.q ? normalise(query.q) : "";
    const ranked: { instrument: Instrument; rank: number }[] = [];
    for (const { instrument, haystack } of this.searchIndex) {
      if (query.market && instrument.market !== query.market) continue;
      const rank = needle ? matchRank(instrument, haystack, needle) : 0;
      if (rank >= 0) ranked.push({ instrument, rank });
    }
    ranked.sort((a, b) => a.rank - b.rank);
    return { items: await this.withQuotes(ranked.slice(0, query.limit).map((entry) => entry.instrument)) };
  }

  async instrument(symbol: string): Promise<InstrumentWithQuote> {
    const instrument = this.catalog.instrumentBySymbol.get(symbol);
    if (!instrument) throw new AppError("SYMBOL_NOT_FOUND");
    const [withQuote] = await this.withQuotes([instrument]);
    return withQuote as InstrumentWithQuote;
  }

  isKnown(symbol: string): boolean {
    return this.catalog.isKnown(symbol);
  }

  async candleHistory(symbol: string, interval: CandleInterval, before: number | undefined, limit: number) {
    const format = this.catalog.priceFormat(symbol);
    if (!format) throw new AppError("SYMBOL_NOT_FOUND");
    const rows = await this.candles.history(symbol, interval, before ?? Number.MAX_SAFE_INTEGER, limit);
    const items = rows.map((row) => toWireCandle(row, format));
    if (before === undefined) {
      // The stored current bar may be up to a minute old; the bus has it as of the last trade.
      const [live] = await this.bus.snapshots([candleTopic(symbol, interval)]);
      const candle = live?.data;
      if (candle) {
        const { symbol: _symbol, interval: _interval, ...bar } = candle;
        if (items.at(-1)?.t === bar.t) items[items.length - 1] = bar;
        else if ((items.at(-1)?.t ?? 0) < bar.t) items.push(bar);
      }
    }
    const list: CandleList = { symbol: symbol as CandleList["symbol"], interval, items };
    return list;
  }

  async indices(): Promise<{ items: IndexInfo[] }> {
    const quotes = await this.quotes(this.catalog.indices.map((index) => index.symbol));
    return {
      items: this.catalog.indices.map((index) => ({
        symbol: index.symbol as IndexInfo["symbol"],
        name: index.name,
        market: index.market,
        quote: quotes.get(index.symbol) ?? null,
      })),
    };
  }

  async fxRates(): Promise<{ items: FxRate[] }> {
    const quotes = await this.quotes(this.catalog.fx.map((pair) => pair.symbol));
    const items: FxRate[] = [];
    for (const pair of this.catalog.fx) {
      const quote = quotes.get(pair.symbol);
      if (!quote) continue;
      const mid = Number(quote.last);
      const half = (mid * pair.spreadBps) / 20_000;
      items.push({
        symbol: pair.symbol as FxRate["symbol"],
        base: pair.base as FxRate["base"],
        quote: pair.quote as FxRate["quote"],
        bid: (mid - half).toFixed(pair.decimals),
        ask: (mid + half).toFixed(pair.decimals),
        mid: quote.last,
        ts: quote.tradeMs,
      });
    }
    return { items };
  }

  private async withQuotes(instruments: readonly Instrument[]): Promise<InstrumentWithQuote[]> {
    const quotes = await this.quotes(instruments.map((instrument) => instrument.symbol));
    return instruments.map((instrument) => ({ ...instrument, quote: quotes.get(instrument.symbol) ?? null }));
  }

  private async quotes(symbols: readonly string[]): Promise<Map<string, Quote>> {
    const updates = await this.bus.snapshots(symbols.map(quoteTopic));
    return new Map(updates.map((update) => [update.data.symbol, update.data]));
  }
}

/** Case, width (full-width digits, half-width kana) and spacing do not matter when searching. */
function normalise(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, "");
}

/** 0 exact code, 1 code prefix, 2 name prefix, 3 anywhere; -1 no match. */
function matchRank(instrument: Instrument, haystack: string, needle: string): number {
  const code = instrument.code.toLowerCase();
  if (code === needle) return 0;
  if (code.startsWith(needle)) return 1;
  const position = haystack.indexOf(needle);
  if (position < 0) return -1;
  return haystack.startsWith(needle, position) && (position === 0 || haystack[position - 1] === "\u0000")
    ? 2
    : 3;
}
