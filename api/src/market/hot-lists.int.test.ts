import { createCatalog } from "@kabuto/feed";
import { marketDate } from "@kabuto/shared/market/calendar";
import type { InstrumentCatalog } from "@kabuto/shared/market/catalog";
import { addDays } from "@kabuto/shared/market/iso-date";
import type { Quote, SessionState } from "@kabuto/shared/protocol/market-data";
import { anySymbolSchema } from "@kabuto/shared/symbols";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { CandlesRepo } from "./candles.repo.ts";
import { MarketService } from "./market.service.ts";

let app: TestApp;
let seq = 0;

function quote(symbol: string, changePct: string, volume: number, turnover: number): Quote {
  return {
    symbol: anySymbolSchema.parse(symbol),
    last: "1000",
    open: "1000",
    high: "1000",
    low: "1000",
    prevClose: "1000",
    change: changePct,
    changePct,
    volume,
    turnover,
    limitUp: null,
    limitDown: null,
    tradeMs: Date.now(),
  };
}

function publishQuotes(quotes: Quote[], venue: "tse" | "pts" = "tse"): void {
  app.bus.publish(
    quotes.map((data) => ({
      topic: `${venue === "pts" ? "ptsquote" : "quote"}:${data.symbol}` as const,
      epoch: "e",
      seq: ++seq,
      ts: Date.now(),
      data,
    })),
  );
}

function publishSession(session: SessionState): void {
  app.bus.publish([
    { topic: `session:${session.market}` as const, epoch: "e", seq: ++seq, ts: Date.now(), data: session },
  ]);
}

const hot = async (query: string) => call(`${app.url}/market/hot-lists?${query}`, "GET");
const symbolsOf = (body: { items: { symbol: string }[] }) => body.items.map((item) => item.symbol);

beforeAll(async () => {
  app = await startTestApp();
  publishQuotes([
    quote("JP:7203", "2.50", 4_000_000, 10_400_000_000),
    quote("JP:6758", "-4.10", 9_000_000, 3_000_000_000),
    quote("JP:9984", "8.00", 1_000_000, 9_000_000_000),
    quote("JP:8306", "-0.50", 20_000_000, 30_000_000_000),
    // A US name moving more than all of them must not appear on a Tokyo list.
    quote("US:AAPL", "15.00", 90_000_000, 90_000_000_000),
  ]);
  publishSession({ market: "US", phase: "pre", tradingDate: "2026-11-25", nextChangeMs: null });
});
afterAll(async () => {
  await app?.close();
});

