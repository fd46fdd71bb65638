import type { UnitCandle } from "@kabuto/shared/market/catalog";
import type {
  Book,
  CandleInterval,
  PtsPhase,
  Quote,
  SessionPhase,
} from "@kabuto/shared/protocol/market-data";
import { candleIntervals } from "@kabuto/shared/protocol/market-data";
import type { Market } from "@kabuto/shared/symbols";
import { applyTrade, bucketStart, openCandle } from "../candles/buckets.ts";
import {
  bookMeanLots,
  ordersPerPrint,
  printChanceIn,
  regularSessionSeconds,
  sizeAt,
  tradingYearMs,
} from "./activity.ts";
import { clampToBand, type SimInstrument } from "./instruments.ts";
import { createRandom, type Random } from "./prng.ts";
import { type PtsState, startPts, stepPts } from "./pts.ts";
import type { PhaseNow, SessionClock } from "./session-clock.ts";
import { intensity } from "./volume-profile.ts";

/**
 * The TSE's auctions' share of a name's average day, in shares: the opening cross (itayose at 9:00)
 * and the closing cross at 15:30, which is larger, as on the real exchange.
 */
const crossShare = { open: 0.03, close: 0.06 } as const;

/** A step longer than this (a sleeping laptop, a paused debugger) is treated as this long, so prices never jump. */
const stepMsMax = 5_000;

export interface InstrumentState {
  instrument: SimInstrument;
  rng: Random;
  /** The continuous price the market drifts around, in units; trades print it on the grid. */
  fair: number;
  last: number;
  open: number;
  high: number;
  low: number;
  prevClose: number;
  volume: number;
  turnover: number;
  tradingDate: string;
  tradeMs: number;
  limits: { up: number; down: number } | null;
  candles: Map<CandleInterval, UnitCandle>;
  book: Book | null;
  /** The middle of the book's best bid and ask, in units (its last price before it has a book). */
  bookMid: number;
  /** Tokyo's equities: the same name at the PTS, the second venue (`pts.ts`). */
  pts?: PtsState;
  /** The auction the last trade was (`crossAt`); undefined after a continuous trade. */
  cross?: { kind: "open" | "close"; tradingDate: string; units: number; shares: number } | undefined;
}

export interface ClosedCandle {
  symbol: string;
  interval: CandleInterval;
  candle: UnitCandle;
}

export interface StepResult {
  /** Symbols that traded (or, for indices and FX, moved) in this step. */
  moved: string[];
  /** Equities whose book changed in this step without a trade: orders arrived or were cancelled. */
  rebooked: string[];
  /** Candles that ended in this step: the feed persists them. */
  closed: ClosedCandle[];
  /** Markets whose phase changed in this step (JP also when the PTS's did). */
  sessions: Market[];
  /** Tokyo names whose PTS quote changed (a print, or a new session's base), with their PTS book. */
  ptsMoved: string[];
  /** Tokyo names whose PTS book alone changed. */
  ptsRebooked: string[];
}

/** The state an instrument starts from: a back-filled history or the last persisted one. */
export interface StartState {
  last: number;
  prevClose: number;
  open: number;
  high: number;
  low: number;
  volume: number;
  turnover: number;
  tradingDate: string;
  tradeMs: number;
  candles: Partial<Record<CandleInterval, UnitCandle>>;
}

export class MarketSimulator {
  readonly states = new Map<string, InstrumentState>();
  private readonly clock: SessionClock;
  private lastStepMs: number;
  private readonly phases = new Map<Market, SessionPhase>();
  private ptsPhase: PtsPhase | undefined;
  private readonly seed: string;

  constructor(options: {
    instruments: readonly SimInstrument[];
    seed: string;
    clock: SessionClock;
    startMs: number;
    start: (instrument: SimInstrument) => StartState;
  }) {
    this.clock = options.clock;
    this.lastStepMs = options.startMs;
    this.seed = options.seed;
    for (const instrument of options.instruments) this.add(instrument, options.start(instrument));
  }

  /** Starts simulating an instrument from `start`: at construction, or a new listing at run time. */
  add(instrument: SimInstrument, start: StartState): InstrumentState {
    const state: InstrumentState = {
      instrument,
      rng: createRandom(`${this.seed}/live/${instrument.symbol}/${start.tradeMs}`),
      fair: start.last,
      ...start,
      limits: instrument.grid.limits(start.prevClose),
      candles: new Map(Object.entries(start.candles) as [CandleInterval, UnitCandle][]),
      book: null,
      bookMid: start.last,
    };
    state.book = buildBook(state);
    const pts = startPts(instrument, start, state.limits, this.seed);
    if (pts) state.pts = pts;
    this.states.set(instrument.symbol, state);
    return state;
  }

