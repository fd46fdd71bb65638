import { describe, expect, it } from "vitest";
import { AccountSequence } from "./account-sequence.ts";

describe("AccountSequence: account events rise by exactly one within an epoch", () => {
  it("treats the first event as a gap: what came before it is unknown", () => {
    expect(new AccountSequence().judge("e1", 7)).toBe("gap");
  });

  it("accepts the next seq and flags a skipped one", () => {
    const sequence = new AccountSequence();
    sequence.judge("e1", 1);
    expect(sequence.judge("e1", 2)).toBe("next");
    expect(sequence.judge("e1", 4)).toBe("gap");
    expect(sequence.judge("e1", 5)).toBe("next");
  });

  it("drops a replayed or older event", () => {
    const sequence = new AccountSequence();
    sequence.judge("e1", 3);
    expect(sequence.judge("e1", 3)).toBe("duplicate");
    expect(sequence.judge("e1", 2)).toBe("duplicate");
    expect(sequence.judge("e1", 4)).toBe("next");
  });

  it("flags a new epoch even when its seq happens to follow on", () => {
    const sequence = new AccountSequence();
    sequence.judge("e1", 1);
    expect(sequence.judge("e2", 2)).toBe("gap");
    expect(sequence.judge("e2", 3)).toBe("next");
  });

  it("starts over after a reset (a reconnect, another member)", () => {
    const sequence = new AccountSequence();
    sequence.judge("e1", 9);
    sequence.reset();
    expect(sequence.judge("e1", 1)).toBe("gap");
    expect(sequence.judge("e1", 2)).toBe("next");
  });
});
