// One worker thread of the gateway benchmark's clients: it opens its share of the sockets with
// socket.io-client (websocket only), each subscribing to K topics, and keeps per-thread figures
// in fixed-bucket histograms. The main thread drives it with commands and merges the reports.
// With BENCH_CLIENT_PROCS the same code runs as a child process instead (forked with advanced
// serialization), its options the first message it receives: each process has its own open
// files limit, so the sockets of a point are no longer capped by one process's.
import { parentPort, workerData } from "node:worker_threads";
import type { SubscribeAck, Update } from "@kabuto/shared/protocol/socket";
import { io, type Socket } from "socket.io-client";
import { createHistogram, type Histogram, recordMs } from "./histogram.ts";

export interface ClientThreadOptions {
  url: string;
  /** Topics of each socket this thread opens, in order. */
  topicsBySocket: string[][];
  /** Sockets connecting at once: enough to open thousands in seconds, few enough not to stall the server. */
  connectConcurrency: number;
  /** How often every held topic's age is sampled for the staleness figure. */
  stalenessSampleMs: number;
}

export type ClientCommand = "connect" | "reset" | "report" | "close";

/** A command; `reset` carries the feed's interval between two updates of a symbol, in ms. */
export interface ClientMessage {
  id: number;
  command: ClientCommand;
  updateIntervalMs?: number;
}

export interface ClientReport {
  sockets: number;
  connectFailures: number;
  connectMs: number;
  /** Measured from the last `reset`. */
  elapsedMs: number;
  messages: number;
  frames: number;
  /** Updates whose seq did not rise within the epoch: never allowed, conflated or not. */
  seqRegressions: number;
  /** Updates skipped between two received ones (conflation): allowed on market topics. */
  seqSkipped: number;
  /** Updates for topics the socket does not hold. */
  stray: number;
  disconnects: number;
  latency: Histogram;
  /** Each held topic's age (now − the newest `ts` held), sampled: at least one update interval. */
  staleness: Histogram;
  /**
   * How long each held topic has been behind the feed, sampled: 0 while it holds the newest state
   * published, else the time since a newer one was due. The feed publishes every symbol once an
   * interval, evenly spaced (quote-publisher.ts), so the next state after the one held is out one
   * interval (plus one publisher tick) after its `ts`; a topic's age past that is time behind.
   */
  behind: Histogram;
}

interface ClientSocket {
  socket: Socket;
  topicIndex: Map<string, number>;
  /** Newest `ts` held per topic, epoch ms. */
  newestTs: Float64Array;
  lastSeq: Float64Array;
  epoch: string;
}

/** How the bench reaches this thread, or this process when it runs as one. */
const link = ((port) =>
  port
    ? {
        send: (message: unknown) => port.postMessage(message),
        listen: (listener: (message: ClientMessage) => void) => port.on("message", listener),
      }
    : {
        send: (message: unknown) => process.send?.(message),
        listen: (listener: (message: ClientMessage) => void) => process.on("message", listener),
      })(parentPort);
const options = parentPort
  ? (workerData as ClientThreadOptions)
  : await new Promise<ClientThreadOptions>((resolve) =>
      process.once("message", (message) => resolve(message as ClientThreadOptions)),
    );
const clients: ClientSocket[] = [];
let figures = freshFigures();
let measuring = false;
let measuringSinceMs = performance.now();
let connectFailures = 0;
let connectMs = 0;

function freshFigures() {
  return {
    messages: 0,
    frames: 0,
    seqRegressions: 0,
    seqSkipped: 0,
    stray: 0,
    disconnects: 0,
    latency: createHistogram(),
    staleness: createHistogram(),
    behind: createHistogram(),
  };
}

/** The feed's interval between two updates of one symbol, set by each `reset` (0: unknown). */
let updateIntervalMs = 0;
/** The publisher hands out its batches once a tick (quote-publisher.ts): a next update's leeway. */
const publisherTickMs = 10;

