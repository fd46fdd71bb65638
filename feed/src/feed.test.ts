import type { UnitCandle } from "@kabuto/shared/market/catalog";
import { type BusUpdate, isUpdateOf, type SessionUpdate } from "@kabuto/shared/protocol/socket";
import { describe, expect, it, vi } from "vitest";
import type { CandleStore, StoredCandle } from "./candle-store.ts";
import { createCatalog } from "./catalog.ts";
import { loadFeedConfig } from "./config.ts";
import { Feed, saveFailure } from "./feed.ts";

/**
 * A feed on a test clock whose own timer never fires (the test steps it with `tick`), with the
 * candle store kept in `saves` and each published batch handed to `publish`.
 */
function steppedFeed(options: {
  seed: string;
  now: () => number;
  publish: (updates: readonly BusUpdate[]) => void;
  saves?: StoredCandle[];
  catalog?: ReturnType<typeof createCatalog>;
  historyDays?: number;
}): Feed {
  return new Feed({
    catalog: options.catalog ?? createCatalog(),
    seed: options.seed,
    alwaysOpen: false,
    stepMs: 3_600_000,
    now: options.now,
    history: { days: options.historyDays ?? 7, minuteSessions: 1 },
    store: {
      save: async (rows) => {
        options.saves?.push(...rows);
      },
      newest: async () => [],
      lastDays: async () => new Map(),
    },
    publisher: { publish: options.publish },
  });
}

/** Steps the feed `seconds` from `fromMs` at the default step, as its timer would; returns the end. */
function stepFor(feed: Feed, fromMs: number, seconds: number): number {
  const { FEED_STEP_MS } = loadFeedConfig({});
  let nowMs = fromMs;
  for (let elapsed = 0; elapsed < seconds * 1_000; elapsed += FEED_STEP_MS) {
    nowMs += FEED_STEP_MS;
    feed.tick(nowMs);
  }
  return nowMs;
}

/** A candle store in memory, upserting by (symbol, interval, t) as PostgreSQL's does. */
function memoryStore(): CandleStore & {
  rows: Map<string, StoredCandle>;
  saves: (readonly StoredCandle[])[];
} {
  const rows = new Map<string, StoredCandle>();
  const saves: (readonly StoredCandle[])[] = [];
  const sorted = () => [...rows.values()].sort((a, b) => a.candle.t - b.candle.t);
  return {
    rows,
    saves,
    save: async (batch) => {
      saves.push(batch);
      for (const row of batch) rows.set(`${row.symbol}/${row.interval}/${row.candle.t}`, row);
    },
    newest: async () => {
      const newest = new Map<string, StoredCandle>();
      for (const row of sorted()) newest.set(`${row.symbol}/${row.interval}`, row);
      return [...newest.values()];
    },
    lastDays: async () => {
      const days = new Map<string, UnitCandle[]>();
      for (const row of sorted()) {
        if (row.interval !== "1d") continue;
        days.set(row.symbol, [...(days.get(row.symbol) ?? []), row.candle].slice(-2));
      }
      return days;
    },
  };
}

/** A feed at a first start with `historyDays` of back-fill on `store`, its log kept in `logs`. */
function backfillingFeed(
  store: CandleStore,
  options: { historyDays: number; logs?: { message: string; fields?: Record<string, unknown> }[] },
): Feed {
  return new Feed({
    catalog: createCatalog(),
    seed: "feed",
    alwaysOpen: false,
    stepMs: 500,
    now: () => Date.parse("2026-11-20T09:00:00Z"),
    history: { days: options.historyDays, minuteSessions: 1 },
    store,
    publisher: { publish: () => {} },
    log: (message, fields) => options.logs?.push({ message, ...(fields ? { fields } : {}) }),
  });
}

