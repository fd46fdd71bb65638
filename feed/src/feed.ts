import type { Bus } from "@kabuto/bus";
import { listingOpenRange } from "@kabuto/shared/ipo/rules";
import { ensureDefined } from "@kabuto/shared/market/assert";
import { marketDate, tradingDays } from "@kabuto/shared/market/calendar";
import { type NewListing, toWireCandle, type UnitCandle } from "@kabuto/shared/market/catalog";
import { addDays } from "@kabuto/shared/market/iso-date";
import { ptsSessionAt } from "@kabuto/shared/market/pts";
import { sessionAt, sessionWindows } from "@kabuto/shared/market/sessions";
import type { PtsHours } from "@kabuto/shared/market/venues";
import type { CandleInterval, LiveCandle } from "@kabuto/shared/protocol/market-data";
import { candleIntervals } from "@kabuto/shared/protocol/market-data";
import type { MarketUpdate, SessionUpdate, TopicUpdate } from "@kabuto/shared/protocol/socket";
import {
  bookTopic,
  candleTopic,
  ptsBookTopic,
  ptsQuoteTopic,
  quoteTopic,
  sessionTopic,
} from "@kabuto/shared/protocol/topics";
import type { Market } from "@kabuto/shared/symbols";
import type { CandleStore, StoredCandle } from "./candle-store.ts";
import { applyBar } from "./candles/buckets.ts";
import type { Catalog } from "./catalog.ts";
import { defaultHistoryDays, defaultMinuteSessions } from "./config.ts";
import {
  type BackfillAnchor,
  type BackfillPlan,
  backfillInstrument,
  dailyBarDate,
  firstStartAnchor,
  resumeFrom,
} from "./simulator/backfill.ts";
import type { SimInstrument } from "./simulator/instruments.ts";
import { createSessionClock } from "./simulator/session-clock.ts";
import {
  type ClosedCandle,
  type InstrumentState,
  MarketSimulator,
  type StartState,
  toPtsQuote,
  toQuote,
} from "./simulator/simulator.ts";

/** Where the feed sends updates: the bus (Redis or in-process), or a test's recorder. */
export interface FeedPublisher extends Pick<Bus, "publish"> {
  /** Called when the bus comes back after a loss; the feed then starts a new epoch. */
  onRecover?: Bus["onRecover"];
}

export interface FeedOptions {
  catalog: Catalog;
  store: CandleStore;
  publisher: FeedPublisher;
  seed: string;
  alwaysOpen: boolean;
  /** The PTS's sessions (`PTS_DAY_HOURS`, `PTS_NIGHT_HOURS`); J-Market's by default. */
  ptsHours?: PtsHours;
  /**
   * How often prices move. 200 ms lets a busy name print and its board change several times a
   * second, as a real board does, while a phone (which takes each step's changes as one frame)
   * repaints at most five times a second.
   */
  stepMs: number;
  now?: () => number;
  log?: (message: string, fields?: Record<string, unknown>) => void;
  /** History at first start: calendar days of daily bars, and sessions of minute bars. */
  history?: { days: number; minuteSessions: number };
}

/** By default a first start fills five years of daily bars and five sessions of minute bars. */
const defaultHistory = { days: defaultHistoryDays, minuteSessions: defaultMinuteSessions };
/**
 * A symbol's forming candles (seven intervals) go out at most this often, where its quote and book
 * go out at every step: a chart's last bar moving once a second reads as live, and the candles
 * were two thirds of what every step sent over the bus and wrote to Redis, work that in one process
 * with the API held each request's database round trips behind it. A bar that closes goes out at
 * once, in its final state, with its successor.
 */
const candleEveryMs = 1_000;
/** Open candles are saved this often, so a restart loses at most this much of the current bars. */
const openCandleSaveMs = 60_000;
/** A symbol's back-filled intervals in the order they are saved: its daily bars last. */
const backfillOrder = [...candleIntervals.filter((interval) => interval !== "1d"), "1d"] as const;
/** Candles saved in one statement: large enough to be fast, small enough to keep memory flat. */
const saveBatch = 5_000;

