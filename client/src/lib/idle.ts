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

/**
 * Runs `task` once the next frame has painted: a notice just asked for shows before `task`'s
 * heavier render (a screen change) holds the main thread. The frame's callback runs before its
 * paint; the timer it sets runs after.
 */
export function afterNextPaint(task: () => void): void {
  requestAnimationFrame(() => setTimeout(task, 0));
}
