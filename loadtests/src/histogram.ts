// A fixed-bucket, log-linear histogram in the manner of HdrHistogram: every power of two of
// microseconds is split into 32 equal buckets, so any recorded value is known to within 1/32
// (about 3%) while the whole range from 1 µs to 35 minutes fits in 864 counters. Millions of
// samples cost no memory, and histograms from several threads merge by adding their counters.

/** Buckets per power of two: 2^5 = 32, so a bucket is at most 1/32 of its value wide. */
const subBucketBits = 5;
const subBucketCount = 1 << subBucketBits;
/** Values are whole microseconds below 2^31 (about 35 minutes); larger ones are clamped. */
const valueMaxUs = 2 ** 31 - 1;
export const histogramBucketCount = (31 - subBucketBits + 1) * subBucketCount;

export interface Histogram {
  /** One counter per bucket; a Float64Array so that it survives postMessage and never overflows. */
  counts: Float64Array;
  count: number;
  maxUs: number;
}

export function createHistogram(): Histogram {
  return { counts: new Float64Array(histogramBucketCount), count: 0, maxUs: 0 };
}

export function bucketOf(valueUs: number): number {
  const value = Math.min(valueMaxUs, Math.max(0, Math.round(valueUs)));
  if (value < subBucketCount) return value;
  const shift = 31 - Math.clz32(value) - subBucketBits;
  return ((shift + 1) << subBucketBits) + ((value >>> shift) - subBucketCount);
}

/** The highest value (µs) that falls in a bucket: quantiles report it, so they never understate. */
export function bucketHighUs(bucket: number): number {
  if (bucket < subBucketCount) return bucket;
  const shift = (bucket >>> subBucketBits) - 1;
  const sub = (bucket & (subBucketCount - 1)) + subBucketCount;
  return ((sub + 1) << shift) - 1;
}

export function recordMs(histogram: Histogram, valueMs: number): void {
  const valueUs = valueMs * 1000;
  const bucket = bucketOf(valueUs);
  histogram.counts[bucket] = (histogram.counts[bucket] ?? 0) + 1;
  histogram.count += 1;
  if (valueUs > histogram.maxUs) histogram.maxUs = valueUs;
}

export function mergeInto(target: Histogram, source: Histogram): void {
  for (let bucket = 0; bucket < histogramBucketCount; bucket += 1) {
    target.counts[bucket] = (target.counts[bucket] ?? 0) + (source.counts[bucket] ?? 0);
  }
  target.count += source.count;
  target.maxUs = Math.max(target.maxUs, source.maxUs);
}

/** The value (ms) at or below which `fraction` of the samples lie; NaN when there are none. */
export function quantileMs(histogram: Histogram, fraction: number): number {
  if (histogram.count === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil(histogram.count * fraction));
  let seen = 0;
  for (let bucket = 0; bucket < histogramBucketCount; bucket += 1) {
    seen += histogram.counts[bucket] ?? 0;
    if (seen >= rank) return Math.min(bucketHighUs(bucket), histogram.maxUs) / 1000;
  }
  return histogram.maxUs / 1000;
}
