import { watchlistApi } from "@kabuto/shared/endpoints/watchlist";
import { call } from "../../lib/api.ts";
import { notifyError } from "../../lib/notify.ts";
import { currentSession, subscribeSession } from "../../state/session.ts";
import { atom, store, useValue } from "../../state/store.ts";

/**
 * The member's watchlist as symbols, newest first; undefined until loaded (or when signed out).
 * Changes show at once and are rolled back if the server refuses them.
 */
const watchlistAtom = atom<string[] | undefined>(undefined);
let loadedFor: string | undefined;

export function useWatchlist(): string[] | undefined {
  return useValue(watchlistAtom);
}

/** Loads the watchlist once per signed-in account; `force` reloads. */
export async function loadWatchlist(force = false): Promise<void> {
  const account = currentSession()?.account;
  if (!account) {
    loadedFor = undefined;
    store.set(watchlistAtom, undefined);
    return;
  }
  if (!force && loadedFor === account) return;
  loadedFor = account;
  try {
    const list = await call(watchlistApi.list);
    const symbols = [...list.items].sort((a, b) => b.addedAtMs - a.addedAtMs).map((item) => item.symbol);
    store.set(watchlistAtom, symbols);
  } catch (error) {
    loadedFor = undefined;
    throw error;
  }
}

/** The symbols as last read, for the offline copy; undefined when not read this session. */
export function watchlistSnapshot(): string[] | undefined {
  return store.get(watchlistAtom);
}

/** Shows a kept list while none has been read (the app opened offline); a read replaces it. */
export function restoreWatchlist(symbols: string[]): void {
  if (store.get(watchlistAtom) === undefined) store.set(watchlistAtom, symbols);
}

/** Returns whether the server took the change; a refusal is rolled back and shown. */
export async function setWatched(symbol: string, watched: boolean): Promise<boolean> {
  const before = store.get(watchlistAtom) ?? [];
  const without = before.filter((item) => item !== symbol);
  store.set(watchlistAtom, watched ? [symbol, ...without] : without);
  try {
    await call(watched ? watchlistApi.add : watchlistApi.remove, { params: { symbol } });
    return true;
  } catch (error) {
    store.set(watchlistAtom, before);
    notifyError(error);
    return false;
  }
}

function forgetWatchlist(): void {
  loadedFor = undefined;
  store.set(watchlistAtom, undefined);
}

// Another member's list must never show: any sign-in or sign-out starts from nothing.
subscribeSession(forgetWatchlist);
