/**
 * Runs `task` once the page is idle (after what it is doing now has painted), or after
 * `timeoutMs` at the latest; Safari has no `requestIdleCallback`, and gets a timer instead.
 * Returns a cancel.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, Math.min(timeoutMs, 500));
  return () => clearTimeout(id);
}
