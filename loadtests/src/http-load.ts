// A small closed-loop HTTP load generator: `concurrency` loops each send a request, wait for
// the answer, and send the next, for `durationMs`. Prints nothing; returns the figures.

export interface LoadResult {
  requests: number;
  /** Requests answered with a failure (or none). */
  errors: number;
  /**
   * Requests a fixed-rate load never sent because `maxInFlight` were already waiting: the
   * service kept up with less than the rate. Always 0 for a closed loop.
   */
  gaveUp: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export async function runLoad(options: {
  concurrency: number;
  durationMs: number;
  request: (loop: number, iteration: number) => Promise<boolean>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const startedMs = performance.now();
  const endMs = startedMs + options.durationMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, loop) => {
      for (let iteration = 0; performance.now() < endMs; iteration += 1) {
        const sentMs = performance.now();
        const ok = await options.request(loop, iteration).catch(() => false);
        latencies.push(performance.now() - sentMs);
        if (!ok) errors += 1;
      }
    }),
  );
  return summary(latencies, errors, 0, performance.now() - startedMs);
}

/**
 * An open-loop load at a fixed rate: a request is due every 1000/`perSecond` ms whether or not
 * earlier ones have answered, and each latency counts from when it was due, so a stall shows in
 * the tail instead of slowing the sender (no coordinated omission). At most `maxInFlight` wait at
 * once; a request due past that is not sent and counted as given up, as a client that gave up
 * would be (apart from errors, so a service that is only slow is not read as one that fails).
 */
export async function runPaced(options: {
  perSecond: number;
  durationMs: number;
  maxInFlight: number;
  request: (index: number) => Promise<boolean>;
}): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let gaveUp = 0;
  let inFlight = 0;
  const pending: Promise<void>[] = [];
  const intervalMs = 1000 / options.perSecond;
  const startedMs = performance.now();
  const total = Math.floor(options.durationMs / intervalMs);
  for (let index = 0; index < total; index += 1) {
    const dueMs = startedMs + index * intervalMs;
    const waitMs = dueMs - performance.now();
    if (waitMs > 1) await new Promise((resolve) => setTimeout(resolve, waitMs));
    if (inFlight >= options.maxInFlight) {
      gaveUp += 1;
      continue;
    }
    inFlight += 1;
    pending.push(
      options
        .request(index)
        .catch(() => false)
        .then((ok) => {
          inFlight -= 1;
          latencies.push(performance.now() - dueMs);
          if (!ok) errors += 1;
        }),
    );
  }
  await Promise.all(pending);
  return summary(latencies, errors, gaveUp, performance.now() - startedMs);
}

/** A window's figures from its latencies (sorted here), its failed and its unsent requests. */
function summary(latencies: number[], errors: number, gaveUp: number, elapsedMs: number): LoadResult {
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    gaveUp,
    perSecond: (latencies.length * 1000) / elapsedMs,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: latencies.at(-1) ?? 0,
  };
}
