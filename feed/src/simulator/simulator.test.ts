import { isOnTick, priceToUnits } from "@kabuto/shared/market/ticks";
import type { Book } from "@kabuto/shared/protocol/market-data";
import { describe, expect, it } from "vitest";
import { createCatalog } from "../catalog.ts";
import type { SimInstrument } from "./instruments.ts";
import { createSessionClock } from "./session-clock.ts";
import { MarketSimulator, type StartState, toQuote } from "./simulator.ts";

const catalog = createCatalog();
/** Whether the catalog lists a name on the TOPIX 500 table (the rest trade on the standard one). */
const isOnTopix500 = (instrument: SimInstrument) =>
  catalog.instrumentBySymbol.get(instrument.symbol)?.tickTable === "topix500";
const pick = (symbol: string) => catalog.bySymbol.get(symbol) as SimInstrument;

function startAt(instrument: SimInstrument, tradingDate: string): StartState {
  return {
    last: instrument.refUnits,
    prevClose: instrument.refUnits,
    open: 0,
    high: 0,
    low: 0,
    volume: 0,
    turnover: 0,
    tradingDate,
    tradeMs: 0,
    candles: {},
  };
}

function simulate(options: {
  seed: string;
  fromMs: number;
  steps: number;
  stepMs: number;
  alwaysOpen?: boolean;
  symbols?: string[];
}) {
  const instruments = (options.symbols ?? ["JP:7203", "US:AAPL", "IDX:N225", "FX:USDJPY"]).map(pick);
  const simulator = new MarketSimulator({
    instruments,
    seed: options.seed,
    clock: createSessionClock({ alwaysOpen: options.alwaysOpen ?? false }),
    startMs: options.fromMs,
    start: (instrument) => startAt(instrument, "2026-11-18"),
  });
  const prints: { symbol: string; last: number; ms: number }[] = [];
  for (let step = 1; step <= options.steps; step += 1) {
    const nowMs = options.fromMs + step * options.stepMs;
    for (const symbol of simulator.step(nowMs).moved) {
      prints.push({ symbol, last: simulator.states.get(symbol)?.last ?? 0, ms: nowMs });
    }
  }
  return { simulator, prints };
}

// Thursday 19 Nov 2026, 09:00 JST.
const tokyoOpen = Date.parse("2026-11-19T00:00:00Z");

