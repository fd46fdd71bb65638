import { useRef } from "react";
import { type AsyncState, useAsync, useReload } from "./use-async.ts";

/**
 * `useAsync` for a screen that re-reads on live events: while a re-read of the same `key` is
 * under way, the last answer stays on screen (a list does not blank, a half-typed reply is
 * not unmounted); a new `key` starts from loading. Returns the state and the re-read.
 */
export function useLive<T>(key: string | null, load: () => Promise<T>): [AsyncState<T>, () => void] {
  const [version, reload] = useReload();
  const state = useAsync(key === null ? null : `${key}#${version}`, load);
  const last = useRef<{ key: string; value: T } | undefined>(undefined);
  if (state.status === "ready" && key !== null) last.current = { key, value: state.value };
  if (state.status === "loading" && last.current && last.current.key === key) {
    return [{ status: "ready", value: last.current.value }, reload];
  }
  return [state, reload];
}