function onUpdates(client: ClientSocket, updates: Update[]): void {
  const nowMs = Date.now();
  figures.frames += 1;
  for (const update of updates) {
    const index = client.topicIndex.get(update.topic);
    if (index === undefined) {
      figures.stray += 1;
      continue;
    }
    figures.messages += 1;
    recordMs(figures.latency, nowMs - update.ts);
    const last = client.lastSeq[index] ?? 0;
    if (update.epoch === client.epoch) {
      if (update.seq <= last) figures.seqRegressions += 1;
      else figures.seqSkipped += update.seq - last - 1;
    }
    client.epoch = update.epoch;
    client.lastSeq[index] = update.seq;
    if (update.ts > (client.newestTs[index] ?? 0)) client.newestTs[index] = update.ts;
  }
}

function holdSnapshots(client: ClientSocket, ack: SubscribeAck): void {
  // A topic without a snapshot counts as fresh at subscription time: if no update ever comes,
  // its staleness grows from there instead of being left out.
  client.newestTs.fill(Date.now());
  for (const snapshot of ack.snapshots) {
    const index = client.topicIndex.get(snapshot.topic);
    if (index === undefined) continue;
    client.newestTs[index] = snapshot.ts;
    client.lastSeq[index] = snapshot.seq;
    client.epoch = snapshot.epoch;
  }
}

async function openOne(topics: string[]): Promise<void> {
  const socket = io(options.url, {
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    timeout: 30_000,
  });
  const client: ClientSocket = {
    socket,
    topicIndex: new Map(topics.map((topic, index) => [topic, index])),
    newestTs: new Float64Array(topics.length),
    lastSeq: new Float64Array(topics.length),
    epoch: "",
  };
  socket.on("updates", (updates: Update[]) => onUpdates(client, updates));
  socket.on("disconnect", () => {
    if (measuring) figures.disconnects += 1;
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    const ack = (await socket.timeout(30_000).emitWithAck("subscribe", { topics })) as SubscribeAck;
    holdSnapshots(client, ack);
    clients.push(client);
  } catch {
    connectFailures += 1;
    socket.disconnect();
  }
}

async function connectAll(): Promise<void> {
  const startedMs = performance.now();
  let next = 0;
  const loops = Array.from({ length: options.connectConcurrency }, async () => {
    while (next < options.topicsBySocket.length) {
      const topics = options.topicsBySocket[next] as string[];
      next += 1;
      await openOne(topics);
    }
  });
  await Promise.all(loops);
  connectMs = performance.now() - startedMs;
}

function sampleStaleness(): void {
  if (!measuring) return;
  const nowMs = Date.now();
  for (const client of clients) {
    for (const ts of client.newestTs) {
      const age = nowMs - ts;
      recordMs(figures.staleness, age);
      if (updateIntervalMs > 0)
        recordMs(figures.behind, Math.max(0, age - updateIntervalMs - publisherTickMs));
    }
  }
}

function report(): ClientReport {
  return {
    sockets: clients.length,
    connectFailures,
    connectMs,
    elapsedMs: performance.now() - measuringSinceMs,
    ...figures,
  };
}

const sampler = setInterval(sampleStaleness, options.stalenessSampleMs);

link.listen(async ({ id, command, updateIntervalMs: interval }: ClientMessage) => {
  switch (command) {
    case "connect":
      await connectAll();
      link.send({ id, result: report() });
      return;
    case "reset":
      updateIntervalMs = interval ?? 0;
      figures = freshFigures();
      measuring = true;
      measuringSinceMs = performance.now();
      link.send({ id, result: null });
      return;
    case "report":
      measuring = false;
      link.send({ id, result: report() });
      return;
    case "close":
      clearInterval(sampler);
      for (const client of clients) client.socket.disconnect();
      link.send({ id, result: null });
      return;
  }
});
