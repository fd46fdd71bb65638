import { describe, expect, it } from "vitest";
import {
  bucketHighUs,
  bucketOf,
  createHistogram,
  histogramBucketCount,
  mergeInto,
  quantileMs,
  recordMs,
} from "./histogram.ts";

describe("histogram", () => {
  it("buckets are contiguous: each value lands in a bucket whose range holds it", () => {
    const misplaced: number[] = [];
    let previous = 0;
    for (let value = 0; value < 1_000_000; value += value < 4096 ? 1 : 997) {
      const bucket = bucketOf(value);
      const holds = bucketHighUs(bucket) >= value && (bucket === 0 || bucketHighUs(bucket - 1) < value);
      if (bucket < previous || !holds) misplaced.push(value);
      previous = bucket;
    }
    expect(misplaced).toEqual([]);
  });

  it("knows every value to within 1/32 of it", () => {
    for (const value of [33, 100, 1_000, 12_345, 5_000_000, 2 ** 30 + 17]) {
      expect(bucketHighUs(bucketOf(value)) - value).toBeLessThanOrEqual(value / 32);
    }
  });

  it("clamps values outside the range instead of writing past the counters", () => {
    expect(bucketOf(-5)).toBe(0);
    expect(bucketOf(Number.MAX_SAFE_INTEGER)).toBe(histogramBucketCount - 1);
    const histogram = createHistogram();
    recordMs(histogram, 1e12);
    expect(histogram.counts[histogramBucketCount - 1]).toBe(1);
  });

  it("reports quantiles of a uniform spread within the bucket precision", () => {
    const histogram = createHistogram();
    for (let ms = 1; ms <= 1_000; ms += 1) recordMs(histogram, ms);
    expect(quantileMs(histogram, 0.5)).toBeGreaterThanOrEqual(500);
    expect(quantileMs(histogram, 0.5)).toBeLessThanOrEqual(500 * (1 + 1 / 32));
    expect(quantileMs(histogram, 0.99)).toBeGreaterThanOrEqual(990);
    expect(quantileMs(histogram, 1)).toBe(1_000);
  });

  it("merges by adding counters, and an empty one has no quantiles", () => {
    const left = createHistogram();
    const right = createHistogram();
    recordMs(left, 2);
    recordMs(right, 40);
    mergeInto(left, right);
    expect(left.count).toBe(2);
    expect(quantileMs(left, 1)).toBe(40);
    expect(quantileMs(createHistogram(), 0.5)).toBeNaN();
  });
});
