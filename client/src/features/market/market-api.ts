import {
  type CandleInterval,
  type CandleList,
  candleListSchema,
  type HotList,
  type HotListKind,
  hotListSchema,
  type IndexInfo,
  type InstrumentList,
  type InstrumentWithQuote,
  indexListSchema,
  instrumentListSchema,
  instrumentWithQuoteSchema,
  type Market,
  type NewListingList,
  newListingListSchema,
  type Watchlist,
  watchlistSchema,
} from "@kabuto/shared";
import { apiGet, apiSend } from "../../lib/api.ts";

/** Instruments seen in any answer, so a screen can name a symbol without asking again. */
const known = new Map<string, InstrumentWithQuote>();

/** Also the offline copy's way back: its instruments are named at once without the server. */
export function remember(items: InstrumentWithQuote[]): InstrumentWithQuote[] {
  for (const item of items) known.set(item.symbol, item);
  return items;
}

/** The instrument with the quote it came with (which may be old: live prices come from the socket). */
export function knownInstrument(symbol: string): InstrumentWithQuote | undefined {
  return known.get(symbol);
}

export async function fetchInstruments(query: {
  market?: Market;
  q?: string;
  limit?: number;
}): Promise<InstrumentList> {
  const params = new URLSearchParams();
  if (query.market) params.set("market", query.market);
  if (query.q) params.set("q", query.q);
  if (query.limit) params.set("limit", String(query.limit));
  const list = await apiGet(`/instruments?${params.toString()}`, instrumentListSchema);
  remember(list.items);
  return list;
}

export async function fetchInstrument(symbol: string): Promise<InstrumentWithQuote> {
  const instrument = await apiGet(`/instruments/${encodeURIComponent(symbol)}`, instrumentWithQuoteSchema);
  remember([instrument]);
  return instrument;
}

export function fetchCandles(
  symbol: string,
  interval: CandleInterval,
  options: { before?: number; limit?: number } = {},
): Promise<CandleList> {
  const params = new URLSearchParams({ interval });
  if (options.before !== undefined) params.set("before", String(options.before));
  if (options.limit !== undefined) params.set("limit", String(options.limit));
  return apiGet(`/candles/${encodeURIComponent(symbol)}?${params.toString()}`, candleListSchema);
}

export async function fetchIndices(): Promise<IndexInfo[]> {
  return (await apiGet("/indices", indexListSchema)).items;
}

export function fetchWatchlist(): Promise<Watchlist> {
  return apiGet("/watchlist", watchlistSchema);
}

export function putWatchlist(symbol: string): Promise<void> {
  return apiSend("PUT", `/watchlist/${encodeURIComponent(symbol)}`);
}

export function deleteWatchlist(symbol: string): Promise<void> {
  return apiSend("DELETE", `/watchlist/${encodeURIComponent(symbol)}`);
}

export async function fetchHotList(market: Market, kind: HotListKind): Promise<HotList> {
  const list = await apiGet(
    `/market/hot-lists?${new URLSearchParams({ market, kind }).toString()}`,
    hotListSchema,
  );
  remember(list.items);
  return list;
}

export async function fetchNewListings(): Promise<NewListingList> {
  const list = await apiGet("/market/new-listings", newListingListSchema);
  remember(list.items);
  return list;
}
