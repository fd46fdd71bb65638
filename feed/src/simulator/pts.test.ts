import { dailyLimitFor } from "@kabuto/shared/market/price-limits";
import { isOnTick, priceToUnits, type TickTable } from "@kabuto/shared/market/ticks";
import type { Book, Quote } from "@kabuto/shared/protocol/market-data";
import { describe, expect, it } from "vitest";
import { createCatalog } from "../catalog.ts";
import type { SimInstrument } from "./instruments.ts";
import { createSessionClock } from "./session-clock.ts";
import { type InstrumentState, MarketSimulator, type StartState, toPtsQuote, toQuote } from "./simulator.ts";

const catalog = createCatalog();
const pick = (symbol: string) => catalog.bySymbol.get(symbol) as SimInstrument;
/** A busy TOPIX 500 name (0.1-yen PTS ticks), a busy cheap one, a thin one, one on the standard table. */
const symbols = ["JP:7203", "JP:9432", "JP:2267", "JP:6758"];

/** Tokyo wall-clock time on a date, as epoch ms (Tokyo is UTC+9 all year). */
function tokyo(date: string, time: string): number {
  return Date.parse(`${date}T${time}:00+09:00`);
}

/** The TSE as a name left it: its last price, previous close and trading date. */
function tseStart(instrument: SimInstrument, tradingDate: string, lastRatio = 1): StartState {
  return {
    last: instrument.grid.round(instrument.refUnits * lastRatio),
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

interface Run {
  simulator: MarketSimulator;
  ptsPrints: number;
  tsePrints: number;
  /** Every PTS quote and book seen after a step that changed them. */
  quotes: Quote[];
  books: Book[];
  /** Steps in which a name's PTS touch beat the TSE's strictly, on either side. */
  better: number;
  /** Steps in which Tokyo's session (the TSE's or the PTS's phase) changed. */
  sessions: number;
}

function run(options: {
  fromMs: number;
  steps: number;
  stepMs: number;
  tradingDate: string;
  lastRatio?: number;
}): Run {
  const simulator = new MarketSimulator({
    instruments: symbols.map(pick),
    seed: "pts",
    clock: createSessionClock({ alwaysOpen: false }),
    startMs: options.fromMs,
    start: (instrument) => tseStart(instrument, options.tradingDate, options.lastRatio),
  });
  const result: Run = {
    simulator,
    ptsPrints: 0,
    tsePrints: 0,
    quotes: [],
    books: [],
    better: 0,
    sessions: 0,
  };
  for (let step = 1; step <= options.steps; step += 1) {
    const nowMs = options.fromMs + step * options.stepMs;
    const changes = simulator.step(nowMs);
    result.sessions += changes.sessions.filter((market) => market === "JP").length;
    result.tsePrints += changes.moved.length;
    for (const symbol of [...changes.ptsMoved, ...changes.ptsRebooked]) {
      const state = simulator.states.get(symbol) as InstrumentState;
      const pts = state.pts;
      if (!pts?.book) continue;
      if (changes.ptsMoved.includes(symbol)) {
        result.ptsPrints += pts.tradeMs === nowMs ? 1 : 0;
        result.quotes.push(toPtsQuote(state.instrument, pts));
      }
      result.books.push(pts.book);
      if (state.book && beats(pts.book, state.book)) result.better += 1;
    }
  }
  return result;
}

const units = (price: string) => priceToUnits(price, "JP") as number;

function beats(pts: Book, tse: Book): boolean {
  const [ptsBid, ptsAsk, tseBid, tseAsk] = [pts.bids[0], pts.asks[0], tse.bids[0], tse.asks[0]];
  return (
    (ptsAsk !== undefined && tseAsk !== undefined && units(ptsAsk.price) < units(tseAsk.price)) ||
    (ptsBid !== undefined && tseBid !== undefined && units(ptsBid.price) > units(tseBid.price))
  );
}

function ptsTable(symbol: string): TickTable {
  return pick(symbol).ptsTable as TickTable;
}

/** Every price a quote and a book show is on the PTS grid, within the quote's limits. */
function expectOnGridWithinLimits(quotes: readonly Quote[], books: readonly Book[]): void {
  const limitsOf = new Map<string, { up: number; down: number }>();
  for (const quote of quotes) {
    const table = ptsTable(quote.symbol);
    const limits = { up: units(quote.limitUp ?? ""), down: units(quote.limitDown ?? "") };
    limitsOf.set(quote.symbol, limits);
    for (const price of [quote.last, quote.open, quote.high, quote.low]) {
      expect(isOnTick(table, units(price)), `${quote.symbol} ${price}`).toBe(true);
      expect(units(price)).toBeLessThanOrEqual(limits.up);
      expect(units(price)).toBeGreaterThanOrEqual(limits.down);
    }
  }
  for (const book of books) {
    const table = ptsTable(book.symbol);
    const limits = limitsOf.get(book.symbol);
    for (const level of [...book.bids, ...book.asks]) {
      expect(isOnTick(table, units(level.price)), `${book.symbol} ${level.price}`).toBe(true);
      expect(level.size % 100).toBe(0);
      if (limits) expect(units(level.price)).toBeLessThanOrEqual(limits.up);
      if (limits) expect(units(level.price)).toBeGreaterThanOrEqual(limits.down);
    }
  }
}

const totalSize = (book: Book) => [...book.bids, ...book.asks].reduce((sum, level) => sum + level.size, 0);
const spread = (book: Book) => units(book.asks[0]?.price ?? "0") - units(book.bids[0]?.price ?? "0");

// Thursday 19 November 2026, a TSE business day; Monday 23 November is a holiday.
const day = "2026-11-19";

describe("the PTS", () => {
  it("is quiet at 08:19, before its day session", () => {
    const { ptsPrints, quotes, books, simulator } = run({
      fromMs: tokyo(day, "08:19"),
      steps: 110,
      stepMs: 500,
      tradingDate: "2026-11-18",
    });
    expect(ptsPrints).toBe(0);
    expect(quotes).toEqual([]);
    expect(books).toEqual([]);
    for (const state of simulator.states.values()) expect(state.pts?.volume).toBe(0);
  });

  it("trades on its own from 08:20, on its grid, from the TSE's coming base price, with a thinner and wider book", () => {
    const { ptsPrints, tsePrints, quotes, books, simulator } = run({
      fromMs: tokyo(day, "08:20"),
      steps: 600,
      stepMs: 1_000,
      tradingDate: "2026-11-18",
      lastRatio: 1.02,
    });
    // The TSE opens at 09:00: until then only the PTS trades.
    expect(tsePrints).toBe(0);
    expect(ptsPrints).toBeGreaterThan(10);
    expectOnGridWithinLimits(quotes, books);
    const toyota = simulator.states.get("JP:7203") as InstrumentState;
    // The TSE's day has not begun: its last price is the coming day's base.
    expect(toyota.pts?.prevClose).toBe(toyota.last);
    const limit = dailyLimitFor("JP", "topix500", toyota.last);
    expect(toyota.pts?.limits).toEqual({ up: limit?.upUnits, down: limit?.downUnits });
    const ptsBook = toyota.pts?.book as Book;
    const tseBook = toyota.book as Book;
    expect(ptsBook.bids).toHaveLength(5);
    expect(ptsBook.asks).toHaveLength(5);
    expect(totalSize(ptsBook)).toBeLessThan(totalSize(tseBook));
    expect(spread(ptsBook)).toBeGreaterThan(spread(tseBook));
  });

  it("moves with the TSE in the TSE's session, prints about a tenth as often, and now and then quotes better", () => {
    const { ptsPrints, tsePrints, quotes, books, better, simulator } = run({
      fromMs: tokyo(day, "09:30"),
      steps: 1_200,
      stepMs: 500,
      tradingDate: day,
    });
    expectOnGridWithinLimits(quotes, books);
    expect(ptsPrints / tsePrints).toBeGreaterThan(0.05);
    expect(ptsPrints / tsePrints).toBeLessThan(0.2);
    expect(better).toBeGreaterThan(0);
    for (const state of simulator.states.values()) {
      const tse = toQuote(state);
      const pts = toPtsQuote(state.instrument, state.pts as NonNullable<InstrumentState["pts"]>);
      // Same base, and the PTS's price close to the TSE's.
      expect(pts.prevClose).toBe(tse.prevClose);
      expect(Math.abs(units(pts.last) / units(tse.last) - 1)).toBeLessThan(0.01);
    }
  });

  it("is closed at 16:10, between its sessions", () => {
    const { ptsPrints, quotes, books } = run({
      fromMs: tokyo(day, "16:10"),
      steps: 600,
      stepMs: 1_000,
      tradingDate: day,
    });
    expect(ptsPrints).toBe(0);
    expect(quotes).toEqual([]);
    expect(books).toEqual([]);
  });

  it("trades at 20:00 while the TSE is shut, from the TSE's close as its base, for the next business day", () => {
    const { ptsPrints, tsePrints, quotes, books, simulator } = run({
      fromMs: tokyo(day, "20:00"),
      steps: 1_800,
      stepMs: 1_000,
      tradingDate: day,
      lastRatio: 0.97,
    });
    expect(tsePrints).toBe(0);
    expect(ptsPrints).toBeGreaterThan(5);
    expectOnGridWithinLimits(quotes, books);
    for (const state of simulator.states.values()) {
      const pts = state.pts as NonNullable<InstrumentState["pts"]>;
      // The night's base is the TSE's close that day (its last), not its previous close.
      expect(pts.prevClose).toBe(state.last);
      expect(pts.prevClose).not.toBe(state.prevClose);
      expect(pts.session).toBe("night/2026-11-20");
      const limit = dailyLimitFor(
        "JP",
        state.instrument.ptsTable === "pts_topix500" ? "topix500" : "tse",
        state.last,
      );
      expect(pts.limits).toEqual({ up: limit?.upUnits, down: limit?.downUnits });
    }
    // The PTS walks on its own: Toyota's night price leaves the TSE's close.
    const toyota = simulator.states.get("JP:7203") as InstrumentState;
    expect(toyota.pts?.last).not.toBe(toyota.last);
    expect(toyota.pts?.volume).toBeGreaterThan(0);
  });

  it("is closed at 23:59, after its night session", () => {
    const { ptsPrints, quotes } = run({
      fromMs: tokyo(day, "23:59"),
      steps: 100,
      stepMs: 500,
      tradingDate: day,
    });
    expect(ptsPrints).toBe(0);
    expect(quotes).toEqual([]);
  });

  it("is closed all day on a TSE holiday", () => {
    for (const time of ["08:30", "13:00", "20:00"]) {
      const { ptsPrints, quotes } = run({
        fromMs: tokyo("2026-11-23", time),
        steps: 600,
        stepMs: 1_000,
        tradingDate: "2026-11-20",
      });
      expect(ptsPrints).toBe(0);
      expect(quotes).toEqual([]);
    }
  });

  it("starts each session's statistics afresh and reports each phase change as a JP session change", () => {
    // From 15:25 through the end of the day session and the start of the night's, a minute a step.
    const { simulator, sessions } = run({
      fromMs: tokyo(day, "15:25"),
      steps: 70,
      stepMs: 60_000,
      tradingDate: day,
    });
    // 15:30 (TSE closes), 16:00 (PTS day ends), 16:30 (PTS night begins), plus the first step's.
    expect(sessions).toBe(4);
    const toyota = simulator.states.get("JP:7203") as InstrumentState;
    expect(toyota.pts?.session).toBe("night/2026-11-20");
    expect(toyota.pts?.prevClose).toBe(toyota.last);
  });

  it("replays: the same seed and steps give the same PTS prices", () => {
    const options = { fromMs: tokyo(day, "20:00"), steps: 300, stepMs: 1_000, tradingDate: day };
    expect(run(options).quotes).toEqual(run(options).quotes);
  });
});