describe("Feed", () => {
  it("saves every back-filled bar once, in batches, a symbol's daily bars after its other ones", async () => {
    const store = memoryStore();
    const logs: { message: string }[] = [];
    const feed = backfillingFeed(store, { historyDays: 10, logs });
    await feed.start();
    await feed.saved();
    const rows = store.saves.flat();
    await feed.stop();
    const keys = new Set(rows.map((row) => `${row.symbol}/${row.interval}/${row.candle.t}`));
    expect(keys.size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.symbol)).size).toBe(createCatalog().simulated.length);
    expect(store.saves.length).toBeGreaterThan(1);
    expect(store.saves.every((batch) => batch.length <= 5_000)).toBe(true);
    const toyota = rows.filter((row) => row.symbol === "JP:7203");
    const firstDaily = toyota.findIndex((row) => row.interval === "1d");
    expect(firstDaily).toBeGreaterThan(0);
    expect(toyota.slice(firstDaily).every((row) => row.interval === "1d")).toBe(true);
    expect(logs.map((entry) => entry.message)).toContain("history saved");
  });

  it("stops during a first start's back-fill after the batch being written, and the next start fills in the rest", async () => {
    const whole = memoryStore();
    const uninterrupted = backfillingFeed(whole, { historyDays: 20 });
    await uninterrupted.start();
    await uninterrupted.saved();
    await uninterrupted.stop();
    const wholeKeys = [...whole.rows.keys()].sort();

    const store = memoryStore();
    const writing = Promise.withResolvers<void>();
    const saveAll = store.save;
    const logs: { message: string; fields?: Record<string, unknown> }[] = [];
    const first = backfillingFeed(
      {
        ...store,
        save: async (batch) => {
          if (store.saves.length === 1) await writing.promise;
          await saveAll(batch);
        },
      },
      { historyDays: 20, logs },
    );
    await first.start();
    await vi.waitFor(() => expect(store.saves.length).toBe(1), { timeout: 30_000 });
    const stopped = first.stop();
    writing.resolve();
    await stopped;
    expect(store.saves.length).toBe(2);
    expect(store.rows.size).toBeLessThan(whole.rows.size);
    const cut = logs.find((entry) => entry.message.startsWith("history save cut short"));
    expect(Number(cut?.fields?.candles)).toBeGreaterThanOrEqual(whole.rows.size - store.rows.size);
    expect(logs.map((entry) => entry.message)).not.toContain("history saved");

    const second = backfillingFeed(store, { historyDays: 20 });
    await second.start();
    await second.saved();
    await second.stop();
    expect([...store.rows.keys()].sort()).toEqual(wholeKeys);
  });
});

describe("a failed candle save", () => {
  it("is logged with the database's reason, not the batch's parameters", async () => {
    const logs: { message: string; fields?: Record<string, unknown> }[] = [];
    const params = Array.from({ length: 20_000 }, (_, index) => `JP:${index}`).join(",");
    const store: CandleStore = {
      ...memoryStore(),
      save: async () => {
        throw new Error(`Failed query: insert into candles\nparams: ${params}`, {
          cause: new Error("cannot execute INSERT in a read-only transaction"),
        });
      },
    };
    const feed = backfillingFeed(store, { historyDays: 2, logs });
    await feed.start();
    await feed.saved();
    await feed.stop();
    const failures = logs.filter((entry) => entry.message === "candle save failed");
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]?.fields?.error).toBe("cannot execute INSERT in a read-only transaction");
    expect(saveFailure("a string")).toBe("a string");
    expect(saveFailure(new Error(params)).length).toBe(500);
  });
});

