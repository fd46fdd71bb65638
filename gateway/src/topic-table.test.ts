import type { MarketUpdate } from "@kabuto/shared/protocol/socket";
import { describe, expect, it } from "vitest";
import { createEncoder, type Outgoing } from "./frames.ts";
import { type TopicHolder, TopicTable } from "./topic-table.ts";

interface TestHolder extends TopicHolder<TestHolder> {
  name: string;
}

const holder = (name: string): TestHolder => ({ name, topics: [], sent: [] });
const encode = createEncoder();

/** The table never reads a state's data: a session state is the smallest whole one. */
const update = (seq: number, epoch = "e1"): MarketUpdate => ({
  topic: "session:JP",
  epoch,
  seq,
  ts: seq,
  data: { market: "JP", phase: "regular", tradingDate: "2026-11-25", nextChangeMs: null },
});

function news(table: TopicTable<TestHolder>, who: TestHolder): { seqs: number[]; conflated: number } {
  const entries: Outgoing[] = [];
  const conflated = table.takeNews(who, entries);
  return { seqs: entries.map((entry) => entry.update.seq), conflated };
}

describe("the topic table", () => {
  it("reports a topic fresh when its first holder comes and idle when its last one goes", () => {
    const table = new TopicTable<TestHolder>();
    const [a, b] = [holder("a"), holder("b")];
    expect(table.hold(a, ["session:JP", "quote:JP:7203"])).toEqual(["session:JP", "quote:JP:7203"]);
    expect(table.hold(b, ["session:JP"])).toEqual([]);
    expect([table.size, table.subscriptions]).toEqual([2, 3]);
    expect(table.release(a, ["session:JP", "quote:JP:7203"])).toEqual(["quote:JP:7203"]);
    expect(table.release(b, ["session:JP"])).toEqual(["session:JP"]);
    expect([table.size, table.subscriptions]).toEqual([0, 0]);
  });

  it("counts a holder once per topic, however often it asks, and ignores releases of what it never held", () => {
    const table = new TopicTable<TestHolder>();
    const a = holder("a");
    table.hold(a, ["session:JP"]);
    table.hold(a, ["session:JP", "session:JP"]);
    expect(table.subscriptions).toBe(1);
    expect(a.topics).toHaveLength(1);
    expect(table.release(a, ["session:US", "book:JP:7203"])).toEqual([]);
    expect(table.subscriptions).toBe(1);
  });

  it("keeps account topics out of a holder's market topics: they carry events, not state", () => {
    const table = new TopicTable<TestHolder>();
    const a = holder("a");
    table.hold(a, ["account:m1", "session:JP"]);
    expect(table.get("account:m1")?.isEvents).toBe(true);
    expect(a.topics.map((topic) => topic.name)).toEqual(["session:JP"]);
    expect(table.names()).toEqual(["account:m1", "session:JP"]);
  });

  it("takes only newer states within an epoch, and any state of a new epoch", () => {
    const table = new TopicTable<TestHolder>();
    table.hold(holder("a"), ["session:JP"]);
    const topic = table.get("session:JP");
    if (!topic) throw new Error("held above");
    expect(table.advance(topic, update(2), encode)).toBe(true);
    expect(table.advance(topic, update(2), encode)).toBe(false);
    expect(table.advance(topic, update(1), encode)).toBe(false);
    expect(table.advance(topic, update(1, "e2"), encode)).toBe(true);
    expect(topic.count).toBe(2);
  });

  it("gives each holder the newest state once, counting the states it skipped", () => {
    const table = new TopicTable<TestHolder>();
    const [early, late] = [holder("early"), holder("late")];
    table.hold(early, ["session:JP"]);
    const topic = table.get("session:JP");
    if (!topic) throw new Error("held above");
    table.advance(topic, update(1), encode);
    // A holder that comes now has what came before in its snapshot: no news yet.
    table.hold(late, ["session:JP"]);
    expect(news(table, late)).toEqual({ seqs: [], conflated: 0 });
    table.advance(topic, update(2), encode);
    table.advance(topic, update(3), encode);
    expect(news(table, early)).toEqual({ seqs: [3], conflated: 2 });
    expect(news(table, late)).toEqual({ seqs: [3], conflated: 1 });
    expect(news(table, early)).toEqual({ seqs: [], conflated: 0 });
  });

  it("shares one encoded state among all the holders it goes to", () => {
    const table = new TopicTable<TestHolder>();
    const [a, b] = [holder("a"), holder("b")];
    table.hold(a, ["session:JP"]);
    table.hold(b, ["session:JP"]);
    const topic = table.get("session:JP");
    if (!topic) throw new Error("held above");
    table.advance(topic, update(1), encode);
    const entriesA: Outgoing[] = [];
    const entriesB: Outgoing[] = [];
    table.takeNews(a, entriesA);
    table.takeNews(b, entriesB);
    expect(entriesA[0]).toBe(entriesB[0]);
  });
});
