import type { CandleList, HotList, InstrumentWithQuote } from "@kabuto/shared/api/market";
import { marketApi } from "@kabuto/shared/endpoints/market";
import type { HotListKind } from "@kabuto/shared/market/hot-lists";
import type { Venue } from "@kabuto/shared/market/venues";
import type { CandleInterval } from "@kabuto/shared/protocol/market-data";
import type { Market } from "@kabuto/shared/symbols";
import { useEffect } from "react";
import { call } from "../../lib/api.ts";
import { errorCode } from "../../lib/api-error.ts";
import { type AsyncState, type EndpointState, useEndpoint, useEndpoints } from "../../lib/queries.ts";

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

/** Remembers the instruments of a read once it is ready. */
function useRemembered<T>(state: AsyncState<T>, itemsOf: (value: T) => InstrumentWithQuote[]): void {
  const value = state.status === "ready" ? state.value : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer is what matters, not the picker
  useEffect(() => {
    if (value !== undefined) remember(itemsOf(value));
  }, [value]);
}

/** One instrument and its latest quote, remembered for the screens that name it. */
export function useInstrument(symbol: string) {
  const state = useEndpoint(marketApi.instrument, { params: { symbol } });
  useRemembered(state, (instrument) => [instrument]);
  return state;
}

/** Instruments of a market, or matching `q`, with their latest quotes; remembered. */
export function useInstrumentSearch(query: { market?: Market; q?: string; limit?: number }) {
  const state = useEndpoint(marketApi.instruments, { query });
  useRemembered(state, (list) => list.items);
  return state;
}

/** The names first listed within the last quarter, remembered. */
export function useNewListings() {
  const state = useEndpoint(marketApi.newListings, { query: {} });
  useRemembered(state, (list) => list.items);
  return state;
}

/**
 * Several instruments at once (a list's symbols), each read under the key `useInstrument` reads
 * it with, and remembered once read. The states come in the order of `symbols`.
 */
export function useInstrumentReads(symbols: readonly string[]): EndpointState<typeof marketApi.instrument>[] {
  const states = useEndpoints(
    marketApi.instrument,
    symbols.map((symbol) => ({ params: { symbol } })),
  );
  // Each render's answers: remembering one already remembered costs nothing.
  useEffect(() => {
    for (const state of states) if (state.status === "ready") remember([state.value]);
  });
  return states;
}

/** The newest page of candles of the charts last opened, newest last: what the offline copy keeps. */
const lastCandles = new Map<string, { symbol: string; interval: CandleInterval; list: CandleList }>();
/** Charts kept for offline: a few, each the page a chart opens with. */
const keptChartsMax = 8;

function chartKey(symbol: string, interval: CandleInterval): string {
  return `${symbol} ${interval}`;
}

/**
 * A page of a chart's candles. The newest page of each chart opened is kept (the last few), so
 * that a chart opened without a network shows what it last showed, under the offline banner's
 * time, instead of failing.
 */
export async function fetchCandles(
  symbol: string,
  interval: CandleInterval,
  options: { before?: number; limit?: number } = {},
): Promise<CandleList> {
  const key = chartKey(symbol, interval);
  try {
    const list = await call(marketApi.candles, {
      params: { symbol },
      query: { interval, before: options.before, limit: options.limit },
    });
    if (options.before === undefined) {
      lastCandles.delete(key);
      lastCandles.set(key, { symbol, interval, list });
      for (const oldest of lastCandles.keys()) {
        if (lastCandles.size <= keptChartsMax) break;
        lastCandles.delete(oldest);
      }
    }
    return list;
  } catch (error) {
    const kept = options.before === undefined ? lastCandles.get(key) : undefined;
    if (kept && errorCode(error) === "NETWORK_ERROR") return kept.list;
    throw error;
  }
}

/** The charts' kept pages, for the offline copy. */
export function candlesSnapshot(): { symbol: string; interval: CandleInterval; list: CandleList }[] {
  return [...lastCandles.values()];
}

/** Puts the offline copy's charts back; a chart read since then keeps its own. */
export function restoreCandles(
  charts: readonly { symbol: string; interval: CandleInterval; list: CandleList }[],
): void {
  for (const chart of charts) {
    const key = chartKey(chart.symbol, chart.interval);
    if (!lastCandles.has(key)) lastCandles.set(key, chart);
  }
}

export async function fetchHotList(
  market: Market,
  kind: HotListKind,
  venue: Venue = "tse",
): Promise<HotList> {
  const list = await call(marketApi.hotList, { query: { market, kind, venue } });
  // A PTS list carries the PTS's quotes; what is remembered of an instrument is its TSE quote.
  if (venue === "tse") remember(list.items);
  return list;
}