describe("a new listing", () => {
  it("joins the universe at run time with no history, and opens by price discovery around its offer price", async () => {
    const catalog = createCatalog();
    const saves: StoredCandle[] = [];
    const published: string[] = [];
    // Wednesday 25 November 2026, 08:55 in Tokyo: listing day, before the open.
    let nowMs = Date.parse("2026-11-24T23:55:00Z");
    const feed = steppedFeed({
      catalog,
      seed: "listing",
      now: () => nowMs,
      historyDays: 3,
      saves,
      publish: (updates) => published.push(...updates.map((u) => u.topic)),
    });
    await feed.start();
    await feed.saved();
    const listing = {
      symbol: "JP:9991",
      market: "JP" as const,
      code: "9991",
      name: { ja: "テスト新規", en: "Test Newco", zhHant: "測試新股" },
      sector: "Services",
      offerPrice: "1350",
      listingDate: "2026-11-25",
      sharesOffered: 500_000,
    };
    expect(catalog.isKnown("JP:9991")).toBe(false);
    expect(await feed.addListing(listing)).toBe(true);
    expect(await feed.addListing(listing)).toBe(false);
    expect(catalog.isKnown("JP:9991")).toBe(true);
    expect(catalog.instrumentBySymbol.get("JP:9991")).toMatchObject({ lotSize: 100, currency: "JPY" });
    expect(published).toContain("quote:JP:9991");
    const before = feed.state("JP:9991");
    expect(before?.candles.size).toBe(0);
    expect(before?.volume).toBe(0);
    const offerUnits = before?.last ?? 0;
    expect(before?.prevClose).toBe(offerUnits);
    // No book before the first trade: nothing for a market order to fill against.
    expect(before?.book).toBeNull();

    // Through the first ten minutes of the session: it trades, and only from listing day on.
    const openMs = Date.parse("2026-11-25T00:00:00Z");
    for (nowMs = openMs; nowMs < openMs + 10 * 60_000; nowMs += 5_000) feed.tick(nowMs);
    const after = feed.state("JP:9991");
    expect(after?.volume).toBeGreaterThan(0);
    expect(after?.book?.bids.length).toBeGreaterThan(0);
    expect(after?.open).toBeGreaterThanOrEqual(offerUnits * 0.25);
    expect(after?.open).toBeLessThanOrEqual(offerUnits * 4);
    // The listing day's band is the price discovery's 0.25×–4×, far wider than an ordinary
    // day's limit (about ±22% at ¥1,350): the open above is held to that band, not a day's.
    expect(after?.limits?.up ?? 0).toBeGreaterThan(offerUnits * 3.9);
    expect(after?.limits?.down ?? Number.POSITIVE_INFINITY).toBeLessThan(offerUnits * 0.26);
    await feed.stop();
    const candles = saves.filter((row) => row.symbol === "JP:9991");
    expect(candles.length).toBeGreaterThan(0);
    // Minute to daily bars begin on listing day; a week's or month's bar is the period it falls in.
    for (const row of candles.filter((c) => c.interval !== "1w" && c.interval !== "1M")) {
      expect(row.candle.t).toBeGreaterThanOrEqual(Date.parse("2026-11-24T15:00:00Z"));
    }
  });
});

describe("a live board", () => {
  it("shows a busy name trading several times a second in the midday lull, and a thin one now and then", async () => {
    // Thursday 19 November 2026, 13:00 in Tokyo: the afternoon session's quietest stretch.
    let nowMs = Date.parse("2026-11-19T04:00:00Z");
    const counts = new Map<string, number>();
    // The test steps the feed at the default rate below.
    const feed = steppedFeed({
      seed: "board",
      now: () => nowMs,
      publish: (updates) => {
        for (const update of updates) counts.set(update.topic, (counts.get(update.topic) ?? 0) + 1);
      },
    });
    await feed.start();
    counts.clear();
    const seconds = 60;
    nowMs = stepFor(feed, nowMs, seconds);
    await feed.stop();
    const perSecond = (topic: string) => (counts.get(topic) ?? 0) / seconds;
    // Toyota's trades and its board: more than a 500 ms step could show (two a second at most).
    expect(perSecond("quote:JP:7203")).toBeGreaterThan(2.2);
    expect(perSecond("book:JP:7203")).toBeGreaterThan(3);
    // A thinly traded name prints now and then.
    expect(perSecond("quote:JP:2267")).toBeLessThan(1);
  });
});

