import type { Bus, BusConsumer } from "@kabuto/bus";
import { sessionAt } from "@kabuto/shared/market/sessions";
import { priceToUnits } from "@kabuto/shared/market/ticks";
import { type BusUpdate, isUpdateOf } from "@kabuto/shared/protocol/socket";
import { quoteTopic } from "@kabuto/shared/protocol/topics";
import type { Db } from "../db/database.ts";
import { marketOf, type StopThreshold, stopThresholds } from "./trading.repo.ts";
import type { TradingWorker } from "./worker.ts";

/** A symbol's nearest triggers as last read, and which read that was (newer reads win). */
interface Nearest extends StopThreshold {
  read: number;
}

/** Whether a last trade reaches one of a symbol's nearest triggers (see `stopTriggered`). */
function reaches(nearest: StopThreshold, lastUnits: number): boolean {
  return (
    (nearest.fallUnits !== null && lastUnits <= nearest.fallUnits) ||
    (nearest.riseUnits !== null && lastUnits >= nearest.riseUnits)
  );
}

/**
 * Fires stops on the tick rather than on the clock. The watch listens to the quotes of the symbols
 * that have waiting stops and keeps, per symbol, the two triggers a price reaches first (the
 * highest sell stop, the lowest buy stop); a quote whose last reaches one runs the stop pass for
 * that symbol at once. Passes on ticks never overlap: crossings heard while one runs wait for the
 * next, which takes all their symbols together.
 *
 * What it keeps is a hint, never the truth: the pass decides from the database and the bus's
 * newest quotes with the same rules (stale quotes hold, regular session only) and fires each stop
 * with one conditional update, so two workers, or a pass on a tick beside the periodic one, fire
 * it once. The periodic pass (`pass`) stays the safety net for whatever the hint misses (a stop
 * placed by another process, a quote lost in a crash or a bus outage) and refreshes the triggers
 * and the symbols watched; a trailing trigger a pass moves is read again as soon as it moved.
 */
export class StopWatch {
  private readonly db: Db;
  private readonly worker: TradingWorker;
  private readonly alwaysOpen: boolean;
  private readonly now: () => number;
  private readonly log: (message: string, fields?: Record<string, unknown>) => void;
  private readonly consumer: BusConsumer;
  private readonly nearest = new Map<string, Nearest>();
  /** The quote topics subscribed to, and the symbol of each. */
  private readonly watched = new Map<string, string>();
  /** Symbols a quote crossed since the pass on ticks in flight began. */
  private readonly crossed = new Set<string>();
  private ticking: Promise<void> | undefined;
  /** The pass on a tick in flight (one round of `passesOnTicks`): the periodic pass lets it end first. */
  private onTick: Promise<unknown> | undefined;
  private reads = 0;
  private stopped = false;

  constructor(deps: {
    db: Db;
    bus: Bus;
    worker: TradingWorker;
    alwaysOpen: boolean;
    now?: () => number;
    log?: (message: string, fields?: Record<string, unknown>) => void;
  }) {
    this.db = deps.db;
    this.worker = deps.worker;
    this.alwaysOpen = deps.alwaysOpen;
    this.now = deps.now ?? Date.now;
    this.log = deps.log ?? (() => undefined);
    this.consumer = deps.bus.consumer();
    this.consumer.onUpdates((updates) => this.hear(updates));
    // Quotes published while the bus was away never arrived: look at every watched symbol's
    // newest one now (ioredis has subscribed again) rather than at the next periodic pass.
    deps.bus.onRecover(() => {
      for (const symbol of this.nearest.keys()) this.crossed.add(symbol);
      this.tick();
    });
  }

  /**
   * The periodic pass over every symbol with waiting stops: reads their nearest triggers (and
   * watches their quotes), fires and fills what the newest quotes cross, and reads the triggers
   * again: all of them if anything fired, else those of the symbols whose trailing triggers moved,
   * so a quote that reaches a moved trigger fires it on the tick, not a quarter of a second later.
   *
   * It starts once the pass on a tick in flight has ended (that one round, not the crossings heard
   * after it): beside it, it would see the same crossing and try to fire the same stop in vain, and
   * take the machine's time while the tick's fill is on its way to the member. The safety net
   * loses nothing by starting a few milliseconds later.
   */
  async pass(): Promise<{ expired: number; fired: number; filled: number; trailed: string[] }> {
    await this.onTick;
    const symbols = await this.refresh();
    const result = await this.worker.stopPass(symbols);
    if (result.fired > 0) await this.refresh();
    else if (result.trailed.length > 0) await this.refresh(result.trailed);
    return result;
  }

