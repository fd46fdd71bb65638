import { describe, expect, it } from "vitest";
import { coalesced } from "./coalesce.ts";

describe("coalesced lookups", () => {
  it("answers the lookups made together with one load, each its own value", async () => {
    const loads: number[][] = [];
    const double = coalesced(async (keys: readonly number[]) => {
      loads.push([...keys]);
      return keys.map((key) => key * 2);
    });
    const values = await Promise.all([1, 2, 3].map(double));
    expect(values).toEqual([2, 4, 6]);
    expect(loads).toEqual([[1, 2, 3]]);
    // A lookup made after the last load answered goes out in a load of its own.
    expect(await double(5)).toBe(10);
    expect(loads).toEqual([[1, 2, 3], [5]]);
  });

  it("sends a lone lookup at once, without waiting for the event loop's turn", async () => {
    const order: string[] = [];
    const lookup = coalesced(async (keys: readonly number[]) => {
      order.push("load");
      return keys;
    });
    setImmediate(() => order.push("the loop's turn"));
    expect(await lookup(1)).toBe(1);
    expect(order[0]).toBe("load");
  });

  it("gathers the lookups made while a load is in flight into the next load", async () => {
    const loads: number[][] = [];
    let answerFirst: () => void = () => undefined;
    const lookup = coalesced(async (keys: readonly number[]) => {
      loads.push([...keys]);
      if (loads.length === 1) await new Promise<void>((resolve) => (answerFirst = resolve));
      return keys;
    });
    const first = lookup(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [lookup(2), lookup(3)];
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads).toEqual([[1]]);
    answerFirst();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(loads).toEqual([[1], [2, 3]]);
  });

  it("fails every lookup a failed load carried, and the next load still runs", async () => {
    let fail = true;
    const lookup = coalesced(async (keys: readonly string[]) => {
      if (fail) throw new Error("the database went away");
      return keys.map((key) => key.toUpperCase());
    });
    const failed = await Promise.allSettled(["a", "b"].map(lookup));
    expect(failed.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await lookup("c")).toBe("C");
  });

  it("splits a crowd larger than one load takes into several loads, answering all", async () => {
    const sizes: number[] = [];
    const identity = coalesced(async (keys: readonly number[]) => {
      sizes.push(keys.length);
      return keys;
    });
    const keys = Array.from({ length: 600 }, (_, index) => index);
    expect(await Promise.all(keys.map(identity))).toEqual(keys);
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(600);
  });
});
