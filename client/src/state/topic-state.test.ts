import { describe, expect, it } from "vitest";
import { retiredEpochsMax, TopicStates } from "./topic-state.ts";

const quote = "quote:JP:7203";
const book = "book:JP:7203";

describe("TopicStates keeps the newest state of each topic by (epoch, seq)", () => {
  it("accepts the first state of a topic", () => {
    const states = new TopicStates();
    expect(states.judge({ topic: quote, epoch: "e1", seq: 7 })).toEqual({ verdict: "accept", resync: false });
    expect(states.seqOf(quote)).toBe(7);
    expect(states.epoch).toBe("e1");
  });

  it("accepts a higher seq, even after a gap (the gateway conflates)", () => {
    const states = new TopicStates();
    states.judge({ topic: quote, epoch: "e1", seq: 1 });
    expect(states.judge({ topic: quote, epoch: "e1", seq: 40 }).verdict).toBe("accept");
    expect(states.seqOf(quote)).toBe(40);
  });

  it("drops an older or repeated seq in the same epoch and keeps the newer one", () => {
    const states = new TopicStates();
    states.judge({ topic: quote, epoch: "e1", seq: 10 });
    expect(states.judge({ topic: quote, epoch: "e1", seq: 9 }).verdict).toBe("stale");
    expect(states.judge({ topic: quote, epoch: "e1", seq: 10 }).verdict).toBe("stale");
    expect(states.seqOf(quote)).toBe(10);
  });

  it("tracks each topic on its own", () => {
    const states = new TopicStates();
    states.judge({ topic: quote, epoch: "e1", seq: 100 });
    expect(states.judge({ topic: book, epoch: "e1", seq: 3 }).verdict).toBe("accept");
  });

  it("on a new epoch accepts the update, forgets every held seq and asks for a resync", () => {
    const states = new TopicStates();
    states.judge({ topic: quote, epoch: "e1", seq: 500 });
    states.judge({ topic: book, epoch: "e1", seq: 200 });
    expect(states.judge({ topic: quote, epoch: "e2", seq: 1 })).toEqual({ verdict: "accept", resync: true });
    expect(states.seqOf(book)).toBeUndefined();
    expect(states.judge({ topic: book, epoch: "e2", seq: 1 })).toEqual({ verdict: "accept", resync: false });
  });

  it("drops late updates from an epoch already replaced, without a resync", () => {
    const states = new TopicStates();
    states.judge({ topic: quote, epoch: "e1", seq: 5 });
    states.judge({ topic: quote, epoch: "e2", seq: 1 });
    expect(states.judge({ topic: quote, epoch: "e1", seq: 999 })).toEqual({
      verdict: "retired",
      resync: false,
    });
    expect(states.seqOf(quote)).toBe(1);
  });

  it("treats hello with a new epoch as a resync, and the same epoch as nothing", () => {
    const states = new TopicStates();
    expect(states.hello("e1")).toBe(false);
    states.judge({ topic: quote, epoch: "e1", seq: 5 });
    expect(states.hello("e1")).toBe(false);
    expect(states.seqOf(quote)).toBe(5);
    expect(states.hello("e2")).toBe(true);
    expect(states.seqOf(quote)).toBeUndefined();
    expect(states.judge({ topic: quote, epoch: "e1", seq: 6 }).verdict).toBe("retired");
  });

  it("ignores a hello without an epoch (a gateway that has relayed nothing yet)", () => {
    const states = new TopicStates();
    states.judge({ topic: quote, epoch: "e1", seq: 5 });
    // A reconnect (after sign-in) to a gateway that has not relayed an update since it started.
    expect(states.hello("")).toBe(false);
    expect(states.epoch).toBe("e1");
    expect(states.judge({ topic: quote, epoch: "e1", seq: 6 }).verdict).toBe("accept");
  });

  it("lets an epoch come back after it was retired only through hello", () => {
    const states = new TopicStates();
    states.hello("e1");
    states.hello("e2");
    expect(states.hello("e1")).toBe(true);
    expect(states.judge({ topic: quote, epoch: "e1", seq: 1 }).verdict).toBe("accept");
    expect(states.judge({ topic: quote, epoch: "e2", seq: 50 }).verdict).toBe("retired");
  });

  it("remembers a bounded number of retired epochs", () => {
    const states = new TopicStates();
    for (let i = 0; i <= retiredEpochsMax + 1; i++) states.hello(`e${i}`);
    // e0 has fallen out of memory; it is then taken as a new epoch again.
    expect(states.judge({ topic: quote, epoch: "e0", seq: 1 })).toEqual({ verdict: "accept", resync: true });
    expect(states.judge({ topic: quote, epoch: "e2", seq: 1 }).verdict).toBe("retired");
  });

  it("takes any seq after the topic was forgotten (unsubscribed)", () => {
    const states = new TopicStates();
    states.judge({ topic: quote, epoch: "e1", seq: 50 });
    states.forget(quote);
    expect(states.judge({ topic: quote, epoch: "e1", seq: 3 }).verdict).toBe("accept");
  });
});
