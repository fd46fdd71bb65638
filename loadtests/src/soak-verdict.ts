// The soak benchmark's rules for "flat" and "growing", kept apart from its processes and sockets so
// that they can be read, and tested, on their own.

/**
 * The minute a run is judged from: the second when there is one. The first minute is warm-up
 * (the JIT compiles, pools and caches fill, the feed's first candles are written), and a
 * process's memory rises through it whether or not anything leaks.
 */
export function baselineIndex(minutes: number): number {
  return minutes >= 2 ? 1 : 0;
}

/**
 * Memory may grow this fraction of the baseline minute's figure, or `memoryGrowthFloorMb`,
 * whichever is larger, and still count as flat: V8 and the allocator keep pages they may reuse,
 * so a process's RSS moves by a few percent from minute to minute without holding more.
 */
export const memoryGrowthFractionMax = 0.1;
/** The allowance for small figures: a 30 MB heap that gains 3 MB once has not started to leak. */
export const memoryGrowthFloorMb = 5;
/**
 * A minute's p99 may be this many times the baseline minute's and still count as flat. On a
 * shared two-core machine one minute's p99 differs from the next by about this much with no
 * change in the code; a leak or an unbounded queue grows past it.
 */
export const latencyGrowthRatioMax = 1.5;

export type Verdict = "flat" | "growing";

/** Least-squares slope of `values` against their index (units per minute when one per minute). */
export function slopePerMinute(values: readonly number[]): number {
  const known = values.map((value, index) => ({ x: index, y: value })).filter(({ y }) => Number.isFinite(y));
  if (known.length < 2) return 0;
  const meanX = known.reduce((sum, { x }) => sum + x, 0) / known.length;
  const meanY = known.reduce((sum, { y }) => sum + y, 0) / known.length;
  let covariance = 0;
  let variance = 0;
  for (const { x, y } of known) {
    covariance += (x - meanX) * (y - meanY);
    variance += (x - meanX) ** 2;
  }
  return covariance / variance;
}

/** A per-minute memory series (MB): its baseline, last figure, slope from the baseline on, and verdict. */
export function judgeMemory(perMinuteMb: readonly number[]): {
  baselineMb: number;
  lastMb: number;
  slopeMbPerMinute: number;
  verdict: Verdict;
} {
  const from = baselineIndex(perMinuteMb.length);
  const baselineMb = perMinuteMb[from] ?? Number.NaN;
  const lastMb = perMinuteMb.at(-1) ?? Number.NaN;
  const allowedMb = Math.max(baselineMb * memoryGrowthFractionMax, memoryGrowthFloorMb);
  return {
    baselineMb,
    lastMb,
    slopeMbPerMinute: slopePerMinute(perMinuteMb.slice(from)),
    verdict: lastMb - baselineMb <= allowedMb ? "flat" : "growing",
  };
}

/**
 * Answers a minute needs before its p99 is judged: the p99 of fewer than a hundred is their
 * slowest one, which a single stall of a shared machine decides.
 */
export const latencySamplesMin = 100;

/**
 * A per-minute p99 series (ms) with each minute's number of answers: flat when the last minute's
 * p99 is within `latencyGrowthRatioMax` of the baseline minute's. Too few answers in either minute
 * (or none, NaN) say nothing either way.
 */
export function judgeLatency(
  perMinuteP99Ms: readonly number[],
  perMinuteCount: readonly number[],
): { baselineMs: number; lastMs: number; verdict: Verdict | "too few answers" } {
  const from = baselineIndex(perMinuteP99Ms.length);
  const baselineMs = perMinuteP99Ms[from] ?? Number.NaN;
  const lastMs = perMinuteP99Ms.at(-1) ?? Number.NaN;
  const enough = [perMinuteCount[from] ?? 0, perMinuteCount.at(-1) ?? 0].every((n) => n >= latencySamplesMin);
  if (!enough || !Number.isFinite(baselineMs) || !Number.isFinite(lastMs)) {
    return { baselineMs, lastMs, verdict: "too few answers" };
  }
  return { baselineMs, lastMs, verdict: lastMs <= baselineMs * latencyGrowthRatioMax ? "flat" : "growing" };
}

/**
 * The share of requests that may fail on the server's side (a 5xx, or no answer at all) before
 * the run exits non-zero: a handful in a long run is a blip worth reading about in the output,
 * more is a fault. Timing never fails a run: a shared machine's latency is not the code's.
 */
export const serverErrorFractionMax = 0.001;
/** Below this many failures a run passes whatever its size, so a three-minute run is not failed by one blip. */
export const serverErrorsAllowedMin = 5;

export function serverErrorsTooMany(serverErrors: number, requests: number): boolean {
  return serverErrors > Math.max(serverErrorsAllowedMin, requests * serverErrorFractionMax);
}
