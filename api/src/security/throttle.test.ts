import { describe, expect, it } from "vitest";
import {
  addressKey,
  giveBackStep,
  MemoryThrottleStore,
  reserve,
  type ThrottleRule,
  type ThrottleState,
  takeStep,
  throttleRules,
} from "./throttle.ts";

const fixed: ThrottleRule = { limit: 3, windowMs: 1_000 };
const slowing: ThrottleRule = { limit: 3, windowMs: 100_000, backoff: { firstMs: 10, maxMs: 40 } };

/** Runs takes at the given times; "ok" or the wait of each refusal. */
function takes(rule: ThrottleRule, times: number[], start?: ThrottleState): (string | number)[] {
  let state = start;
  return times.map((nowMs) => {
    const step = takeStep(state, rule, nowMs);
    state = step.state;
    return step.take.allowed ? "ok" : step.take.retryAfterMs;
  });
}

describe("takeStep", () => {
  it("allows the limit, then refuses until the window after the last counted attempt", () => {
    expect(takes(fixed, [0, 1, 2, 3, 500, 1001, 1002])).toEqual(["ok", "ok", "ok", 999, 502, 1, "ok"]);
  });

  it("with a backoff, waits first, doubling up to the cap; refusals count nothing", () => {
    expect(takes(slowing, [0, 0, 0, 0, 5, 10, 10, 30, 30, 70, 70, 110])).toEqual([
      "ok",
      "ok",
      "ok",
      10,
      5,
      "ok",
      20,
      "ok",
      40,
      "ok",
      40,
      "ok",
    ]);
  });

  it("forgets a key that went quiet for the window", () => {
    const quiet = { count: 50, lastMs: 0, blockedUntilMs: 0 };
    expect(takes(slowing, [100_000, 100_000, 100_000, 100_000], quiet)).toEqual(["ok", "ok", "ok", 10]);
  });

  it("gives back: one fewer, and no wait once below the limit", () => {
    const atLimit = { count: 3, lastMs: 0, blockedUntilMs: 1_000 };
    expect(giveBackStep(atLimit, fixed)).toEqual({ count: 2, lastMs: 0, blockedUntilMs: 0 });
    expect(giveBackStep({ ...atLimit, count: 4 }, fixed)).toEqual({
      count: 3,
      lastMs: 0,
      blockedUntilMs: 1_000,
    });
    expect(giveBackStep({ count: 0, lastMs: 0, blockedUntilMs: 0 }, fixed).count).toBe(0);
  });
});

describe("the rules", () => {
  it("remember a key at least as long as its longest wait", () => {
    for (const rule of Object.values(throttleRules)) {
      if ("backoff" in rule) expect(rule.windowMs).toBeGreaterThanOrEqual(rule.backoff.maxMs);
    }
  });
});

describe("reserve", () => {
  it("hands back what it took when a later key refuses, and clears or gives back on success", async () => {
    const store = new MemoryThrottleStore();
    const address = { key: "a", rule: fixed, onSuccess: "give-back" } as const;
    const account = { key: "b", rule: fixed, onSuccess: "clear" } as const;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const reservation = await reserve(store, [account], 0);
      expect("attemptsLeft" in reservation && reservation.attemptsLeft).toBe(2 - attempt);
    }
    // The account refuses: the address's attempt is handed back.
    expect(await reserve(store, [address, account], 1)).toEqual({ refusedForMs: 999 });
    expect((await store.take("a", fixed, 2)).count).toBe(1);
    const ok = await reserve(store, [address, { ...account, key: "c" }], 3);
    if ("refusedForMs" in ok) throw new Error("refused");
    await ok.succeeded();
    expect((await store.take("a", fixed, 4)).count).toBe(2);
    expect((await store.take("c", fixed, 4)).count).toBe(1);
  });
});

describe("addressKey", () => {
  it("keeps IPv4, unwraps IPv4-mapped IPv6, and counts IPv6 by its /64", () => {
    expect(addressKey("198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressKey("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:DB8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("unknown")).toBe("unknown");
  });
});