  /**
   * A new share's first day: no trade yet, the offer price as the reference, and an opening found
   * by price discovery anywhere in `range` (TSE: 0.25× to 4× the offer price). The first print
   * lands near a fair price drawn once from the seed: Japanese IPOs open above their offer price
   * more often than not, so the draw leans up. No book is shown before that first trade.
   */
  addListing(
    instrument: SimInstrument,
    listing: { offerUnits: number; listingDate: string; listingMs: number },
    range: { low: number; high: number },
  ): InstrumentState {
    const { offerUnits } = listing;
    const state = this.add(instrument, {
      last: offerUnits,
      prevClose: offerUnits,
      open: 0,
      high: 0,
      low: 0,
      volume: 0,
      turnover: 0,
      tradingDate: listing.listingDate,
      tradeMs: listing.listingMs,
      candles: {},
    });
    const rng = createRandom(`${this.seed}/listing/${instrument.symbol}`);
    const discovered = offerUnits * Math.exp(0.2 + 0.5 * rng.normal());
    const low = instrument.grid.round(offerUnits * range.low);
    const high = instrument.grid.round(offerUnits * range.high);
    state.limits = { up: high, down: low };
    state.fair = Math.min(high, Math.max(low, discovered));
    // No book until the first trade: a market order has no price to fill at (PRICE_UNAVAILABLE)
    // while the opening is being discovered; limit orders wait for it.
    state.book = null;
    if (state.pts) state.pts.book = null;
    return state;
  }

  phase(market: Market): SessionPhase {
    return this.phases.get(market) ?? "closed";
  }

  /** Advances every instrument to `nowMs`. Deterministic for a given seed and sequence of step times. */
  step(nowMs: number): StepResult {
    const stepMs = Math.min(Math.max(nowMs - this.lastStepMs, 0), stepMsMax);
    this.lastStepMs = nowMs;
    const result: StepResult = {
      moved: [],
      rebooked: [],
      closed: [],
      sessions: [],
      ptsMoved: [],
      ptsRebooked: [],
    };
    const phases = new Map<Market, PhaseNow>();
    let tokyoCross: "open" | "close" | undefined;
    for (const market of ["JP", "US"] as const) {
      const phase = this.clock.equity(market, nowMs);
      phases.set(market, phase);
      const before = this.phases.get(market);
      if (market === "JP") tokyoCross = crossAt(before, phase.phase);
      if (before !== phase.phase) {
        this.phases.set(market, phase.phase);
        result.sessions.push(market);
      }
    }
    const pts = this.clock.pts(nowMs);
    if (this.ptsPhase !== pts.phase) {
      this.ptsPhase = pts.phase;
      if (!result.sessions.includes("JP")) result.sessions.push("JP");
    }
    const fx = this.clock.fx(nowMs);
    const drift = new Map<Market, { sum: number; count: number }>();
    for (const state of this.states.values()) {
      const { instrument } = state;
      if (instrument.kind !== "equity") continue;
      const phase = phases.get(instrument.market) as PhaseNow;
      // The step of an auction is the auction alone: its print stays the quote's last trade.
      const crossing = instrument.market === "JP" ? tokyoCross : undefined;
      if (crossing) this.cross(state, crossing, phase, nowMs, result);
      const moved = crossing ? 0 : this.stepEquity(state, phase, stepMs, nowMs, result);
      // After the TSE's step, so a new day's base price is there for the PTS's day session.
      const ptsChange = stepPts(state, pts, phase, stepMs, nowMs);
      if (ptsChange === "quote") result.ptsMoved.push(instrument.symbol);
      if (ptsChange === "book") result.ptsRebooked.push(instrument.symbol);
      const bucket = drift.get(instrument.market) ?? { sum: 0, count: 0 };
      bucket.sum += moved;
      bucket.count += 1;
      drift.set(instrument.market, bucket);
    }
    for (const state of this.states.values()) {
      const { instrument } = state;
      if (instrument.kind === "index") {
        const bucket = drift.get(instrument.market);
        const marketReturn = bucket && bucket.count > 0 ? bucket.sum / bucket.count : 0;
        this.stepIndex(state, phases.get(instrument.market) as PhaseNow, marketReturn, stepMs, nowMs, result);
      } else if (instrument.kind === "fx") {
        this.stepFx(state, fx, stepMs, nowMs, result);
      }
    }
    return result;
  }

