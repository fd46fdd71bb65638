import type { EndpointResponse, EndpointSpec } from "@kabuto/shared/endpoint";
import { useCallback, useEffect, useState } from "react";
import type { EndpointState } from "../../lib/queries.ts";

export interface Fresh<T> {
  /** The latest answer; undefined until the first one. */
  value: T | undefined;
  /** Why the first answer failed; a later failure keeps the last answer instead. */
  error: unknown;
  retry: () => void;
}

/**
 * Loads once per showing of a screen and keeps the last answer on screen meanwhile. Home is kept
 * alive: its effects run again each time it shows, so its news is re-read on every return,
 * without flashing placeholders over what was already there. `load` should not change meaning
 * between renders (a screen's fixed query).
 */
export function useFresh<T>(load: () => Promise<T>): Fresh<T> {
  const [state, setState] = useState<{ value: T | undefined; error: unknown }>({
    value: undefined,
    error: undefined,
  });
  const [attempt, setAttempt] = useState(0);
  // `load` is a fresh closure each render; only a showing or a retry asks again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    let current = true;
    load().then(
      (value) => current && setState({ value, error: undefined }),
      (error: unknown) =>
        current &&
        setState((previous) => (previous.value === undefined ? { value: undefined, error } : previous)),
    );
    return () => {
      current = false;
    };
  }, [attempt]);
  const retry = useCallback(() => {
    setState((previous) => ({ ...previous, error: undefined }));
    setAttempt((count) => count + 1);
  }, []);
  return { ...state, retry };
}

/**
 * A cached read (`useEndpoint`) as `useFresh` gives one: the last answer kept on screen while it
 * is read again, its failure only while there is none. Cached, the offline copy can keep it.
 */
export function freshOf<Spec extends EndpointSpec>(
  state: EndpointState<Spec>,
): Fresh<EndpointResponse<Spec>> {
  return {
    value: state.last,
    error: state.status === "error" && state.last === undefined ? state.error : undefined,
    retry: state.reload,
  };
}
