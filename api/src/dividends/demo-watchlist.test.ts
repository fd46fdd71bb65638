import { createCatalog } from "@kabuto/feed";
import { addDays, dividendsBetween } from "@kabuto/shared";
import { describe, expect, it } from "vitest";
import { demoWatchlist } from "../seed.ts";

describe("the demo watchlist", () => {
  it("has an announced dividend ahead on every day from 2026 to 2030, so a first start's calendar is never empty", () => {
    const catalog = createCatalog();
    const emptyDays: string[] = [];
    for (let day = "2026-01-01"; day < "2031-01-01"; day = addDays(day, 1)) {
      const announced = demoWatchlist.some((symbol) => {
        const instrument = catalog.instrumentBySymbol.get(symbol);
        const policy = catalog.dividendPolicy(symbol);
        if (!instrument || !policy) return false;
        return dividendsBetween(symbol, instrument.market, policy, addDays(day, 1), addDays(day, 200)).some(
          (event) => event.announceDate <= day,
        );
      });
      if (!announced) emptyDays.push(day);
    }
    expect(emptyDays).toEqual([]);
  });
});
