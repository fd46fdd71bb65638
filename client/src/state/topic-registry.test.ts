import { describe, expect, it } from "vitest";
import { TopicRegistry } from "./topic-registry.ts";

const a = "quote:JP:7203";
const b = "quote:US:AAPL";

describe("TopicRegistry", () => {
  it("asks to subscribe only on the first acquire", () => {
    const registry = new TopicRegistry(1000);
    expect(registry.acquire(a)).toBe(true);
    expect(registry.acquire(a)).toBe(false);
    expect(registry.refCount(a)).toBe(2);
  });

  it("keeps a topic while any user holds it", () => {
    const registry = new TopicRegistry(1000);
    registry.acquire(a);
    registry.acquire(a);
    registry.release(a, 0);
    expect(registry.sweep(10_000)).toEqual([]);
    expect(registry.has(a)).toBe(true);
  });

  it("drops a topic only after it has been unused for the linger time", () => {
    const registry = new TopicRegistry(1000);
    registry.acquire(a);
    registry.release(a, 5000);
    expect(registry.nextSweepMs()).toBe(6000);
    expect(registry.sweep(5999)).toEqual([]);
    expect(registry.sweep(6000)).toEqual([a]);
    expect(registry.has(a)).toBe(false);
    expect(registry.nextSweepMs()).toBeUndefined();
  });

  it("cancels the drop when the topic is acquired again within the linger time", () => {
    const registry = new TopicRegistry(1000);
    registry.acquire(a);
    registry.release(a, 0);
    expect(registry.acquire(a)).toBe(false);
    expect(registry.sweep(5000)).toEqual([]);
    expect(registry.refCount(a)).toBe(1);
  });

  it("subscribes again after the topic was dropped", () => {
    const registry = new TopicRegistry(0);
    registry.acquire(a);
    registry.release(a, 0);
    registry.sweep(0);
    expect(registry.acquire(a)).toBe(true);
  });

  it("lists lingering topics among the held ones, for a resync", () => {
    const registry = new TopicRegistry(1000);
    registry.acquire(a);
    registry.acquire(b);
    registry.release(b, 0);
    expect(registry.held().sort()).toEqual([a, b].sort());
  });

  it("refuses a release without an acquire: that is a bug in the caller", () => {
    const registry = new TopicRegistry(1000);
    expect(() => registry.release(a, 0)).toThrow(/not acquired/);
    registry.acquire(a);
    registry.release(a, 0);
    expect(() => registry.release(a, 0)).toThrow(/not acquired/);
  });
});