  /** Returns the log-return of the fair price in this step (0 when closed). */
  private stepEquity(
    state: InstrumentState,
    phase: PhaseNow,
    stepMs: number,
    nowMs: number,
    result: StepResult,
  ): number {
    const weight = intensity(phase.phase, phase.fraction);
    if (weight === 0 || stepMs === 0) return 0;
    this.rollDay(state, phase.tradingDate);
    const { instrument, rng } = state;
    const volScale = phase.phase === "regular" ? 1 : 0.4;
    const sigma = instrument.annualVol * volScale * Math.sqrt(stepMs / tradingYearMs);
    const logReturn = sigma * rng.normal();
    state.fair = clampToLimits(state, state.fair * Math.exp(logReturn));
    const stepSeconds = stepMs / 1000;
    // Shares this step trades on average; it prints as one aggregated trade, or none.
    const stepShares =
      (instrument.avgDailyVolume * weight * stepSeconds) / regularSessionSeconds[instrument.market];
    const printChance = printChanceIn(instrument, weight, stepSeconds);
    if (rng.next() >= printChance) {
      // Between prints the board still moves: orders arrive and are cancelled more often than
      // trades print, so a busy name's book changes several times a second, as on a real board.
      if (state.book && rng.next() < printChanceIn(instrument, weight * ordersPerPrint, stepSeconds)) {
        state.book = buildBook(state);
        result.rebooked.push(instrument.symbol);
      }
      return logReturn;
    }
    const price = clampToLimits(state, instrument.grid.round(state.fair));
    const meanLots = stepShares / printChance / instrument.lot;
    const lots = Math.max(1, Math.round(-Math.log(1 - rng.next()) * meanLots));
    this.trade(state, price, lots * instrument.lot, nowMs, result);
    state.book = buildBook(state);
    return logReturn;
  }

  private stepIndex(
    state: InstrumentState,
    phase: PhaseNow,
    marketReturn: number,
    stepMs: number,
    nowMs: number,
    result: StepResult,
  ): void {
    if (phase.phase !== "regular" || stepMs === 0) return;
    this.rollDay(state, phase.tradingDate);
    const { instrument, rng } = state;
    // Averaging many names cancels their own noise; the index keeps the common part and a little of its own.
    const own = instrument.annualVol * 0.35 * Math.sqrt(stepMs / tradingYearMs) * rng.normal();
    state.fair *= Math.exp((instrument.beta ?? 1) * marketReturn * 4 + own);
    this.trade(state, instrument.grid.round(state.fair), 0, nowMs, result);
  }

  private stepFx(state: InstrumentState, phase: PhaseNow, stepMs: number, nowMs: number, result: StepResult) {
    if (phase.phase !== "regular" || stepMs === 0) return;
    this.rollDay(state, phase.tradingDate);
    const { instrument, rng } = state;
    // FX trades around the clock: a year is 260 days of 24 hours.
    const sigma = instrument.annualVol * Math.sqrt(stepMs / (260 * 24 * 3_600_000));
    state.fair = clampToBand(instrument, state.fair * Math.exp(sigma * rng.normal()));
    if (rng.next() < 0.5) return;
    this.trade(state, instrument.grid.round(state.fair), 0, nowMs, result);
  }

  /**
   * The TSE's opening or closing auction of a name: one print at the fair price on the grid,
   * within the day's limits, of the auction's share of an average day (`crossShare`), marked as
   * the cross it is. A name not yet traded (a new listing before its first trade) has none.
   */
  private cross(
    state: InstrumentState,
    kind: "open" | "close",
    phase: PhaseNow,
    nowMs: number,
    result: StepResult,
  ): void {
    if (!state.book) return;
    if (kind === "open") this.rollDay(state, phase.tradingDate);
    const { instrument } = state;
    const tradingDate = state.tradingDate;
    const units = clampToLimits(state, instrument.grid.round(state.fair));
    const lots = Math.max(1, Math.round((instrument.avgDailyVolume * crossShare[kind]) / instrument.lot));
    const shares = lots * instrument.lot;
    this.trade(state, units, shares, nowMs, result);
    state.cross = { kind, tradingDate, units, shares };
    state.book = buildBook(state);
  }

  private rollDay(state: InstrumentState, tradingDate: string): void {
    if (state.tradingDate === tradingDate) return;
    state.tradingDate = tradingDate;
    state.prevClose = state.last;
    state.open = 0;
    state.high = 0;
    state.low = 0;
    state.volume = 0;
    state.turnover = 0;
    state.limits = state.instrument.grid.limits(state.prevClose);
    // An ex-dividend day opens lower by the dividend, as a real price does; the previous close
    // (and with it the day's change and limits) stays as it was, and no past bar is adjusted.
    const dividend = state.instrument.exDividendUnits?.(tradingDate) ?? 0;
    if (dividend > 0) state.fair = clampToLimits(state, Math.max(state.fair - dividend, 1));
  }

