import type { AccountEvent } from "@kabuto/shared";
import type { CallInput, EndpointResponse, EndpointSpec } from "@kabuto/shared/endpoint";
import { type Query, QueryClient, useQuery } from "@tanstack/react-query";
import { subscribeSession, useSessionState } from "../state/session.ts";
import { call, onChange } from "./api.ts";
import type { AsyncState } from "./use-async.ts";

/**
 * The one cache of the server's answers on the client, keyed by endpoint and input. Screens
 * read through `useEndpoint`; nothing else keeps a copy. An answer goes stale, and is read again
 * while a screen shows it:
 * - when the member's account events of a type the endpoint declares (`changesWith`) arrive,
 *   or when events may have been missed (`refreshAccountReads`);
 * - after any change the member makes through an endpoint of the same `tag` (`call` below);
 * - never across members: signing in or out empties the cache (`forgetAnswers`).
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

interface EndpointMeta extends Record<string, unknown> {
  tag: string;
  changesWith: readonly AccountEvent["type"][];
}

function metaOf(query: Query): EndpointMeta | undefined {
  return query.meta as EndpointMeta | undefined;
}

/** The cache key of a declared read: its method and path, the input, and whose answer it is. */
export function keyOf(spec: EndpointSpec, input: unknown, account: string | undefined): unknown[] {
  return [spec.method, spec.path, input ?? {}, account ?? ""];
}

/**
 * Reads a declared endpoint and keeps it current. `input` null means nothing to read yet (a
 * screen without its id). A member's endpoint reads nothing while no one is signed in, and is
 * kept apart per member.
 */
export function useEndpoint<Spec extends EndpointSpec>(
  spec: Spec,
  input: CallInput<Spec> | null,
): AsyncState<EndpointResponse<Spec>> & { reload: () => void } {
  const session = useSessionState();
  const forMember = spec.caller === "member";
  const enabled = input !== null && (!forMember || session !== null);
  // The client is handed over rather than provided at the root: the cache, and the API client
  // it reads with, load with the first screen that reads, not with the first paint.
  const query = useQuery(
    {
      queryKey: keyOf(spec, input, forMember ? session?.account : undefined),
      queryFn: () => (call as (spec: Spec, input: unknown) => Promise<EndpointResponse<Spec>>)(spec, input),
      enabled,
      meta: { tag: spec.tag, changesWith: spec.changesWith ?? [] } satisfies EndpointMeta,
    },
    queryClient,
  );
  const reload = () => void query.refetch();
  if (query.status === "success") return { status: "ready", value: query.data, reload };
  if (query.status === "error") return { status: "error", error: query.error, reload };
  return { status: "loading", reload };
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

// A change made through an endpoint of a tag: that product's reads are stale.
onChange((tag) => {
  void queryClient.invalidateQueries({ predicate: (query) => metaOf(query)?.tag === tag });
});

// Another member's answers must never show: any sign-in or sign-out starts from nothing.
subscribeSession(() => queryClient.clear());
