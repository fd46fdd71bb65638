import type { CallInput, EndpointResponse, EndpointSpec } from "@kabuto/shared/endpoint";
import { useQuery } from "@tanstack/react-query";
import { useAccountFeed } from "../state/account-feed.ts";
import { subscribeSession, useSessionState } from "../state/session.ts";
import { call, onChange } from "./api.ts";
import { currentStaffIdentity, type EndpointMeta, keyOf, metaOf, queryClient } from "./query-client.ts";
import type { AsyncState } from "./use-async.ts";

/**
 * Reads a declared endpoint and keeps it current. `input` null means nothing to read yet (a
 * screen without its id). A member's endpoint reads nothing while no one is signed in, and is
 * kept apart per member; a staff endpoint's answers are kept apart per staff member.
 */
export function useEndpoint<Spec extends EndpointSpec>(
  spec: Spec,
  input: CallInput<Spec> | null,
): AsyncState<EndpointResponse<Spec>> & { reload: () => void } {
  const session = useSessionState();
  const forMember = spec.caller === "member";
  const staffOnly = spec.caller !== "member" && spec.caller !== "anyone";
  // Its answer changes with the member's account events: they must arrive while it shows.
  useAccountFeed(forMember && (spec.changesWith?.length ?? 0) > 0);
  const enabled = input !== null && (!forMember || session !== null);
  // The client is handed over rather than provided at the root: the cache, and the API client
  // it reads with, load with the first screen that reads, not with the first paint.
  const query = useQuery(
    {
      queryKey: keyOf(
        spec,
        input,
        forMember ? session?.account : staffOnly ? currentStaffIdentity() : undefined,
      ),
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

// A change made through an endpoint of a tag: that product's reads are stale.
onChange((tag) => {
  void queryClient.invalidateQueries({ predicate: (query) => metaOf(query)?.tag === tag });
});

// Another member's answers must never show: any sign-in or sign-out starts from nothing.
subscribeSession(() => queryClient.clear());
