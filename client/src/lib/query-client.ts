import type { EndpointSpec } from "@kabuto/shared/endpoint";
import type { AccountEvent } from "@kabuto/shared/protocol/socket";
import { onlineManager, type Query, QueryClient } from "@tanstack/react-query";

/**
 * The one cache of the server's answers on the client, keyed by endpoint and input. Screens
 * read through `useEndpoint`; nothing else keeps a copy. An answer goes stale, and is read again
 * while a screen shows it:
 * - when the member's account events of a type the endpoint declares (`changesWith`) arrive,
 *   or when events may have been missed (`refreshAccountReads`);
 * - after any change made through an endpoint of the same `tag` (queries.ts);
 * - never across members or staff: signing in or out empties the cache (queries.ts).
 *
 * This module holds the cache alone, so that the account feed (state/account-feed.ts) can mark
 * answers stale without loading the API client, and the first paint loads neither.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A failed read shows its problem and a retry button at once, as the spec's screens do.
      retry: false,
      // Prices move over the socket; what HTTP answers changes only by the member's actions and
      // account events, which invalidate it. A screen mounted again shows the kept answer and
      // reads afresh behind it.
      staleTime: 0,
      refetchOnWindowFocus: false,
    },
  },
});

// The cache's idea of the network starts from the browser's: an app opened offline pauses its
// reads (and shows what the offline copy kept) instead of failing each one; the browser's online
// and offline events move it afterwards, and paused reads go out once the network is back.
onlineManager.setOnline(typeof navigator === "undefined" ? true : navigator.onLine);

export interface EndpointMeta extends Record<string, unknown> {
  tag: string;
  changesWith: readonly AccountEvent["type"][];
}

export function metaOf(query: Query): EndpointMeta | undefined {
  return query.meta as EndpointMeta | undefined;
}

/** The cache key of a declared read: its method and path, the input, and whose answer it is. */
export function keyOf(spec: EndpointSpec, input: unknown, account: string | undefined): unknown[] {
  return [spec.method, spec.path, input ?? {}, account ?? ""];
}

/** The member's account event arrived: what it changes is read again where it shows. */
export function refreshOnAccountEvent(type: AccountEvent["type"]): void {
  void queryClient.invalidateQueries({
    predicate: (query) => metaOf(query)?.changesWith.includes(type) ?? false,
  });
}

/** Events may have been missed (a gap, a new epoch, a new subscription): every account read again. */
export function refreshAccountReads(): void {
  void queryClient.invalidateQueries({ predicate: (query) => (metaOf(query)?.changesWith.length ?? 0) > 0 });
}

/** Whose staff session the console's reads are kept under (ops-console.tsx sets it at sign-in). */
let staffIdentity = "";

/** Keeps each staff member's answers apart, as each member's are: set before their screens read. */
export function setStaffIdentity(id: string): void {
  staffIdentity = id;
}

export function currentStaffIdentity(): string {
  return staffIdentity;
}