describe("forming candles on the bus", () => {
  it("go out once a second while the quote goes out at every step, and a closing bar in its final state", async () => {
    // Thursday 19 November 2026, 10:00:30 in Tokyo: Toyota trades at nearly every step.
    let nowMs = Date.parse("2026-11-19T01:00:30Z");
    const updates: BusUpdate[] = [];
    const saves: StoredCandle[] = [];
    const feed = steppedFeed({
      seed: "candles",
      now: () => nowMs,
      saves,
      publish: (batch) => updates.push(...batch),
    });
    await feed.start();
    await feed.saved();
    updates.length = 0;
    saves.length = 0;
    // Sixty seconds, across the 10:01 minute's start.
    const seconds = 60;
    nowMs = stepFor(feed, nowMs, seconds);
    await feed.stop();
    const of = (topic: string) => updates.filter((update) => update.topic === topic);
    expect(of("quote:JP:7203").length / seconds).toBeGreaterThan(2.2);
    // Once a second, and once more for the bar that closed at 10:01 and the one that opened.
    expect(of("candle:JP:7203:1m").length).toBeLessThanOrEqual(seconds + 2);
    expect(of("candle:JP:7203:1m").length).toBeGreaterThan(seconds / 2);
    // The 10:00 bar's last state on the bus is the one saved as closed: no trade of its last
    // second is missing from a chart that watched it close.
    const closedAtMs = Date.parse("2026-11-19T01:00:00Z");
    const sent = of("candle:JP:7203:1m")
      .map((update) => update.data as { t: number; c: string; v: number })
      .filter((candle) => candle.t === closedAtMs)
      .at(-1);
    const saved = saves.find(
      (row) => row.symbol === "JP:7203" && row.interval === "1m" && row.candle.t === closedAtMs,
    );
    expect(saved).toBeDefined();
    expect(sent?.v).toBe(saved?.candle.v);
  });
});

describe("the PTS on the bus", () => {
  it("carries the PTS's phase on session:JP, publishes a new state at each change, and the PTS's quote and book", async () => {
    // Thursday 19 November 2026, 16:25 in Tokyo: between the PTS's day and night sessions.
    let nowMs = Date.parse("2026-11-19T07:25:00Z");
    const updates: BusUpdate[] = [];
    const feed = steppedFeed({ seed: "pts", now: () => nowMs, publish: (batch) => updates.push(...batch) });
    await feed.start();
    const sessions = (): SessionUpdate[] => updates.filter((update) => isUpdateOf(update, "session:JP"));
    const ptsPhase = (update: SessionUpdate | undefined) => update?.data.pts?.phase;
    // The first snapshot of every topic: the PTS closed, its quote and book there already.
    expect(sessions()).toHaveLength(1);
    expect(ptsPhase(sessions()[0])).toBe("closed");
    expect(sessions()[0]?.data.pts?.tradingDate).toBe("2026-11-20");
    expect(updates.some((update) => update.topic === "ptsquote:JP:7203")).toBe(true);
    expect(updates.some((update) => update.topic === "ptsbook:JP:7203")).toBe(true);
    expect(updates.some((update) => update.topic.startsWith("ptsquote:US:"))).toBe(false);
    updates.length = 0;

    // Still closed at 16:29: nothing new on session:JP, no PTS quote moves.
    for (
      nowMs = Date.parse("2026-11-19T07:29:00Z");
      nowMs < Date.parse("2026-11-19T07:30:00Z");
      nowMs += 1_000
    ) {
      feed.tick(nowMs);
    }
    expect(sessions()).toHaveLength(0);
    expect(updates.some((update) => update.topic.startsWith("ptsquote:"))).toBe(false);

    // 16:30: the night session begins, once; the PTS trades for ten minutes.
    for (; nowMs < Date.parse("2026-11-19T07:40:00Z"); nowMs += 1_000) feed.tick(nowMs);
    expect(sessions().map(ptsPhase)).toEqual(["night"]);
    const night = updates.filter((update) => isUpdateOf(update, "ptsquote:JP:7203"));
    expect(night.length).toBeGreaterThan(1);
    const seqs = night.map((update) => update.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const last = night.at(-1);
    const toyota = feed.state("JP:7203");
    expect(last?.data.prevClose).toBe(toyota?.instrument.grid.format(toyota.last));
    updates.length = 0;

    // 23:59: the night ends, once.
    for (
      nowMs = Date.parse("2026-11-19T14:58:00Z");
      nowMs < Date.parse("2026-11-19T15:00:00Z");
      nowMs += 1_000
    ) {
      feed.tick(nowMs);
    }
    expect(sessions().map(ptsPhase)).toEqual(["closed"]);
    await feed.stop();
  });
});