export class Feed {
  /** Changes whenever subscribers may have missed updates: at start, and when the bus recovers. */
  epoch: string;
  private simulator: MarketSimulator | undefined;
  private readonly seq = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private pending: StoredCandle[] = [];
  private saving: Promise<void> = Promise.resolve();
  /** Candles queued for saving and not yet stored. */
  private unsaved = 0;
  /** Set by `stop`: back-filled batches not yet begun are left for the next start. */
  private stopping = false;
  /**
   * Candles skipped because a stop cut the back-fill short. Once one batch of history is skipped,
   * every later save is too: a stored daily bar must mean its symbol's history is stored up to
   * it, or the next start would take a half-filled year for a whole one.
   */
  private skipped = 0;
  private lastOpenSaveMs = 0;
  /** When each symbol's forming candles last went out (see `candleEveryMs`). */
  private readonly candlesSentMs = new Map<string, number>();
  private readonly now: () => number;
  private readonly options: FeedOptions;

  constructor(options: FeedOptions) {
    this.options = options;
    this.now = options.now ?? Date.now;
    this.epoch = newEpoch(this.now());
  }

  /**
   * Restores or back-fills history, then starts moving prices. Back-filled candles are stored
   * in the background (see `saved`), so the product serves quotes while the history lands.
   */
  async start(): Promise<void> {
    const startMs = this.now();
    const starts = await this.prepareHistory(startMs);
    this.simulator = new MarketSimulator({
      instruments: this.options.catalog.simulated,
      seed: this.options.seed,
      clock: createSessionClock({ alwaysOpen: this.options.alwaysOpen, ptsHours: this.options.ptsHours }),
      startMs,
      start: (instrument) => starts.get(instrument.symbol) as StartState,
    });
    this.publishAll(startMs);
    this.options.publisher.onRecover?.(() => this.rotateEpoch());
    this.lastOpenSaveMs = startMs;
    this.timer = setInterval(() => this.tick(), this.options.stepMs);
  }

