import type {
  Book,
  CandleInterval,
  LiveCandle,
  Quote,
  SessionState,
} from "@kabuto/shared/protocol/market-data";
import type { Update, UpdateOf } from "@kabuto/shared/protocol/socket";
import {
  bookTopic,
  candleTopic,
  type MarketTopic,
  ptsBookTopic,
  ptsQuoteTopic,
  quoteTopic,
  sessionTopic,
} from "@kabuto/shared/protocol/topics";
import type { Market } from "@kabuto/shared/symbols";
import { useEffect, useSyncExternalStore } from "react";
import { acquireTopic } from "./socket.ts";
import { atom, useValue } from "./store.ts";
import { dataOf, peekTopicAtom, subscribeTopicAtoms } from "./topic-atoms.ts";

/** Read by components whose topic is not (yet) held: always undefined. */
const noTopic = atom<Update | undefined>(undefined);

/**
 * The latest state of `topic` (null: none), held while the calling component is mounted.
 * Re-renders on that topic's changes only.
 */
function useTopic<Name extends MarketTopic>(topic: Name | null): UpdateOf<Name>["data"] | undefined {
  const source = useSyncExternalStore(
    subscribeTopicAtoms,
    () => (topic === null ? undefined : peekTopicAtom(topic)) ?? noTopic,
  );
  useEffect(() => (topic === null ? undefined : acquireTopic(topic)), [topic]);
  const update = useValue(source);
  return topic === null ? undefined : dataOf(update, topic);
}

export function useQuote(symbol: string | null): Quote | undefined {
  return useTopic(symbol === null ? null : quoteTopic(symbol));
}

export function useBook(symbol: string | null): Book | undefined {
  return useTopic(symbol === null ? null : bookTopic(symbol));
}

/** A Tokyo name's quote at the PTS (its base price in `prevClose`); null: not held. */
export function usePtsQuote(symbol: string | null): Quote | undefined {
  return useTopic(symbol === null ? null : ptsQuoteTopic(symbol));
}

/** A Tokyo name's book at the PTS, on the PTS's own grid. */
export function usePtsBook(symbol: string | null): Book | undefined {
  return useTopic(symbol === null ? null : ptsBookTopic(symbol));
}

export function useLiveCandle(symbol: string | null, interval: CandleInterval): LiveCandle | undefined {
  return useTopic(symbol === null ? null : candleTopic(symbol, interval));
}

export function useMarketSession(market: Market | null): SessionState | undefined {
  return useTopic(market === null ? null : sessionTopic(market));
}

/**
 * Holds the quote topics of `symbols` while the calling component is mounted, for derived atoms
 * that read them (account totals); the component itself re-renders only through those atoms.
 */
export function useHeldQuotes(symbols: readonly string[]): void {
  const key = [...new Set(symbols)].sort().join(",");
  useEffect(() => {
    if (key === "") return;
    const releases = key.split(",").map((symbol) => acquireTopic(quoteTopic(symbol)));
    return () => {
      for (const release of releases) release();
    };
  }, [key]);
}