  private trade(
    state: InstrumentState,
    price: number,
    shares: number,
    nowMs: number,
    result: StepResult,
  ): void {
    const { instrument } = state;
    state.last = price;
    state.cross = undefined;
    if (state.open === 0) {
      state.open = price;
      state.high = price;
      state.low = price;
    }
    if (price > state.high) state.high = price;
    if (price < state.low) state.low = price;
    state.volume += shares;
    state.turnover += (price / instrument.grid.scale) * shares;
    state.tradeMs = nowMs;
    for (const interval of candleIntervals) {
      const t = bucketStart(interval, instrument.zone, nowMs);
      const candle = state.candles.get(interval);
      if (candle?.t === t) {
        applyTrade(candle, price, shares);
        continue;
      }
      if (candle) result.closed.push({ symbol: instrument.symbol, interval, candle });
      state.candles.set(interval, openCandle(t, price, shares));
    }
    result.moved.push(instrument.symbol);
  }
}

function clampToLimits(state: InstrumentState, units: number): number {
  const { limits } = state;
  if (!limits) return units;
  return Math.min(limits.up, Math.max(limits.down, units));
}

/** Sizes in lots that thin out away from the touch, as a real book does. */
function buildBook(state: InstrumentState): Book | null {
  const { instrument, rng, last } = state;
  if (instrument.kind !== "equity" || last <= 0) return null;
  const { grid, lot } = instrument;
  const meanLots = bookMeanLots(instrument);
  const tick = grid.tickAt(last);
  // The last trade printed on one side of the touch; which side is a coin toss.
  let bid = rng.next() < 0.5 ? last : last - tick;
  if (bid <= 0) bid = tick;
  let ask = priceAbove(grid, bid);
  state.bookMid = (bid + ask) / 2;
  const bids: Book["bids"] = [];
  const asks: Book["asks"] = [];
  const limits = state.limits;
  for (let level = 0; level < 5; level += 1) {
    const depth = 1 + level * 0.6;
    if (bid > 0 && (!limits || bid >= limits.down)) {
      bids.push({ price: grid.format(bid), size: sizeAt(rng, meanLots, depth) * lot });
    }
    if (!limits || ask <= limits.up) {
      asks.push({ price: grid.format(ask), size: sizeAt(rng, meanLots, depth) * lot });
    }
    bid -= grid.tickAt(bid - 1);
    ask = priceAbove(grid, ask);
  }
  return { symbol: instrument.symbol as Book["symbol"], bids, asks };
}

/**
 * The next price on the grid above one: at a band's top the next band's tick applies from the
 * next grid price of that band (¥3,000 on the TSE's standard table is followed by ¥3,005, not ¥3,001).
 */
function priceAbove(grid: SimInstrument["grid"], units: number): number {
  const tick = grid.tickAt(units + 1);
  return Math.ceil((units + 1) / tick) * tick;
}

/** An equity's TSE quote (an index's or a rate's: its level). */
export function toQuote(state: InstrumentState): Quote {
  const quote = quoteOf(state.instrument, state);
  const cross = state.cross;
  if (!cross) return quote;
  const { kind, tradingDate, units, shares } = cross;
  return {
    ...quote,
    cross: { kind, tradingDate, price: state.instrument.grid.format(units), volume: shares },
  };
}

/**
 * The TSE auction a change of Tokyo's phase is: the opening cross when the regular session starts
 * from closed (the day's open, not the afternoon's after the lunch break), the closing cross when it
 * ends in closed (the day's close, not the morning's). None when the feed starts (no phase before),
 * and none around the clock (`MARKET_HOURS=always` never changes phase).
 */
export function crossAt(before: SessionPhase | undefined, now: SessionPhase): "open" | "close" | undefined {
  if (before === "closed" && now === "regular") return "open";
  if (before === "regular" && now === "closed") return "close";
  return undefined;
}

/** A Tokyo name's PTS quote: its base price as `prevClose`, its current session's statistics. */
export function toPtsQuote(instrument: SimInstrument, pts: PtsState): Quote {
  return quoteOf(instrument, pts);
}

type QuoteFields = Pick<
  InstrumentState,
  "last" | "open" | "high" | "low" | "prevClose" | "volume" | "turnover" | "limits" | "tradeMs"
>;

function quoteOf(instrument: SimInstrument, state: QuoteFields): Quote {
  const { grid } = instrument;
  const change = state.last - state.prevClose;
  const changePct = state.prevClose > 0 ? ((change / state.prevClose) * 100).toFixed(2) : "0.00";
  const dayOpen = state.open === 0;
  return {
    symbol: instrument.symbol as Quote["symbol"],
    last: grid.format(state.last),
    open: grid.format(dayOpen ? state.prevClose : state.open),
    high: grid.format(dayOpen ? state.prevClose : state.high),
    low: grid.format(dayOpen ? state.prevClose : state.low),
    prevClose: grid.format(state.prevClose),
    change: grid.format(change),
    changePct: changePct === "-0.00" ? "0.00" : changePct,
    volume: state.volume,
    turnover: Math.round(state.turnover),
    limitUp: state.limits ? grid.format(state.limits.up) : null,
    limitDown: state.limits ? grid.format(state.limits.down) : null,
    tradeMs: state.tradeMs,
  };
}
