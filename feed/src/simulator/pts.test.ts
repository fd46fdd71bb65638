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
/**
 * Toyota (TOPIX 500, 0.1-yen PTS ticks), NTT (busy and cheap), Yakult (thin), Sony, Keyence (a
 * 1-yen PTS tick), and on the standard table Japan Display (19 yen) and Sakura Internet (0.5-yen
 * PTS ticks above 3,000 yen).
 */
const symbols = ["JP:7203", "JP:9432", "JP:2267", "JP:6758", "JP:6861", "JP:6740", "JP:3778"];

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
  symbols?: readonly string[];
}): Run {
  const simulator = new MarketSimulator({
    instruments: (options.symbols ?? symbols).map(pick),
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

/** Every price a quote and a book show is on the PTS grid, within the quote's limits, in whole units. */
function expectOnGridWithinLimits(quotes: readonly Quote[], books: readonly Book[]): void {
  const wrong: string[] = [];
  const limitsOf = new Map<string, { up: number; down: number }>();
  const check = (symbol: string, price: string) => {
    const limits = limitsOf.get(symbol);
    const at = units(price);
    const inside = !limits || (at <= limits.up && at >= limits.down);
    if (!isOnTick(ptsTable(symbol), at) || !inside) wrong.push(`${symbol} ${price}`);
  };
  for (const quote of quotes) {
    limitsOf.set(quote.symbol, { up: units(quote.limitUp ?? ""), down: units(quote.limitDown ?? "") });
    for (const price of [quote.last, quote.open, quote.high, quote.low]) check(quote.symbol, price);
  }
  for (const book of books) {
    for (const level of [...book.bids, ...book.asks]) {
      check(book.symbol, level.price);
      if (level.size % 100 !== 0) wrong.push(`${book.symbol} ${level.size} shares`);
    }
  }
  expect(wrong).toEqual([]);
}

const totalSize = (book: Book) => [...book.bids, ...book.asks].reduce((sum, level) => sum + level.size, 0);
const mid = (book: Book) => (units(book.asks[0]?.price ?? "0") + units(book.bids[0]?.price ?? "0")) / 2;
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
      const pts = state.pts as NonNullable<InstrumentState["pts"]>;
      // Same base and limits, and the PTS's board around the TSE's.
      expect(toPtsQuote(state.instrument, pts)).toMatchObject({
        prevClose: tse.prevClose,
        limitUp: tse.limitUp,
        limitDown: tse.limitDown,
      });
      const distance = Math.abs(mid(pts.book as Book) - mid(state.book as Book));
      expect(distance, state.instrument.symbol).toBeLessThanOrEqual(
        2 * state.instrument.grid.tickAt(state.last),
      );
    }
  });

  it("trades on its own in the TSE's lunch break", () => {
    const { ptsPrints, tsePrints, quotes, books } = run({
      fromMs: tokyo(day, "11:35"),
      steps: 600,
      stepMs: 1_000,
      tradingDate: day,
    });
    expect(tsePrints).toBe(0);
    expect(ptsPrints).toBeGreaterThan(5);
    expectOnGridWithinLimits(quotes, books);
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

  it("keeps every Tokyo name's PTS prices on its grid and within its limits, day and night", () => {
    const tokyoNames = catalog.simulated
      .filter((instrument) => instrument.market === "JP" && instrument.kind === "equity")
      .map((instrument) => instrument.symbol);
    for (const time of ["08:20", "10:00", "20:00"]) {
      const { quotes, books } = run({
        fromMs: tokyo(day, time),
        steps: 300,
        stepMs: 1_000,
        tradingDate: time === "08:20" ? "2026-11-18" : day,
        symbols: tokyoNames,
      });
      expect(new Set(books.map((book) => book.symbol)).size).toBeGreaterThan(tokyoNames.length / 2);
      expectOnGridWithinLimits(quotes, books);
    }
  });

  it("starts again at the TSE's last price after a restart, in the night with the TSE's close as its base", () => {
    // A feed restarting at 21:00 resumes each name's TSE state from its stored candles.
    const fromMs = tokyo(day, "21:00");
    const { simulator } = run({ fromMs, steps: 0, stepMs: 200, tradingDate: day, lastRatio: 1.05 });
    const ptsQuote = (state: InstrumentState) =>
      toPtsQuote(state.instrument, state.pts as NonNullable<InstrumentState["pts"]>);
    for (const state of simulator.states.values()) {
      expect(ptsQuote(state).last).toBe(state.instrument.grid.format(state.last));
    }
    simulator.step(fromMs + 200);
    for (const state of simulator.states.values()) {
      expect(ptsQuote(state).prevClose).toBe(state.instrument.grid.format(state.last));
    }
  });

  it("replays: the same seed and steps give the same PTS prices", () => {
    const options = { fromMs: tokyo(day, "20:00"), steps: 300, stepMs: 1_000, tradingDate: day };
    expect(run(options).quotes).toEqual(run(options).quotes);
  });
});