  /**
   * Stops moving prices and saves the open candles. On a first start the back-fill may still be
   * landing: a stop waits only for the batch being written and leaves the rest (with the open
   * candles behind it) to the next start, which fills in from the last stored daily bar as it
   * would after a crash. Five years of history takes minutes to write on a small machine, longer
   * than a supervisor waits after its stop signal before it kills the process.
   */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.stopping = true;
    this.queueOpenCandles();
    this.flush();
    await this.saving;
    if (this.skipped > 0) {
      this.options.log?.("history save cut short by the stop: the next start fills in the rest", {
        candles: this.skipped,
      });
    }
  }

  /**
   * Adds a new share to the live universe on its listing day: every process's catalog learns it
   * (see `ListingCatalog`), and this one simulates it from its offer price, with no history
   * before listing and an opening by price discovery. A name that already traded here (a restart
   * after its listing) resumes from its stored candles instead. False if it was already known.
   */
  async addListing(listing: NewListing): Promise<boolean> {
    const { catalog, store } = this.options;
    if (!catalog.addListing(listing)) return false;
    const instrument = ensureDefined(catalog.listed(listing.symbol), "a listing just added");
    const simulator = this.simulator;
    if (!simulator) return true;
    const days = (await store.lastDays()).get(listing.symbol) ?? [];
    const existing = new Map<CandleInterval, UnitCandle>();
    for (const row of await store.newest()) {
      if (row.symbol === listing.symbol) existing.set(row.interval, row.candle);
    }
    const nowMs = this.now();
    const state =
      days.length > 0 && existing.size > 0
        ? simulator.add(instrument, resumeFrom(instrument, days, existing))
        : simulator.addListing(
            instrument,
            {
              offerUnits: instrument.refUnits,
              listingDate: listing.listingDate,
              listingMs: sessionWindows(listing.market, listing.listingDate)[0]?.startMs ?? nowMs,
            },
            { low: listingOpenRange.lowPpm / 1_000_000, high: listingOpenRange.highPpm / 1_000_000 },
          );
    const updates: MarketUpdate[] = [];
    this.pushInstrument(updates, state, nowMs);
    this.options.publisher.publish(updates);
    return true;
  }

  /** The simulator's current state, for tests and the embedded API. */
  state(symbol: string): InstrumentState | undefined {
    return this.simulator?.states.get(symbol);
  }

  /** Advances to now and publishes what moved. Public so tests can drive it with their own clock. */
  tick(nowMs = this.now()): void {
    const simulator = this.simulator;
    if (!simulator) return;
    const result = simulator.step(nowMs);
    const updates: MarketUpdate[] = [];
    for (const market of result.sessions) updates.push(this.sessionUpdate(market, nowMs));
    const closed = new Map<string, ClosedCandle[]>();
    for (const bar of result.closed) {
      const bars = closed.get(bar.symbol);
      if (bars) bars.push(bar);
      else closed.set(bar.symbol, [bar]);
    }
    for (const symbol of result.moved) {
      const state = simulator.states.get(symbol);
      const bars = closed.get(symbol);
      const due = bars !== undefined || nowMs - (this.candlesSentMs.get(symbol) ?? 0) >= candleEveryMs;
      // A bar's last trades may have come since it last went out: its final state goes first.
      if (state)
        for (const bar of bars ?? []) updates.push(this.candleUpdate(state, bar.interval, bar.candle, nowMs));
      this.pushInstrument(updates, state, nowMs, due);
    }
    for (const symbol of result.rebooked) {
      const book = simulator.states.get(symbol)?.book;
      if (book) updates.push(this.update(bookTopic(symbol), nowMs, book));
    }
    for (const symbol of result.ptsMoved) this.pushPts(updates, simulator.states.get(symbol), nowMs);
    for (const symbol of result.ptsRebooked) {
      const book = simulator.states.get(symbol)?.pts?.book;
      if (book) updates.push(this.update(ptsBookTopic(symbol), nowMs, book));
    }
    if (updates.length > 0) this.options.publisher.publish(updates);
    this.pending.push(...result.closed);
    if (nowMs - this.lastOpenSaveMs >= openCandleSaveMs) {
      this.lastOpenSaveMs = nowMs;
      this.queueOpenCandles();
    }
    if (this.pending.length > 0) this.flush();
  }

  /** Begins a new epoch and publishes every topic's state in it, so every client resyncs. */
  rotateEpoch(nowMs = this.now()): void {
    if (!this.simulator) return;
    this.epoch = newEpoch(nowMs);
    this.seq.clear();
    this.publishAll(nowMs);
    this.options.log?.("new epoch after the bus recovered", { epoch: this.epoch });
  }

  private publishAll(nowMs: number): void {
    const simulator = this.simulator as MarketSimulator;
    simulator.step(nowMs);
    const updates: MarketUpdate[] = [this.sessionUpdate("JP", nowMs), this.sessionUpdate("US", nowMs)];
    for (const state of simulator.states.values()) this.pushInstrument(updates, state, nowMs);
    this.options.publisher.publish(updates);
  }

  /** A symbol's quote, book and PTS prices, and its forming candles when `withCandles`. */
  private pushInstrument(
    updates: MarketUpdate[],
    state: InstrumentState | undefined,
    nowMs: number,
    withCandles = true,
  ): void {
    if (!state) return;
    const symbol = state.instrument.symbol;
    updates.push(this.update(quoteTopic(symbol), nowMs, toQuote(state)));
    if (state.book) updates.push(this.update(bookTopic(symbol), nowMs, state.book));
    this.pushPts(updates, state, nowMs);
    if (!withCandles) return;
    this.candlesSentMs.set(symbol, nowMs);
    for (const interval of candleIntervals) {
      const candle = state.candles.get(interval);
      if (candle) updates.push(this.candleUpdate(state, interval, candle, nowMs));
    }
  }

  private candleUpdate(state: InstrumentState, interval: CandleInterval, candle: UnitCandle, nowMs: number) {
    const symbol = state.instrument.symbol;
    return this.update(candleTopic(symbol, interval), nowMs, {
      // The catalog's symbols are checked where instruments are built, as in toQuote.
      symbol: symbol as LiveCandle["symbol"],
      interval,
      ...toWireCandle(candle, state.instrument.grid.format),
    });
  }

  /** A Tokyo name's PTS quote and book, where it has them. */
  private pushPts(updates: MarketUpdate[], state: InstrumentState | undefined, nowMs: number): void {
    const pts = state?.pts;
    if (!state || !pts) return;
    const symbol = state.instrument.symbol;
    updates.push(this.update(ptsQuoteTopic(symbol), nowMs, toPtsQuote(state.instrument, pts)));
    if (pts.book) updates.push(this.update(ptsBookTopic(symbol), nowMs, pts.book));
  }

  /** A market's session state; Tokyo's carries the PTS's phase beside the TSE's. */
  private sessionUpdate(market: Market, nowMs: number): SessionUpdate {
    const { alwaysOpen, ptsHours } = this.options;
    const session = sessionAt(market, nowMs, { alwaysOpen });
    return this.update(
      sessionTopic(market),
      nowMs,
      market === "JP" ? { ...session, pts: ptsSessionAt(nowMs, { alwaysOpen, hours: ptsHours }) } : session,
    );
  }

  /** The next update of `topic`: its type follows from the topic's name and its data's. */
  private update<Name extends string, Data>(topic: Name, ts: number, data: Data): TopicUpdate<Name, Data> {
    const seq = (this.seq.get(topic) ?? 0) + 1;
    this.seq.set(topic, seq);
    return { topic, epoch: this.epoch, seq, ts, data };
  }

  private queueOpenCandles(): void {
    for (const state of this.simulator?.states.values() ?? []) {
      for (const [interval, candle] of state.candles) {
        this.pending.push({ symbol: state.instrument.symbol, interval, candle: { ...candle } });
      }
    }
  }

  /** Saves queued candles one batch after another; a failed save is logged and the next tick goes on. */
  private flush(): void {
    const queued = this.pending;
    this.pending = [];
    this.unsaved += queued.length;
    for (let start = 0; start < queued.length; start += saveBatch) {
      const batch = queued.slice(start, start + saveBatch);
      this.saving = this.saving
        .then(yieldToEventLoop)
        .then(() => (this.skipped > 0 ? this.skip(batch.length) : this.options.store.save(batch)))
        .catch((error: unknown) => this.options.log?.("candle save failed", { error: saveFailure(error) }))
        .finally(() => {
          this.unsaved -= batch.length;
        });
    }
  }

  private skip(candles: number): void {
    this.skipped += candles;
  }

  /** Resolves once every candle queued so far is stored (history back-fill included). */
  saved(): Promise<void> {
    return this.saving;
  }

  /** Loads the last persisted state of every instrument, back-filling what is missing up to now. */
  private async prepareHistory(nowMs: number): Promise<Map<string, StartState>> {
    const { store, catalog, seed } = this.options;
    const history = this.options.history ?? defaultHistory;
    const newest = await store.newest();
    const lastDays = await store.lastDays();
    const newestBySymbol = new Map<string, Map<CandleInterval, UnitCandle>>();
    for (const row of newest) {
      const map = newestBySymbol.get(row.symbol) ?? new Map<CandleInterval, UnitCandle>();
      map.set(row.interval, row.candle);
      newestBySymbol.set(row.symbol, map);
    }
    const starts = new Map<string, StartState>();
    // Instruments on one calendar share a plan: walking five years of calendar once is enough.
    const plans = new Map<string, BackfillPlan>();
    const backlog: HistoryRows[] = [];
    for (const instrument of catalog.simulated) {
      const days = lastDays.get(instrument.symbol) ?? [];
      const existing = newestBySymbol.get(instrument.symbol);
      const lastDay = days.at(-1);
      const fromDate = lastDay
        ? dailyBarDate(instrument, lastDay)
        : addDays(marketDate(instrument.market, nowMs), -history.days);
      const planKey = `${instrument.kind === "fx" ? "fx" : instrument.market}/${fromDate}/${lastDay === undefined}`;
      const plan =
        plans.get(planKey) ??
        planFor(instrument, fromDate, nowMs, lastDay === undefined, history.minuteSessions);
      plans.set(planKey, plan);
      if (plan.dailyDates.length === 0 && plan.minuteDays.length === 0 && lastDay && existing) {
        starts.set(instrument.symbol, resumeFrom(instrument, days, existing));
        continue;
      }
      const anchor: BackfillAnchor = lastDay
        ? { units: lastDay.c, at: "start" }
        : firstStartAnchor(instrument);
      const filled = backfillInstrument(instrument, seed, plan, nowMs, anchor);
      mergeWithExisting(filled.bars, existing);
      if (lastDay && filled.bars["1d"].length === 1) filled.start.prevClose = lastDay.c;
      starts.set(instrument.symbol, filled.start);
      // Saved in the background, every other interval before the daily bars, oldest first: a
      // stored daily bar means its symbol's history is stored up to it, so the next start after a
      // crash or a stop part-way fills in from there (see `prepareHistory`'s `fromDate`).
      for (const interval of backfillOrder) {
        backlog.push({ symbol: instrument.symbol, interval, candles: filled.bars[interval] });
      }
    }
    const candles = this.queueHistory(backlog);
    if (candles > 0) {
      // The back-fill lands in the background; how long it takes is worth watching as history grows.
      void this.saving.then(() => {
        if (this.skipped === 0) this.options.log?.("history saved", { candles, ms: this.now() - nowMs });
      });
    }
    return starts;
  }

  /**
   * Saves back-filled bars in batches like `flush`, making each batch's rows only when its turn
   * comes: five years of history is over a million bars, and a row object for each on top of
   * the bars would double what the first start holds in memory. Returns how many it queued.
   */
  private queueHistory(backlog: readonly HistoryRows[]): number {
    const total = backlog.reduce((sum, rows) => sum + rows.candles.length, 0);
    this.unsaved += total;
    let group = 0;
    let offset = 0;
    const take = (size: number): StoredCandle[] => {
      const batch: StoredCandle[] = [];
      while (batch.length < size && group < backlog.length) {
        const { symbol, interval, candles } = ensureDefined(backlog[group], "a history group");
        const end = Math.min(candles.length, offset + size - batch.length);
        for (let index = offset; index < end; index += 1) {
          batch.push({ symbol, interval, candle: ensureDefined(candles[index], "a history bar") });
        }
        offset = end;
        if (offset === candles.length) {
          group += 1;
          offset = 0;
        }
      }
      return batch;
    };
    for (let start = 0; start < total; start += saveBatch) {
      const size = Math.min(saveBatch, total - start);
      this.saving = this.saving
        .then(yieldToEventLoop)
        .then(() =>
          this.stopping || this.skipped > 0 ? this.skip(size) : this.options.store.save(take(size)),
        )
        .catch((error: unknown) => this.options.log?.("candle save failed", { error: saveFailure(error) }))
        .finally(() => {
          this.unsaved -= size;
        });
    }
    return total;
  }
}