describe("MarketSimulator", () => {
  it("replays: the same seed and steps give the same prices, another seed others", () => {
    const a = simulate({ seed: "s1", fromMs: tokyoOpen, steps: 400, stepMs: 500 });
    const b = simulate({ seed: "s1", fromMs: tokyoOpen, steps: 400, stepMs: 500 });
    const c = simulate({ seed: "s2", fromMs: tokyoOpen, steps: 400, stepMs: 500 });
    expect(a.prints.length).toBeGreaterThan(50);
    expect(b.prints).toEqual(a.prints);
    expect(c.prints).not.toEqual(a.prints);
  });

  it("prints JP prices only on the tick grid and inside the daily limits", () => {
    const symbols = catalog.simulated.filter(
      (instrument) => instrument.market === "JP" && instrument.kind === "equity",
    );
    const { simulator } = simulate({
      seed: "grid",
      fromMs: tokyoOpen,
      steps: 2_000,
      stepMs: 500,
      symbols: symbols.slice(0, 40).map((instrument) => instrument.symbol),
    });
    for (const state of simulator.states.values()) {
      const instrument = catalog.instrumentBySymbol.get(state.instrument.symbol);
      const quote = toQuote(state);
      const last = priceToUnits(quote.last, "JP") as number;
      expect(isOnTick(instrument?.tickTable ?? "tse", last)).toBe(true);
      expect(last).toBeLessThanOrEqual(priceToUnits(quote.limitUp ?? "", "JP") as number);
      expect(last).toBeGreaterThanOrEqual(priceToUnits(quote.limitDown ?? "", "JP") as number);
    }
  });

  it("keeps the board on the grid across a tick band's top: ¥3,000 is followed by ¥3,005 on the standard table", () => {
    const standard = catalog.simulated.find(
      (instrument) => instrument.market === "JP" && instrument.kind === "equity" && !isOnTopix500(instrument),
    ) as SimInstrument;
    const atEdge = priceToUnits("3000", "JP") as number;
    const asks = new Set<string>();
    for (let seed = 0; seed < 20; seed += 1) {
      const simulator = new MarketSimulator({
        instruments: [standard],
        seed: `edge-${seed}`,
        clock: createSessionClock({ alwaysOpen: false }),
        startMs: tokyoOpen,
        start: () => ({ ...startAt(standard, "2026-11-18"), last: atEdge, prevClose: atEdge }),
      });
      const book = simulator.states.get(standard.symbol)?.book as Book;
      for (const level of [...book.bids, ...book.asks])
        expect(isOnTick("tse", priceToUnits(level.price, "JP") as number), level.price).toBe(true);
      asks.add(book.asks[0]?.price ?? "");
    }
    // The touch sat on the band's top in some seeds: the ask above ¥3,000 is ¥3,005.
    expect(asks).toContain("3005");
  });

  it("does not trade Tokyo names during the lunch break or after the close, and does trade in the sessions", () => {
    const lunch = Date.parse("2026-11-19T02:35:00Z"); // 11:35 JST
    const evening = Date.parse("2026-11-19T07:00:00Z"); // 16:00 JST
    const symbols = ["JP:7203", "JP:6758", "JP:8306"];
    expect(simulate({ seed: "x", fromMs: lunch, steps: 600, stepMs: 500, symbols }).prints).toEqual([]);
    expect(simulate({ seed: "x", fromMs: evening, steps: 600, stepMs: 500, symbols }).prints).toEqual([]);
    expect(
      simulate({ seed: "x", fromMs: tokyoOpen, steps: 600, stepMs: 500, symbols }).prints.length,
    ).toBeGreaterThan(0);
  });

  it("trades US names in pre-market but not on a Saturday, and every session in always-open mode", () => {
    const preMarket = Date.parse("2026-11-19T10:00:00Z"); // 05:00 ET
    const saturday = Date.parse("2026-11-21T16:00:00Z");
    const symbols = ["US:AAPL", "US:MSFT", "US:NVDA"];
    expect(
      simulate({ seed: "x", fromMs: preMarket, steps: 1_200, stepMs: 500, symbols }).prints.length,
    ).toBeGreaterThan(0);
    expect(simulate({ seed: "x", fromMs: saturday, steps: 600, stepMs: 500, symbols }).prints).toEqual([]);
    expect(
      simulate({ seed: "x", fromMs: saturday, steps: 600, stepMs: 500, symbols, alwaysOpen: true }).prints
        .length,
    ).toBeGreaterThan(0);
  });

  it("prints as often as turnover and time of day say, at most once a step: busy names several times a second", () => {
    const midday = Date.parse("2026-11-19T04:30:00Z"); // 13:30 JST
    const symbols = ["JP:7203", "JP:9432", "JP:2695"];
    const steps = 1_200; // ten minutes of 500 ms steps
    const { prints } = simulate({ seed: "rate", fromMs: midday, steps, stepMs: 500, symbols });
    const perTenSeconds = (symbol: string) =>
      prints.filter((print) => print.symbol === symbol).length / (steps / 20);
    // Toyota turns over some ¥60bn a day: it prints in most steps even in the midday lull.
    expect(perTenSeconds("JP:7203")).toBeGreaterThan(12);
    // NTT at ¥150 trades in lots, not in value: its many small prints make it as busy.
    expect(perTenSeconds("JP:9432")).toBeGreaterThan(12);
    // A thin name trades a few times a minute at most.
    expect(perTenSeconds("JP:2695")).toBeLessThan(1);
    const perStep = new Set(prints.map((print) => `${print.symbol}@${print.ms}`));
    expect(perStep.size).toBe(prints.length);
  });

  it("trades about a day's average volume over a Tokyo session, whatever the step", () => {
    const toyota = pick("JP:7203");
    for (const stepMs of [500, 5_000]) {
      const steps = (6.5 * 3_600_000) / stepMs; // 09:00 to 15:30 JST
      const { simulator } = simulate({ seed: "day", fromMs: tokyoOpen, steps, stepMs, symbols: ["JP:7203"] });
      const volume = simulator.states.get("JP:7203")?.volume ?? 0;
      expect(volume / toyota.avgDailyVolume).toBeGreaterThan(0.7);
      expect(volume / toyota.avgDailyVolume).toBeLessThan(1.3);
    }
  });

  it("keeps five levels a side with best bid below best ask and sizes in whole lots", () => {
    const { simulator } = simulate({
      seed: "book",
      fromMs: tokyoOpen,
      steps: 300,
      stepMs: 500,
      symbols: ["JP:7203", "US:AAPL"],
    });
    for (const state of simulator.states.values()) {
      const book = state.book as Book;
      expect(book.bids).toHaveLength(5);
      expect(book.asks).toHaveLength(5);
      const bids = book.bids.map((level) => Number(level.price));
      const asks = book.asks.map((level) => Number(level.price));
      expect(bids[0]).toBeLessThan(asks[0] as number);
      expect(bids).toEqual([...bids].sort((x, y) => y - x));
      expect(asks).toEqual([...asks].sort((x, y) => x - y));
      for (const level of [...book.bids, ...book.asks]) expect(level.size % state.instrument.lot).toBe(0);
    }
  });

  it("rolls the day: the previous close becomes the last price of the day before", () => {
    const { simulator } = simulate({
      seed: "roll",
      fromMs: tokyoOpen,
      steps: 20,
      stepMs: 500,
      symbols: ["JP:7203"],
    });
    const state = simulator.states.get("JP:7203");
    expect(state?.tradingDate).toBe("2026-11-19");
    expect(state?.prevClose).toBe(pick("JP:7203").refUnits);
  });

  it("moves the Nikkei with its members and keeps it at two decimals", () => {
    const { prints } = simulate({
      seed: "idx",
      fromMs: tokyoOpen,
      steps: 200,
      stepMs: 500,
      symbols: ["JP:7203", "IDX:N225"],
    });
    const index = prints.filter((print) => print.symbol === "IDX:N225");
    expect(index.length).toBeGreaterThan(100);
    expect(new Set(index.map((print) => print.last)).size).toBeGreaterThan(10);
  });
});
