import { useSyncExternalStore } from "react";

/**
 * Hash routing with the route's query inside the hash: `#/market/marketDetail?symbol=JP%3A7203`.
 *
 * wouter's own `useHashLocation` writes a route's query into the page's query instead
 * (`/?symbol=…#/market/marketDetail`), which breaks the spec's paths-without-parameters scheme
 * when links are shared or a wrapper restores the address. This hook keeps both in the hash and
 * gives wouter the path (`hook`) and the query (`searchHook`) separately.
 */
const listeners = new Set<() => void>();

function onHashChange(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) addEventListener("hashchange", onHashChange);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) removeEventListener("hashchange", onHashChange);
  };
}

function hashRoute(): string {
  return `/${location.hash.replace(/^#?\/?/, "")}`;
}

/** The route's path, without its query: `/market/marketDetail`. */
export function currentPath(): string {
  const route = hashRoute();
  const query = route.indexOf("?");
  return query < 0 ? route : route.slice(0, query);
}

/** The route's query: `symbol=JP%3A7203`. */
export function currentSearch(): string {
  const route = hashRoute();
  const query = route.indexOf("?");
  return query < 0 ? "" : route.slice(query + 1);
}

export interface NavigateOptions {
  replace?: boolean;
  /**
   * The entry's history state. A replaced entry keeps the one it had unless given another: a
   * screen rewriting its own address (a chosen tab in the query) is still the same entry.
   */
  state?: unknown;
}

/** Goes to `to` (`/path` or `/path?query`), adding a history entry unless `replace`. */
export function navigate(to: string, options: NavigateOptions = {}): void {
  const oldURL = location.href;
  const url = new URL(oldURL);
  url.hash = to.startsWith("/") ? to : `/${to}`;
  if (url.href === oldURL) return;
  if (options.replace) history.replaceState(options.state ?? history.state, "", url.href);
  else history.pushState(options.state ?? null, "", url.href);
  dispatchEvent(new HashChangeEvent("hashchange", { oldURL, newURL: url.href }));
}

export function useHashQueryLocation(): [string, typeof navigate] {
  return [useSyncExternalStore(subscribe, currentPath), navigate];
}

useHashQueryLocation.hrefs = (href: string): string => `#${href}`;
useHashQueryLocation.searchHook = (): string => useSyncExternalStore(subscribe, currentSearch);