describe("hot lists over the bus's newest quotes", () => {
  it("ranks a market's gainers, losers, volume and turnover, and only that market's names", async () => {
    const gainers = await hot("market=JP&kind=gainers");
    expect(gainers.status).toBe(200);
    expect(symbolsOf(gainers.body)).toEqual(["JP:9984", "JP:7203"]);
    expect(symbolsOf((await hot("market=JP&kind=losers")).body)).toEqual(["JP:6758", "JP:8306"]);
    expect(symbolsOf((await hot("market=JP&kind=volume")).body)).toEqual([
      "JP:8306",
      "JP:6758",
      "JP:7203",
      "JP:9984",
    ]);
    expect(symbolsOf((await hot("market=JP&kind=turnover")).body)).toEqual([
      "JP:8306",
      "JP:7203",
      "JP:9984",
      "JP:6758",
    ]);
    expect(gainers.body.items[0].name.en).toBeTruthy();
  });

  it("follows the newest quote: a name that turns around changes lists", async () => {
    publishQuotes([quote("JP:6758", "9.99", 9_000_000, 3_000_000_000)]);
    await expect
      .poll(async () => symbolsOf((await hot("market=JP&kind=gainers")).body))
      .toEqual(["JP:6758", "JP:9984", "JP:7203"]);
    expect(symbolsOf((await hot("market=JP&kind=losers")).body)).toEqual(["JP:8306"]);
  });

  it("shows the market's session as the feed announced it, and none before it has", async () => {
    const us = await hot("market=US&kind=gainers&limit=1");
    expect(us.body.session).toMatchObject({ market: "US", phase: "pre" });
    expect(symbolsOf(us.body)).toEqual(["US:AAPL"]);
    expect((await hot("market=JP&kind=gainers")).body.session).toBeNull();
  });

  it("cuts the list at the limit asked for", async () => {
    expect(symbolsOf((await hot("market=JP&kind=volume&limit=2")).body)).toEqual(["JP:8306", "JP:6758"]);
  });

  it("ranks the night's movers at the PTS from its own quotes, for Tokyo's names only", async () => {
    publishQuotes(
      [quote("JP:8306", "3.20", 40_000, 80_000_000), quote("JP:9984", "-1.10", 10_000, 90_000_000)],
      "pts",
    );
    const gainers = await hot("market=JP&kind=gainers&venue=pts");
    expect(gainers.status).toBe(200);
    expect(gainers.body.venue).toBe("pts");
    // Only the names that moved at the PTS, with their PTS quotes, whatever the TSE did today.
    expect(symbolsOf(gainers.body)).toEqual(["JP:8306"]);
    expect(gainers.body.items[0].quote.changePct).toBe("3.20");
    expect(symbolsOf((await hot("market=JP&kind=losers&venue=pts")).body)).toEqual(["JP:9984"]);
    expect(symbolsOf((await hot("market=JP&kind=volume&venue=pts")).body)).toEqual(["JP:8306", "JP:9984"]);
    expect((await hot("market=JP&kind=gainers")).body.venue).toBe("tse");
    const us = await hot("market=US&kind=gainers&venue=pts");
    expect(us.status).toBe(400);
    expect(us.body.error.code).toBe("VENUE_INVALID");
    const unknown = await hot("market=JP&kind=gainers&venue=nasdaq");
    expect(unknown.status).toBe(400);
    expect(Object.keys(unknown.body.error.details.fields)).toContain("venue");
  });

  it("refuses an unknown market, list or limit, naming the field", async () => {
    for (const [query, field] of [
      ["market=HK&kind=gainers", "market"],
      ["market=JP&kind=hottest", "kind"],
      ["market=JP&kind=gainers&limit=500", "limit"],
    ] as const) {
      const refused = await hot(query);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(refused.body.error.details.fields)).toContain(field);
    }
  });
});

describe("new listings", () => {
  it("is empty today, looking back the default 90 days", async () => {
    const listed = await call(`${app.url}/market/new-listings`, "GET");
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([]);
    const today = [marketDate("JP", Date.now()), marketDate("US", Date.now())].sort()[0] ?? "";
    expect(listed.body.sinceDate).toBe(addDays(today, -90));
  });

  it("lists names dated within the window, newest first, and leaves out older listings", async () => {
    const base = createCatalog();
    const template = base.instrumentBySymbol.get("JP:7203");
    if (!template) throw new Error("the catalog lost Toyota");
    const todayJp = marketDate("JP", Date.now());
    const dated = [
      { ...template, symbol: anySymbolSchema.parse("JP:1111"), code: "1111", listedOn: addDays(todayJp, -3) },
      { ...template, symbol: anySymbolSchema.parse("JP:2222"), code: "2222", listedOn: addDays(todayJp, -1) },
      {
        ...template,
        symbol: anySymbolSchema.parse("JP:3333"),
        code: "3333",
        listedOn: addDays(todayJp, -400),
      },
    ];
    const catalog: InstrumentCatalog = { ...base, instruments: [...base.instruments, ...dated] };
    const service = new MarketService({
      catalog,
      bus: app.bus,
      candles: new CandlesRepo(app.database.db),
      now: Date.now,
    });
    const listed = await service.newListings({ market: "JP", days: 30 });
    expect(listed.items.map((item) => [item.symbol, item.listedOn])).toEqual([
      ["JP:2222", addDays(todayJp, -1)],
      ["JP:1111", addDays(todayJp, -3)],
    ]);
    expect((await service.newListings({ market: "US", days: 30 })).items).toEqual([]);
  });
});
