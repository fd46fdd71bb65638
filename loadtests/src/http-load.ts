// A small closed-loop HTTP load generator: `concurrency` loops each send a request, wait for
// the answer, and send the next, for `durationMs`. Prints nothing; returns the figures.

export interface LoadResult {
  requests: number;
  errors: number;
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
  const elapsedMs = performance.now() - startedMs;
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? 0;
  return {
    requests: latencies.length,
    errors,
    perSecond: (latencies.length * 1000) / elapsedMs,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: latencies.at(-1) ?? 0,
  };
}
