import type { CallInput, EndpointResponse, EndpointSpec } from "@kabuto/shared/endpoint";
import { type Query, type UseQueryResult, useQueries, useQuery } from "@tanstack/react-query";
import { useAccountFeed } from "../state/account-feed.ts";
import { currentSession, type Session, subscribeSession, useSessionState } from "../state/session.ts";
import { call, onChange } from "./api.ts";
import { ApiError } from "./api-error.ts";
import { currentStaffIdentity, type EndpointMeta, keyOf, metaOf, queryClient } from "./query-client.ts";

/** What a screen shows of one read: loading, its answer, or why it failed; and the way to read again. */
export type AsyncState<T> =
  | { status: "loading" }
  | { status: "ready"; value: T }
  | { status: "error"; error: unknown };

export type EndpointState<Spec extends EndpointSpec> = AsyncState<EndpointResponse<Spec>> & {
  reload: () => void;
  /** The newest answer, kept while a re-read is under way or after it failed. */
  last: EndpointResponse<Spec> | undefined;
};

/**
 * Reads a declared endpoint and keeps it current. `input` null means nothing to read yet (a
 * screen without its id). A member's endpoint reads nothing while no one is signed in, and is
 * kept apart per member; a staff endpoint's answers are kept apart per staff member.
 */
export function useEndpoint<Spec extends EndpointSpec>(
  spec: Spec,
  input: CallInput<Spec> | null,
): EndpointState<Spec> {
  const options = useReadOptions(spec);
  // The client is handed over rather than provided at the root: the cache, and the API client
  // it reads with, load with the first screen that reads, not with the first paint.
  return stateOf(useQuery(options(input), queryClient));
}

/**
 * Reads one declared endpoint for several inputs at once (the instruments of a list's symbols),
 * each kept in the cache under the key `useEndpoint` gives it: a symbol read here is read there
 * too. The states come in the order of `inputs`.
 */
export function useEndpoints<Spec extends EndpointSpec>(
  spec: Spec,
  inputs: readonly CallInput<Spec>[],
): EndpointState<Spec>[] {
  const options = useReadOptions(spec);
  return useQueries({ queries: inputs.map((input) => options(input)) }, queryClient).map(stateOf);
}

/**
 * The reads started at start-up by `prefetchEndpoint` for the screen about to mount. Such an
 * answer, if it arrived less than `justReadMs` ago, is not read again when a screen mounts: it
 * was asked for a moment ago for exactly this (the cache asks more than once per mount, so the
 * mark stays; the age alone ends it). Every other mount reads afresh behind
 * the kept answer, as ever: the server may have changed what it says without an event the app
 * hears (staff approving a verification, say).
 */
const prefetched = new WeakSet<Query>();
const justReadMs = 2000;

function readsOnMount(query: Query): boolean {
  if (!prefetched.has(query)) return true;
  return query.state.isInvalidated || Date.now() - query.state.dataUpdatedAt >= justReadMs;
}

/** The query of each input: its key, how it is read, whether it may be yet, and what makes it stale. */
function readOptions<Spec extends EndpointSpec>(spec: Spec, session: Session | null) {
  const forMember = spec.caller === "member";
  const staffOnly = spec.caller !== "member" && spec.caller !== "anyone";
  const whose = forMember ? session?.account : staffOnly ? currentStaffIdentity() : undefined;
  return (input: CallInput<Spec> | null) => ({
    queryKey: keyOf(spec, input, whose),
    queryFn: () => (call as (spec: Spec, input: unknown) => Promise<EndpointResponse<Spec>>)(spec, input),
    enabled: input !== null && (!forMember || session !== null),
    refetchOnMount: (
      query: Query<EndpointResponse<Spec>, Error, EndpointResponse<Spec>, readonly unknown[]>,
    ) => readsOnMount(query as unknown as Query),
    meta: { tag: spec.tag, changesWith: spec.changesWith ?? [] } satisfies EndpointMeta,
  });
}

function useReadOptions<Spec extends EndpointSpec>(spec: Spec) {
  const session = useSessionState();
  // Its answer changes with the member's account events: they must arrive while it shows.
  useAccountFeed(spec.caller === "member" && (spec.changesWith?.length ?? 0) > 0);
  return readOptions(spec, session);
}

/**
 * Starts a read before its screen renders: the opening screen's data at start-up (a route's
 * `prefetch`), beside its chunk, rather than after it. The screen's `useEndpoint` finds the
 * answer in flight or just arrived and shows it without asking again (`readsOnMount`).
 */
export function prefetchEndpoint<Spec extends EndpointSpec>(spec: Spec, input: CallInput<Spec>): void {
  const options = readOptions(spec, currentSession());
  const { enabled, refetchOnMount: _mount, ...read } = options(input);
  if (!enabled) return;
  void queryClient.prefetchQuery(read);
  const query = queryClient.getQueryCache().find({ queryKey: read.queryKey, exact: true });
  if (query) prefetched.add(query);
}

function stateOf<T>(query: UseQueryResult<T>): AsyncState<T> & { reload: () => void; last: T | undefined } {
  const reload = () => void query.refetch();
  const last = query.data;
  if (query.status === "success") return { status: "ready", value: query.data, reload, last };
  if (query.status === "error") return { status: "error", error: query.error, reload, last };
  // Offline with nothing kept: what a failed read would say, rather than a skeleton for ever.
  if (query.fetchStatus === "paused") return { status: "error", error: offline, reload, last };
  return { status: "loading", reload, last };
}

/** A read waiting for the network to come back, as a read that found none says it. */
const offline = new ApiError(0, "NETWORK_ERROR", {});

// A change made through an endpoint of a tag: that product's reads are stale.
onChange((tag) => {
  void queryClient.invalidateQueries({ predicate: (query) => metaOf(query)?.tag === tag });
});

// Another member's answers must never show: any sign-in or sign-out starts from nothing.
subscribeSession(() => queryClient.clear());
