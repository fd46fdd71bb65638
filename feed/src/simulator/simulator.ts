import type { UnitCandle } from "@kabuto/shared/market/catalog";
import type { Book, CandleInterval, Quote, SessionPhase } from "@kabuto/shared/protocol/market-data";
import { candleIntervals } from "@kabuto/shared/protocol/market-data";
import type { Market } from "@kabuto/shared/symbols";
import { applyTrade, bucketStart, openCandle } from "../candles/buckets.ts";
import { clampToBand, type SimInstrument } from "./instruments.ts";
import { createRandom, type Random } from "./prng.ts";
import type { PhaseNow, SessionClock } from "./session-clock.ts";
import { intensity } from "./volume-profile.ts";

/** Trading milliseconds in a year (252 sessions of 6.5 hours): scales annual volatility to a step. */
const tradingYearMs = 252 * 6.5 * 3_600_000;
/** A step longer than this (a sleeping laptop, a paused debugger) is treated as this long, so prices never jump. */
const stepMsMax = 5_000;
/**
 * Seconds of regular trading in a day, over which a day's volume spreads: TSE 9:00-11:30 and
 * 12:30-15:30, NYSE 9:30-16:00. The volume profile averages a little under 1 over a session,
 * so a simulated day trades a little under the average daily volume.
 */
const regularSessionSeconds: Record<Market, number> = { JP: 19_800, US: 23_400 };
/**
 * The traded value of a typical print, in the market's currency. Counting prints by value
 * rather than shares lets a ¥150 and a ¥15,000 stock with the same turnover print as often.
 * Rounded from exchange statistics: Toyota's roughly ¥60bn a day comes in some 100,000+
 * executions; Apple's $10bn in about a million.
 */
const printValue: Record<Market, number> = { JP: 500_000, US: 10_000 };
/**
 * The most shares a typical print carries. In cheap names orders are sized in lots, not in
 * value: NTT at ¥150 prints far more often than its turnover over ¥500,000 a print would say.
 */
const printSharesMax: Record<Market, number> = { JP: 1_000, US: 200 };
/**
 * Changes to a book (orders placed and cancelled at the touch) per print. Exchanges see many
 * orders per trade; a phone needs only to see the board live, so the book of a busy name
 * changes at most once a step and a thin one's rarely.
 */
const ordersPerPrint = 3;

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
  /** Markets whose phase changed in this step. */
  sessions: Market[];
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
    };
    state.book = buildBook(state);
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
    return state;
  }

  phase(market: Market): SessionPhase {
    return this.phases.get(market) ?? "closed";
  }

  /** Advances every instrument to `nowMs`. Deterministic for a given seed and sequence of step times. */
  step(nowMs: number): StepResult {
    const stepMs = Math.min(Math.max(nowMs - this.lastStepMs, 0), stepMsMax);
    this.lastStepMs = nowMs;
    const result: StepResult = { moved: [], rebooked: [], closed: [], sessions: [] };
    const phases = new Map<Market, PhaseNow>();
    for (const market of ["JP", "US"] as const) {
      const phase = this.clock.equity(market, nowMs);
      phases.set(market, phase);
      if (this.phases.get(market) !== phase.phase) {
        this.phases.set(market, phase.phase);
        result.sessions.push(market);
      }
    }
    const fx = this.clock.fx(nowMs);
    const drift = new Map<Market, { sum: number; count: number }>();
    for (const state of this.states.values()) {
      const { instrument } = state;
      if (instrument.kind !== "equity") continue;
      const phase = phases.get(instrument.market) as PhaseNow;
      const moved = this.stepEquity(state, phase, stepMs, nowMs, result);
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

/**
 * The chance an equity prints in a step. Prints arrive at a rate that follows the name's
 * volume and the time of day: busy names at the open many a second, thin ones once in a while.
 * A step shows at most one print, the aggregate of its trades, so for the busiest names the
 * chance tends to 1 rather than exceeding it. Print sizes are reckoned at the reference price,
 * so the rate holds still as the price drifts.
 */
function printChanceIn(instrument: SimInstrument, weight: number, stepSeconds: number): number {
  const { market } = instrument;
  const price = instrument.refUnits / instrument.grid.scale;
  const printShares = Math.max(instrument.lot, Math.min(printSharesMax[market], printValue[market] / price));
  const printsPerSecond = (instrument.avgDailyVolume / printShares / regularSessionSeconds[market]) * weight;
  return 1 - Math.exp(-printsPerSecond * stepSeconds);
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
  const meanLots = Math.max(1, Math.round(instrument.avgDailyVolume / lot / 2_000));
  const tick = grid.tickAt(last);
  // The last trade printed on one side of the touch; which side is a coin toss.
  let bid = rng.next() < 0.5 ? last : last - tick;
  let ask = bid + grid.tickAt(bid);
  if (bid <= 0) {
    bid = tick;
    ask = bid + grid.tickAt(bid);
  }
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
    ask += grid.tickAt(ask);
  }
  return { symbol: instrument.symbol as Book["symbol"], bids, asks };
}

function sizeAt(rng: Random, meanLots: number, depth: number): number {
  return Math.max(1, Math.round(meanLots * depth * (0.3 + 1.4 * rng.next())));
}

export function toQuote(state: InstrumentState): Quote {
  const { grid } = state.instrument;
  const change = state.last - state.prevClose;
  const changePct = state.prevClose > 0 ? ((change / state.prevClose) * 100).toFixed(2) : "0.00";
  const dayOpen = state.open === 0;
  return {
    symbol: state.instrument.symbol as Quote["symbol"],
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
