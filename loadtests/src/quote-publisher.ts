// The gateway benchmark's synthetic feed, run as its own process with an IPC channel
// (`fork`): full-state `quote:` updates for the first S equities, R per symbol per second,
// each tick's batch handed to the product's own Redis bus (publisher role), which writes it in
// one pipeline: the stored state and the channel message of every update. Going through the bus
// rather than copying its commands keeps the benchmark right when the bus's wire changes.
// `ts` is the publish time, so a client on this machine reads latency as receive time − ts.
// Messages in: { rate } (updates per symbol per second, 0 pauses), { report }, { stop }.
// Messages out: { ready } once every symbol has a stored state, { published, lagged, elapsedMs }
// on report (counted since the previous report, over the publisher's own clock).
import { createRedisBus } from "@kabuto/bus";
import type { Quote } from "@kabuto/shared/protocol/market-data";
import type { QuoteUpdate } from "@kabuto/shared/protocol/socket";
import { quoteTopic } from "@kabuto/shared/protocol/topics";
import { benchInstruments } from "./bench-symbols.ts";

const [redisUrl, prefix, symbolCountText, tickMsText] = process.argv.slice(2);
if (!redisUrl || !prefix || !symbolCountText) {
  throw new Error("usage: quote-publisher.ts <redis url> <prefix> <symbols> [tick ms]");
}
const send = (message: object) => process.send?.(message);
/** Batches leave every tick; 10 ms keeps the added delay small against the latencies measured. */
const tickMs = Number(tickMsText ?? 10);
/** A publisher more than this far behind its schedule forgets the backlog instead of bursting it. */
const backlogMaxMs = 1_000;

const instruments = benchInstruments(Number(symbolCountText));
const epoch = `bench-${process.pid}-${Date.now()}`;
const bus = createRedisBus({
  url: redisUrl,
  prefix,
  role: "publisher",
  onError: (error) => console.error("publisher bus", error.message),
});
const state = instruments.map((instrument) => ({
  instrument,
  units: instrument.refUnits,
  volume: 0,
  seq: 0,
}));

function quoteUpdate(index: number, nowMs: number): QuoteUpdate {
  const entry = state[index] as (typeof state)[number];
  const { grid } = entry.instrument;
  // A random walk of one tick up or down: enough for realistic strings, cheap enough not to matter.
  const step = grid.tickAt(entry.units);
  entry.units = grid.round(entry.units + (Math.random() < 0.5 ? -step : step));
  entry.volume += entry.instrument.lot;
  entry.seq += 1;
  const ref = entry.instrument.refUnits;
  const price = grid.format(entry.units);
  return {
    topic: quoteTopic(entry.instrument.symbol),
    epoch,
    seq: entry.seq,
    ts: nowMs,
    data: {
      symbol: entry.instrument.symbol as Quote["symbol"],
      last: price,
      open: grid.format(ref),
      high: grid.format(Math.max(ref, entry.units)),
      low: grid.format(Math.min(ref, entry.units)),
      prevClose: grid.format(ref),
      change: grid.format(entry.units - ref),
      changePct: (((entry.units - ref) / ref) * 100).toFixed(2),
      volume: entry.volume,
      turnover: entry.volume * Number(price),
      limitUp: null,
      limitDown: null,
      tradeMs: nowMs,
    },
  };
}

function publish(indices: number[], nowMs: number): void {
  bus.publish(indices.map((index) => quoteUpdate(index, nowMs)));
}

/** Waits (bounded) until every symbol has a stored state, so every subscription gets a snapshot. */
async function waitForStates(): Promise<void> {
  const topics = instruments.map((instrument) => quoteTopic(instrument.symbol));
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await bus.snapshots(topics)).length === topics.length) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the initial states did not reach Redis in 10 s");
}

let ratePerSymbol = 0;
let rateSinceMs = performance.now();
let sentSinceRate = 0;
let cursor = 0;
let published = 0;
let lagged = 0;
let reportedAtMs = performance.now();

function tick(): void {
  if (ratePerSymbol <= 0) return;
  const nowMs = performance.now();
  const perSecond = ratePerSymbol * instruments.length;
  let due = Math.floor(((nowMs - rateSinceMs) * perSecond) / 1000) - sentSinceRate;
  if (due > (perSecond * backlogMaxMs) / 1000) {
    lagged += due;
    rateSinceMs = nowMs;
    sentSinceRate = 0;
    due = 0;
  }
  if (due <= 0) return;
  // Round robin over the symbols, so each one gets its updates evenly spaced.
  const indices: number[] = [];
  for (let count = 0; count < due; count += 1) {
    indices.push(cursor);
    cursor = (cursor + 1) % instruments.length;
  }
  sentSinceRate += due;
  published += due;
  publish(indices, Date.now());
}

process.on("message", (message: { rate?: number; report?: boolean; stop?: boolean }) => {
  if (message.rate !== undefined) {
    ratePerSymbol = message.rate;
    rateSinceMs = performance.now();
    sentSinceRate = 0;
  }
  if (message.report) {
    const nowMs = performance.now();
    send({ published, lagged, elapsedMs: nowMs - reportedAtMs });
    published = 0;
    lagged = 0;
    reportedAtMs = nowMs;
  }
  if (message.stop) {
    clearInterval(timer);
    void bus.close().then(() => process.disconnect?.());
  }
});

publish(
  instruments.map((_, index) => index),
  Date.now(),
);
await waitForStates();
const timer = setInterval(tick, tickMs);
send({ ready: true, epoch });
