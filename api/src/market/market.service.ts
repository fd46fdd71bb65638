import type { Bus } from "@kabuto/bus";
import type {
  CandleList,
  FxRate,
  HotList,
  HotListQuery,
  IndexInfo,
  Instrument,
  InstrumentWithQuote,
  NewListingList,
} from "@kabuto/shared/api/market";
import { marketDate } from "@kabuto/shared/market/calendar";
import type { InstrumentCatalog } from "@kabuto/shared/market/catalog";
import { toWireCandle } from "@kabuto/shared/market/catalog";
import { rankHotList } from "@kabuto/shared/market/hot-lists";
import { addDays } from "@kabuto/shared/market/iso-date";
import type { Venue } from "@kabuto/shared/market/venues";
import type { CandleInterval, Quote } from "@kabuto/shared/protocol/market-data";
import { candleTopic, ptsQuoteTopic, quoteTopic, sessionTopic } from "@kabuto/shared/protocol/topics";
import type { Market } from "@kabuto/shared/symbols";
import { markets } from "@kabuto/shared/symbols";
import { AppError } from "../errors.ts";
import type { CandlesRepo } from "./candles.repo.ts";

/**
 * How long one read of a market's quotes serves its hot lists. Every viewer re-asks every ten
 * seconds and one read is a Redis MGET of a few hundred quotes; sharing it for two seconds makes
 * the cost per API process a read per market every two seconds however many members watch,
 * and the list a member sees at most two seconds older than the bus.
 */
export const hotListQuotesReuseMs = 2_000;

/** Market data for HTTP: instruments from the catalog, prices from the bus's newest state, history from the database. */
export class MarketService {
  private readonly catalog: InstrumentCatalog;
  private readonly bus: Bus;
  private readonly candles: CandlesRepo;
  private readonly now: () => number;
  private readonly searchIndex: { instrument: Instrument; haystack: string }[];
  private readonly equitiesByMarket: ReadonlyMap<Market, readonly Instrument[]>;
  /** Each market's names with their quotes at a venue, keyed `JP tse`, `JP pts`, `US tse`. */
  private readonly marketQuotes = new Map<
    string,
    { readAtMs: number; items: Promise<InstrumentWithQuote[]> }
  >();

  constructor(deps: { catalog: InstrumentCatalog; bus: Bus; candles: CandlesRepo; now: () => number }) {
    this.catalog = deps.catalog;
    this.bus = deps.bus;
    this.candles = deps.candles;
    this.now = deps.now;
    this.equitiesByMarket = new Map(
      markets.map((market) => [market, deps.catalog.instruments.filter((item) => item.market === market)]),
    );
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

  /**
   * One hot list of a market, ranked from the newest quote of each of its names on the bus
   * (the state the feed last published, the same any socket subscriber gets first), with the
   * market's phase from its session topic.
   */
  async hotList(query: HotListQuery): Promise<HotList> {
    // Only Tokyo's names trade at the PTS.
    if (query.venue === "pts" && query.market !== "JP") throw new AppError("VENUE_INVALID");
    const [withQuotes, sessions] = await Promise.all([
      this.quotedEquities(query.market, query.venue),
      this.bus.snapshots([sessionTopic(query.market)]),
    ]);
    return {
      market: query.market,
      kind: query.kind,
      venue: query.venue,
      session: sessions[0]?.data ?? null,
      items: rankHotList(withQuotes, query.kind, query.limit),
      rankedAtMs: this.now(),
    };
  }

  /**
   * Every name of a market with its newest quote at a venue (the PTS's for `pts`), read at most
   * once per `hotListQuotesReuseMs`.
   */
  private quotedEquities(market: Market, venue: Venue): Promise<InstrumentWithQuote[]> {
    const nowMs = this.now();
    const key = `${market} ${venue}`;
    const kept = this.marketQuotes.get(key);
    if (kept && nowMs - kept.readAtMs < hotListQuotesReuseMs) return kept.items;
    const items = this.withQuotes(this.equitiesByMarket.get(market) ?? [], venue);
    this.marketQuotes.set(key, { readAtMs: nowMs, items });
    // A failed read is not kept: the next request tries again.
    items.catch(() => {
      if (this.marketQuotes.get(key)?.items === items) this.marketQuotes.delete(key);
    });
    return items;
  }

  /**
   * Names first listed within the last `days` days of their exchange's calendar, newest first.
   * The catalog dates a listing only for names that joined after its history began; the
   * simulator's universe has none yet, so today the list is empty and says why.
   */
  async newListings(query: { market?: Market | undefined; days: number }): Promise<NewListingList> {
    const nowMs = this.now();
    const wanted = query.market ? [query.market] : markets;
    const since = new Map(wanted.map((market) => [market, addDays(marketDate(market, nowMs), -query.days)]));
    const listed = this.catalog.instruments.flatMap((instrument) => {
      const from = since.get(instrument.market);
      return from && instrument.listedOn && instrument.listedOn >= from
        ? [{ instrument, listedOn: instrument.listedOn }]
        : [];
    });
    listed.sort((a, b) => (a.listedOn < b.listedOn ? 1 : a.listedOn > b.listedOn ? -1 : 0));
    const quotes = await this.quotes(listed.map((entry) => entry.instrument.symbol));
    // The markets' dates differ by a day at most; the list names the earlier one.
    const sinceDate = [...since.values()].sort()[0] ?? addDays(marketDate("JP", nowMs), -query.days);
    return {
      sinceDate,
      items: listed.map(({ instrument, listedOn }) => ({
        ...instrument,
        quote: quotes.get(instrument.symbol) ?? null,
        listedOn,
      })),
    };
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

  private async withQuotes(
    instruments: readonly Instrument[],
    venue: Venue = "tse",
  ): Promise<InstrumentWithQuote[]> {
    const quotes = await this.quotes(
      instruments.map((instrument) => instrument.symbol),
      venue,
    );
    return instruments.map((instrument) => ({ ...instrument, quote: quotes.get(instrument.symbol) ?? null }));
  }

  private async quotes(symbols: readonly string[], venue: Venue = "tse"): Promise<Map<string, Quote>> {
    const updates = await this.bus.snapshots(symbols.map(venue === "pts" ? ptsQuoteTopic : quoteTopic));
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
