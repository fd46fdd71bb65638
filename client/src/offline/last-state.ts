import { candleListSchema, instrumentWithQuoteSchema } from "@kabuto/shared/api/market";
import { accountSchema, positionSchema } from "@kabuto/shared/api/trading";
import type { Quote } from "@kabuto/shared/protocol/market-data";
import { candleIntervalSchema } from "@kabuto/shared/protocol/market-data";
import type { Update } from "@kabuto/shared/protocol/socket";
import { quoteTopic, sessionTopic } from "@kabuto/shared/protocol/topics";
import { type DehydratedState, dehydrate, hydrate, type Query } from "@tanstack/react-query";
import { createStore, del, get, keys, set } from "idb-keyval";
import { z } from "zod";
import { candlesSnapshot, knownInstrument, remember, restoreCandles } from "../features/market/market-api.ts";
import { loadWatchlist, restoreWatchlist, watchlistSnapshot } from "../features/market/watchlist.ts";
import { restoreTrading, tradingSnapshot } from "../features/trading/trading-store.ts";
import { queryClient, refreshAccountReads } from "../lib/query-client.ts";
import { currentSession, subscribeSession } from "../state/session.ts";
import { store } from "../state/store.ts";
import { createTopicAtom, peekTopicAtom, seedTopicsWith, writeTopic } from "../state/topic-atoms.ts";
import { checkUpdate } from "../state/topic-data.ts";
import { isOnline, setKeptAt, watchConnectivity } from "./connectivity.ts";

/**
 * The last known state of the signed-in member's app, kept in IndexedDB so that the app opens
 * offline with something true to show: watchlist quotes, open positions and account totals, the
 * market's indices, sessions and news, the stocks last opened (their names, quotes and charts),
 * with the time they were true (the offline banner shows it).
 *
 * While online, what the screens have read (balances, positions, watchlist) and the newest
 * quotes of those symbols are written every few seconds when they changed, one record per
 * member account. Opened offline, the record is put back into the same atoms the screens read;
 * the first successful read replaces it. Back online, the usual paths re-read: the trading
 * store and watchlist over HTTP, the socket's snapshots on reconnect. A sign-out deletes every
 * record, so the next person on the device sees nothing of the last one.
 */

const saveEveryMs = 3000;
const database = createStore("kabuto-offline", "last-state");
const recordKey = (account: string) => `last-state:${account}`;

const updateSchema = z.object({
  topic: z.string(),
  epoch: z.string(),
  seq: z.number(),
  ts: z.number(),
  data: z.unknown(),
});
/**
 * The public reads kept from the answers cache, by the declaration's path: what Home, a stock's
 * page and the lists read that is the same for everyone. The member's own reads are the trading
 * store's (summary, holding above); nothing else of theirs is written to the device.
 */
const keptPaths: ReadonlySet<string> = new Set(["/indices", "/instruments/{symbol}", "/news"]);

function isKeptRead(query: Query): boolean {
  const [method, path] = query.queryKey;
  return (
    method === "get" && typeof path === "string" && keptPaths.has(path) && query.state.status === "success"
  );
}

/** The kept chart pages; their candles are checked as the server's answers are. */
const chartSchema = z.object({ symbol: z.string(), interval: candleIntervalSchema, list: candleListSchema });

/** Checked on the way back: a record written by an older build may not fit this one. */
const recordSchema = z.object({
  account: z.string(),
  savedAtMs: z.number(),
  summary: accountSchema.optional(),
  holding: z.array(positionSchema).optional(),
  watchlist: z.array(instrumentWithQuoteSchema).optional(),
  quotes: z.array(updateSchema),
  /** The cache's dehydrated public reads (`keptPaths`). */
  reads: z.custom<DehydratedState>((value) => typeof value === "object" && value !== null).optional(),
  charts: z.array(chartSchema).optional(),
});
type LastState = z.infer<typeof recordSchema>;

let lastWritten: string | undefined;
/** The chart pages last written: each is replaced, never changed, when its chart is read again. */
let lastCharts: readonly unknown[] = [];
let kept: LastState | undefined;

function topicUpdate(topic: string): Update | undefined {
  const target = peekTopicAtom(topic);
  return target ? store.get(target) : undefined;
}

function quoteUpdate(symbol: string): Update | undefined {
  return topicUpdate(quoteTopic(symbol));
}

/** The symbols an answer names: an instrument's, or those of a list's items (the indices). */
function symbolsOf(data: unknown): string[] {
  if (typeof data !== "object" || data === null) return [];
  if ("symbol" in data && typeof data.symbol === "string") return [data.symbol];
  if (!("items" in data) || !Array.isArray(data.items)) return [];
  return data.items.flatMap((item: unknown) =>
    typeof item === "object" && item !== null && "symbol" in item && typeof item.symbol === "string"
      ? [item.symbol]
      : [],
  );
}