  /** Stops listening: no pass starts on a tick after this, and the one in flight is awaited. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.crossed.clear();
    await this.ticking;
    await this.consumer.unsubscribe([...this.watched.keys()]);
    this.watched.clear();
  }

  /** Notes the symbols whose quote reached a nearest trigger, in the regular session, and runs their pass. */
  private hear(updates: readonly BusUpdate[]): void {
    if (this.stopped) return;
    const nowMs = this.now();
    for (const update of updates) {
      const symbol = this.watched.get(update.topic);
      const nearest = symbol && this.nearest.get(symbol);
      if (!symbol || !nearest || !isUpdateOf(update, quoteTopic(symbol))) continue;
      const market = marketOf(symbol);
      const last = priceToUnits(update.data.last, market);
      if (last === undefined || !reaches(nearest, last)) continue;
      if (sessionAt(market, nowMs, { alwaysOpen: this.alwaysOpen }).phase === "regular")
        this.crossed.add(symbol);
    }
    if (this.crossed.size > 0) this.tick();
  }

  /** Starts the pass on ticks unless one runs; that one takes the crossings heard meanwhile. */
  private tick(): void {
    if (this.ticking || this.stopped) return;
    this.ticking = this.passesOnTicks().finally(() => {
      this.ticking = undefined;
      // A crossing heard after the loop's last look but before this.
      if (this.crossed.size > 0) this.tick();
    });
  }

  /**
   * Runs the stop pass for the crossed symbols until none is left, then reads their nearest
   * triggers again: what fired waits no more, and a trigger that moved (a trailing stop) or went
   * (a cancelled stop) stops drawing passes.
   */
  private async passesOnTicks(): Promise<void> {
    while (this.crossed.size > 0 && !this.stopped) {
      const symbols = [...this.crossed];
      this.crossed.clear();
      this.onTick = this.worker
        .stopPass(symbols)
        .then(() => this.refresh(symbols))
        .catch((error: unknown) => {
          // The periodic pass tries again within a quarter of a second.
          this.log("stop pass on a tick failed", { error: String(error), symbols });
        });
      await this.onTick;
      this.onTick = undefined;
    }
  }

  /**
   * Reads the nearest triggers of every symbol with waiting stops, or of those given, and watches
   * the quotes of the symbols that have some. A read that started before another's answer for a
   * symbol leaves that answer be. Returns the symbols with waiting stops among those read.
   */
  private async refresh(symbols?: readonly string[]): Promise<string[]> {
    this.reads += 1;
    const read = this.reads;
    const rows = await stopThresholds(this.db, symbols);
    const waiting: string[] = [];
    for (const row of rows) {
      const known = this.nearest.get(row.symbol);
      if (row.fallUnits !== null || row.riseUnits !== null) waiting.push(row.symbol);
      if (known && known.read > read) continue;
      if (row.fallUnits === null && row.riseUnits === null) this.nearest.delete(row.symbol);
      else this.nearest.set(row.symbol, { ...row, read });
    }
    if (!symbols) {
      const listed = new Set(waiting);
      for (const [symbol, known] of this.nearest) {
        if (!listed.has(symbol) && known.read < read) this.nearest.delete(symbol);
      }
    }
    await this.follow();
    return waiting;
  }

  /** Subscribes to the quotes of the symbols with triggers, and lets go of the others'. */
  private async follow(): Promise<void> {
    if (this.stopped) return;
    const fresh: string[] = [];
    for (const symbol of this.nearest.keys()) {
      const topic = quoteTopic(symbol);
      if (this.watched.has(topic)) continue;
      this.watched.set(topic, symbol);
      fresh.push(topic);
    }
    const idle: string[] = [];
    for (const [topic, symbol] of this.watched) {
      if (this.nearest.has(symbol)) continue;
      this.watched.delete(topic);
      idle.push(topic);
    }
    if (fresh.length > 0) await this.consumer.subscribe(fresh);
    if (idle.length > 0) await this.consumer.unsubscribe(idle);
  }
}