/** One symbol's back-filled bars of one interval, waiting to be saved. */
interface HistoryRows {
  symbol: string;
  interval: CandleInterval;
  candles: readonly UnitCandle[];
}

function newEpoch(nowMs: number): string {
  return `${nowMs.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Trading days after `fromDate` up to now whose session has begun; the last few get minute bars. */
function planFor(
  instrument: SimInstrument,
  fromDate: string,
  nowMs: number,
  firstStart: boolean,
  minuteSessions: number,
): BackfillPlan {
  const today = marketDate(instrument.market, nowMs);
  const first = addDays(fromDate, firstStart ? 0 : 1);
  if (first > today) return { dailyDates: [], minuteDays: [] };
  if (instrument.kind === "fx") {
    const weekdays = allDates(first, today).filter(isWeekdayFx);
    return { dailyDates: weekdays.filter((date) => date < today), minuteDays: [] };
  }
  const days = tradingDays(instrument.market, first, today);
  // Every earlier day has begun; today counts once its first minute has passed.
  if (days.at(-1) === today && !sessionBegun(instrument, today, nowMs)) days.pop();
  const begun = days;
  const minuteDates = begun.slice(-minuteSessions);
  return {
    dailyDates: begun.slice(0, begun.length - minuteDates.length),
    minuteDays: minuteDates.map((date) => ({
      date,
      windows: sessionWindows(instrument.market, date).filter((window) => window.phase === "regular"),
    })),
  };
}

/**
 * PGlite runs a query to completion on this thread and resolves through microtasks; without a
 * macrotask turn between batches, a long back-fill would hold off every socket and request.
 */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function sessionBegun(instrument: SimInstrument, date: string, nowMs: number): boolean {
  const first = sessionWindows(instrument.market, date).find((window) => window.phase === "regular");
  return first !== undefined && first.startMs + 60_000 <= nowMs;
}

function isWeekdayFx(date: string): boolean {
  const day = new Date(`${date}T12:00:00Z`).getUTCDay();
  return day >= 1 && day <= 5;
}

function allDates(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** A week or month that began before the gap keeps its earlier part: merge the first new bar into it. */
function mergeWithExisting(
  bars: Record<CandleInterval, UnitCandle[]>,
  existing: Map<CandleInterval, UnitCandle> | undefined,
): void {
  if (!existing) return;
  for (const interval of candleIntervals) {
    const before = existing.get(interval);
    const first = bars[interval][0];
    if (!before || !first || before.t !== first.t) continue;
    const merged = { ...before };
    applyBar(merged, first);
    bars[interval][0] = merged;
  }
}

/**
 * A failed save's reason for the log: the database's own (a failed query's cause) in at most 500
 * characters. A query error's message carries the batch's parameters, thousands of values, which
 * made one line of a megabyte and hid the reason.
 */
export function saveFailure(error: unknown): string {
  const reason = error instanceof Error && error.cause !== undefined ? error.cause : error;
  return (reason instanceof Error ? reason.message : String(reason)).slice(0, 500);
}
