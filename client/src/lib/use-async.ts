import { useEffect, useState } from "react";

export type AsyncState<T> =
  | { status: "loading" }
  | { status: "ready"; value: T }
  | { status: "error"; error: unknown };

/**
 * Runs `load` when `key` changes and keeps the latest answer; an answer to an older key is
 * dropped. `key` null means nothing to load.
 */
export function useAsync<T>(key: string | null, load: () => Promise<T>): AsyncState<T> {
  const [state, setState] = useState<{ key: string | null; state: AsyncState<T> }>({
    key: null,
    state: { status: "loading" },
  });
  // `load` is a fresh closure each render; `key` says when it means something new.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (key === null) return;
    let current = true;
    setState({ key, state: { status: "loading" } });
    load().then(
      (value) => current && setState({ key, state: { status: "ready", value } }),
      (error: unknown) => current && setState({ key, state: { status: "error", error } }),
    );
    return () => {
      current = false;
    };
  }, [key]);
  return state.key === key ? state.state : { status: "loading" };
}

/** A counter to bump after an action so that the screen loads its data again. */
export function useReload(): [number, () => void] {
  const [version, setVersion] = useState(0);
  return [version, () => setVersion((previous) => previous + 1)];
}