/** What the screens show now, merged over the kept record for parts not read this session. */
function capture(account: string): LastState | undefined {
  const { account: summary, holding } = tradingSnapshot();
  const watched = watchlistSnapshot();
  const previous = kept?.account === account ? kept : undefined;
  const watchlist = watched?.flatMap((symbol) => {
    const instrument = knownInstrument(symbol);
    if (!instrument) return [];
    const live = quoteUpdate(symbol)?.data as Quote | undefined;
    return [{ ...instrument, quote: live ?? instrument.quote }];
  });
  const reads = dehydrate(queryClient, { shouldDehydrateQuery: isKeptRead });
  const symbols = new Set([
    ...(watched ?? previous?.watchlist?.map((item) => item.symbol) ?? []),
    ...(holding ?? previous?.holding ?? []).map((position) => position.symbol),
    // The stocks whose pages were opened, and the indices Home shows.
    ...reads.queries.flatMap((query) => symbolsOf(query.state.data)),
  ]);
  const topics = [...[...symbols].map(quoteTopic), sessionTopic("JP"), sessionTopic("US")];
  const quotes = topics.flatMap((topic) => {
    const update = topicUpdate(topic) ?? previous?.quotes.find((item) => item.topic === topic);
    return update ? [update] : [];
  });
  const charts = candlesSnapshot();
  const record: LastState = {
    account,
    savedAtMs: Date.now(),
    summary: summary ?? previous?.summary,
    holding: holding ?? previous?.holding,
    watchlist: watchlist ?? previous?.watchlist,
    quotes,
    reads: reads.queries.length > 0 ? reads : previous?.reads,
    charts: charts.length > 0 ? charts : previous?.charts,
  };
  if (!record.summary && !record.holding && !record.watchlist) return undefined;
  return record;
}

async function save(): Promise<void> {
  const account = currentSession()?.account;
  if (!account || !isOnline()) return;
  const record = capture(account);
  if (!record) return;
  // Unchanged figures are not written again, and keep the time they were last seen to change.
  // Charts are compared by identity: a chart's hundreds of candles are not serialised every save.
  const { savedAtMs: _at, charts = [], ...figures } = record;
  const fingerprint = JSON.stringify(figures);
  const sameCharts =
    charts.length === lastCharts.length && charts.every((chart, at) => chart === lastCharts[at]);
  if (fingerprint === lastWritten && sameCharts) return;
  lastWritten = fingerprint;
  lastCharts = charts;
  kept = record;
  setKeptAt(record.savedAtMs);
  await set(recordKey(account), record, database);
}

/** Puts the kept record back into the screens' atoms; screens that already read keep theirs. */
async function restore(): Promise<void> {
  const account = currentSession()?.account;
  if (!account) return;
  const parsed = recordSchema.safeParse(await get(recordKey(account), database));
  if (!parsed.success || parsed.data.account !== account) return;
  kept = parsed.data;
  setKeptAt(kept.savedAtMs);
  for (const unchecked of kept.quotes) {
    const update = checkUpdate(unchecked);
    if (!update) continue;
    // A screen may have subscribed before the record was read: its topic has no update yet.
    const target = peekTopicAtom(update.topic);
    if (target && store.get(target) !== undefined) continue;
    createTopicAtom(update.topic);
    writeTopic(update);
  }
  if (kept.watchlist) {
    remember(kept.watchlist);
    restoreWatchlist(kept.watchlist.map((item) => item.symbol));
  }
  restoreTrading(kept.summary, kept.holding);
  // Hydrating never replaces an answer newer than the kept one: a read that got through wins.
  if (kept.reads) hydrate(queryClient, kept.reads);
  if (kept.charts) restoreCandles(kept.charts);
}

async function forgetAll(): Promise<void> {
  kept = undefined;
  lastWritten = undefined;
  lastCharts = [];
  setKeptAt(undefined);
  const all = await keys(database);
  await Promise.all(all.map((key) => del(key, database)));
}

/** Back online: the usual snapshot path, over HTTP, re-reads what the kept copy stood in for. */
function resync(): void {
  if (!currentSession()) return;
  refreshAccountReads();
  loadWatchlist(true).catch(() => undefined);
}

/**
 * A kept quote or session, while offline: a topic a screen subscribes again after it lingered
 * out (say the watchlist's Toyota, then the account centre's) starts from it rather than blank.
 */
function keptUpdate(topic: string): Update | undefined {
  if (isOnline() || !kept) return undefined;
  const unchecked = kept.quotes.find((update) => update.topic === topic);
  return unchecked ? checkUpdate(unchecked) : undefined;
}

/** Started once after the first paint. */
export function startLastState(): void {
  const failed = (error: unknown) => console.warn("offline copy not available", error);
  seedTopicsWith(keptUpdate);
  if (!isOnline()) restore().catch(failed);
  watchConnectivity((online) => {
    if (online) resync();
    else if (!kept) restore().catch(failed);
  });
  subscribeSession(() => {
    if (!currentSession()) forgetAll().catch(failed);
    else {
      kept = undefined;
      lastWritten = undefined;
      lastCharts = [];
      setKeptAt(undefined);
    }
  });
  setInterval(() => void save().catch(failed), saveEveryMs);
  window.addEventListener("pagehide", () => void save().catch(failed));
}
