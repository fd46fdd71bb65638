import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error.ts";
import { IntentKeys, outcomeUnknown } from "./intent-key.ts";

function counter(): () => string {
  let next = 0;
  return () => {
    next += 1;
    return `key-${next}`;
  };
}

describe("IntentKeys: one key per intent, the same key for a retry of an unanswered submission", () => {
  it("gives each new submission a fresh key once the previous one was answered", () => {
    const keys = new IntentKeys(counter());
    expect(keys.keyFor("a")).toBe("key-1");
    keys.settle();
    expect(keys.keyFor("a")).toBe("key-2");
    keys.settle(new ApiError(409, "INSUFFICIENT_BALANCE"));
    expect(keys.keyFor("a")).toBe("key-3");
  });

  it("reuses the key after a network error, a time-out or a 5xx for the same content", () => {
    const keys = new IntentKeys(counter());
    const first = keys.keyFor("order");
    keys.settle(new ApiError(0, "NETWORK_ERROR"));
    expect(keys.keyFor("order")).toBe(first);
    keys.settle(new ApiError(0, "TIMEOUT"));
    expect(keys.keyFor("order")).toBe(first);
    keys.settle(new ApiError(503, "UNAVAILABLE"));
    expect(keys.keyFor("order")).toBe(first);
  });

  it("starts a new intent when the content changed after an unanswered submission", () => {
    const keys = new IntentKeys(counter());
    keys.keyFor("100 shares");
    keys.settle(new ApiError(0, "NETWORK_ERROR"));
    expect(keys.keyFor("200 shares")).toBe("key-2");
  });

  it("treats a non-API error (a bug) as answered", () => {
    expect(outcomeUnknown(new Error("boom"))).toBe(false);
    expect(outcomeUnknown(undefined)).toBe(false);
    expect(outcomeUnknown(new ApiError(400, "PRICE_INVALID"))).toBe(false);
  });
});
