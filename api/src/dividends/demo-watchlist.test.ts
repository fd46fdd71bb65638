import { createCatalog } from "@kabuto/feed";
import { addDays } from "@kabuto/shared/market/iso-date";
import { describe, expect, it } from "vitest";
import { demoWatchlist } from "../seed.ts";
import { announcedUpcoming } from "./dividends.service.ts";

describe("the demo watchlist", () => {
  it("has an announced dividend ahead on every day from 2026 to 2030, so a first start's calendar is never empty", () => {
    const catalog = createCatalog();
    const emptyDays: string[] = [];
    for (let day = "2026-01-01"; day < "2031-01-01"; day = addDays(day, 1)) {
      // What the calendar itself shows on that day, by the service's own rule.
      const announced = demoWatchlist.some((symbol) => announcedUpcoming(catalog, symbol, day).length > 0);
      if (!announced) emptyDays.push(day);
    }
    expect(emptyDays).toEqual([]);
  });
});
