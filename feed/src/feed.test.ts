import { describe, expect, it } from "vitest";
import type { StoredCandle } from "./candle-store.ts";
import { createCatalog } from "./catalog.ts";
import { Feed } from "./feed.ts";

describe("Feed", () => {
  it("saves every back-filled bar once, in batches, minute bars before a symbol's daily ones", async () => {
    const catalog = createCatalog();
    const saves: (readonly StoredCandle[])[] = [];
    const logs: string[] = [];
    const feed = new Feed({
      catalog,
      seed: "feed",
      alwaysOpen: false,
      stepMs: 500,
      now: () => Date.parse("2026-11-20T09:00:00Z"),
      history: { days: 10, minuteSessions: 1 },
      store: {
        save: async (rows) => {
          saves.push(rows);
        },
        newest: async () => [],
        lastDays: async () => new Map(),
      },
      publisher: { publish: () => {} },
      log: (message) => logs.push(message),
    });
    await feed.start();
    await feed.saved();
    const rows = saves.flat();
    await feed.stop();
    const keys = new Set(rows.map((row) => `${row.symbol}/${row.interval}/${row.candle.t}`));
    expect(keys.size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.symbol)).size).toBe(catalog.simulated.length);
    expect(saves.length).toBeGreaterThan(1);
    expect(saves.every((batch) => batch.length <= 5_000)).toBe(true);
    const toyota = rows.filter((row) => row.symbol === "JP:7203");
    const firstDaily = toyota.findIndex((row) => row.interval === "1d");
    expect(firstDaily).toBeGreaterThan(0);
    expect(toyota.slice(firstDaily).some((row) => row.interval === "1m")).toBe(false);
    expect(logs).toContain("history saved");
  });
});
