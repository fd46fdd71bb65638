// `npm run bench:gateway`: the Socket.IO gateway under quote traffic through real Redis, beside
// a bare Socket.IO server fed the same stream and driven by the same clients in the same run.
// For each point (N sockets × K topics of S symbols, R updates per symbol per second) it prints
// delivered messages/s, feed-to-client latency, state staleness, server CPU and memory, then the
// goals of the issue as met or not, and a slow-consumer phase. Prints; asserts nothing.
//
// Points: `npm run bench:gateway -- 1000:10:200:2 5000:10:200:10` (N:K:S:R), or BENCH_POINTS
// with the same syntax comma-separated. BENCH_QUICK=1 runs one tiny point for a smoke check.
// BENCH_SECONDS (15) and BENCH_WARMUP_SECONDS (5) size each window; BENCH_THREADS (2) client
// threads; BENCH_SERVERS=kabuto,bare picks the servers; BENCH_SLOW=0 skips the slow-consumer
// phase; BENCH_PROFILE=dir writes a CPU profile of every server process there; BENCH_ROUNDS=3
// measures every point three times, servers in alternating order, and judges the goals on the
// rounds together (median CPU, pooled latencies), which a 10% goal needs on a shared VM.
// BENCH_GATEWAYS=2 runs the Kabuto server as two gateway processes behind one port (its
// GATEWAY_PROCESSES); a list (`1,2`) measures each count as a server of its own in the same run
// (`kabuto`, `kabuto×2`), and each process's CPU and RSS are printed under its row. Bare
// Socket.IO stays one process: it is the yardstick of what one process does. BENCH_CLIENT_PROCS=4
// runs the clients in four processes instead of BENCH_THREADS threads of this one, each with its
// own open files limit.
import { type ChildProcess, fork, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { Worker } from "node:worker_threads";
import { openDatabase } from "@kabuto/api";
import { Redis } from "ioredis";
import { admin, databaseUrl as databaseUrlOf } from "./bench-database.ts";
import { benchInstruments } from "./bench-symbols.ts";
import { inspectorNoise, liveHeapBytes } from "./heap-probe.ts";
import { createHistogram, type Histogram, mergeInto, quantileMs } from "./histogram.ts";
import { childPids, rssBytes, startCpuWindow } from "./proc-stats.ts";
import { openSlowConsumer } from "./slow-consumer.ts";
import type { ClientCommand, ClientMessage, ClientReport, ClientThreadOptions } from "./socket-clients.ts";
import { inboundQueuedBytes, outboundQueuedBytes } from "./socket-queues.ts";

const root = path.resolve(import.meta.dirname, "../..");
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redisPort = Number(new URL(redisUrl).port || 6379);
const quick = process.env.BENCH_QUICK === "1";
const measureMs = Number(process.env.BENCH_SECONDS ?? (quick ? 5 : 15)) * 1000;
const warmupMs = Number(process.env.BENCH_WARMUP_SECONDS ?? (quick ? 2 : 5)) * 1000;
const clientThreads = Number(process.env.BENCH_THREADS ?? 2);
const serverKinds = (process.env.BENCH_SERVERS ?? "kabuto,bare").split(",") as ServerKind[];
const gatewayCounts = (process.env.BENCH_GATEWAYS ?? "1")
  .split(",")
  .map((count) => Math.max(1, Number(count)));
const clientProcesses = Math.max(0, Number(process.env.BENCH_CLIENT_PROCS ?? 0));
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
/** Idle sockets settle this long before their memory is read. */
const idleSettleMs = 3_000;
/** Every bench wait is bounded; a connect of thousands of sockets gets the longest. */
const commandTimeoutMs = 180_000;

type ServerKind = "kabuto" | "bare";

/** A server as measured: its kind and how many gateway processes it runs; `name` is its row's label. */
interface ServerSpec {
  kind: ServerKind;
  processes: number;
  name: string;
}

const servers = serverKinds.flatMap((kind): ServerSpec[] =>
  kind === "kabuto"
    ? gatewayCounts.map((processes) => ({
        kind,
        processes,
        name: processes === 1 ? "kabuto" : `kabuto×${processes}`,
      }))
    : [{ kind, processes: 1, name: kind }],
);

interface Point {
  sockets: number;
  topicsPerSocket: number;
  symbols: number;
  ratePerSymbol: number;
}

/** The default table: the light point, where bare Socket.IO starts to saturate, and the heavy point. */
const defaultPoints = "1000:10:200:2,5000:10:200:1,5000:10:200:10";
const quickPoints = "100:5:50:2";

function parsePoints(text: string): Point[] {
  return text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((item) => {
      const [sockets, topicsPerSocket, symbols, ratePerSymbol] = item.split(":").map(Number);
      const point = {
        sockets: sockets ?? Number.NaN,
        topicsPerSocket: topicsPerSocket ?? Number.NaN,
        symbols: symbols ?? Number.NaN,
        ratePerSymbol: ratePerSymbol ?? Number.NaN,
      };
      if (
        !Object.values(point).every((value) => Number.isFinite(value) && value > 0) ||
        point.topicsPerSocket > point.symbols
      ) {
        throw new Error(`a point is N:K:S:R with K <= S, got "${item}"`);
      }
      return point;
    });
}

const points = parsePoints(
  process.argv.slice(2).join(",") || process.env.BENCH_POINTS || (quick ? quickPoints : defaultPoints),
);

/** The slow-consumer phase: fast sockets beside a few that stop reading, all at the heavy rate. */
const slowPhase = {
  enabled: process.env.BENCH_SLOW !== "0",
  fastSockets: quick ? 50 : 500,
  topicsPerSocket: 10,
  slowConsumers: quick ? 2 : 5,
  symbols: quick ? 50 : 200,
  ratePerSymbol: 10,
  durationMs: (quick ? 8 : 30) * 1000,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A small seeded generator (mulberry32), so socket i holds the same topics in every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** K distinct topics out of the symbols, drawn uniformly: a partial Fisher–Yates shuffle. */
function topicsOf(socketIndex: number, count: number, symbols: readonly string[]): string[] {
  const random = seeded(socketIndex + 1);
  const pool = [...symbols];
  for (let index = 0; index < count; index += 1) {
    const pick = index + Math.floor(random() * (pool.length - index));
    [pool[index], pool[pick]] = [pool[pick] as string, pool[index] as string];
  }
  return pool.slice(0, count).map((symbol) => `quote:${symbol}`);
}

/** Every server process started, so that none outlives the bench whatever fails. */
const serverProcesses = new Set<ChildProcess>();

/** Starts a server with the inspector on `inspectPort` (for heap readings), its stderr filtered of the inspector's notices. */
function spawnServer(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  inspectPort: number,
): ChildProcess {
  const profile = process.env.BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  const child = spawn(
    process.execPath,
    [...profile, `--inspect=127.0.0.1:${inspectPort}`, path.join(root, script), ...args],
    { env: { ...process.env, ...env }, stdio: ["ignore", "inherit", "pipe"] },
  );
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on("line", (line) => {
    if (!inspectorNoise.test(line)) process.stderr.write(`${line}\n`);
  });
  serverProcesses.add(child);
  child.once("exit", () => serverProcesses.delete(child));
  return child;
}

/** A loaded machine can take a while to start a process; two minutes is plenty, not forever. */
async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 1_200; attempt += 1) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} did not come up in 120 s`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await withTimeout(exited, 15_000, "server stop").catch(() => child.kill("SIGKILL"));
}

interface Context {
  databaseUrl: string;
  prefix: string;
}

interface Server {
  child: ChildProcess;
  url: string;
  inspectPort: number;
}

/** One process of a server: the server itself, or a gateway primary and its processes. */
interface ServerProcess {
  name: string;
  pid: number;
  inspectPort: number;
}

/** The first process answers /health; the others are up once /metrics reports each of them. */
async function waitForProcesses(url: string, count: number): Promise<void> {
  for (let attempt = 0; attempt < 1_200; attempt += 1) {
    const text = await fetch(`${url}/metrics`).then(
      (response) => response.text(),
      () => "",
    );
    if ((text.match(/^kabuto_bus_up\{/gm) ?? []).length >= count) return;
    await sleep(100);
  }
  throw new Error(`${url} did not start ${count} gateway processes in 120 s`);
}

/**
 * The processes of a started server. A gateway primary's processes are its children; cluster
 * gives each its own inspector port (`--inspect-port`, the primary's plus one and up).
 */
function processesOf(server: Server, spec: ServerSpec): ServerProcess[] {
  const pid = server.child.pid as number;
  if (spec.processes === 1) return [{ name: spec.name, pid, inspectPort: server.inspectPort }];
  const children = childPids(pid).map((child, index) => {
    const command = readFileSync(`/proc/${child}/cmdline`, "utf8");
    const inspectPort = Number(/--inspect-port=(\d+)/.exec(command)?.[1]);
    return { name: `#${index + 1}`, pid: child, inspectPort };
  });
  return [{ name: "primary", pid, inspectPort: server.inspectPort }, ...children];
}

async function startServer(spec: ServerSpec, context: Context): Promise<Server> {
  const port = 4100 + Math.floor(Math.random() * 800);
  const inspectPort = port + 1000;
  const child =
    spec.kind === "kabuto"
      ? spawnServer(
          "server/src/bin/gateway.ts",
          [],
          {
            PORT: String(port),
            REDIS_URL: redisUrl,
            REDIS_PREFIX: context.prefix,
            DATABASE_URL: context.databaseUrl,
            LOG_LEVEL: "warn",
            NODE_ENV: "production",
            GATEWAY_PROCESSES: String(spec.processes),
          },
          inspectPort,
        )
      : spawnServer(
          "loadtests/src/bare-socket-io.ts",
          [String(port), redisUrl, context.prefix],
          {},
          inspectPort,
        );
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${url}/health`);
    if (spec.processes > 1) await waitForProcesses(url, spec.processes);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return { child, url, inspectPort };
}

interface PublisherReport {
  published: number;
  lagged: number;
  elapsedMs: number;
}

/** The synthetic feed process (quote-publisher.ts), driven over IPC. */
class Publisher {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  private reports: ((report: PublisherReport) => void)[] = [];

  constructor(symbols: number, prefix: string) {
    this.child = fork(
      path.join(root, "loadtests/src/quote-publisher.ts"),
      [redisUrl, prefix, String(symbols)],
      {
        stdio: "inherit",
      },
    );
    this.ready = withTimeout(
      new Promise((resolve) => {
        this.child.on("message", (message: { ready?: boolean } & Partial<PublisherReport>) => {
          if (message.ready) resolve();
          if (message.published !== undefined) {
            this.reports.shift()?.({
              published: message.published,
              lagged: message.lagged ?? 0,
              elapsedMs: message.elapsedMs ?? Number.NaN,
            });
          }
        });
      }),
      30_000,
      "publisher start",
    );
  }

  setRate(ratePerSymbol: number): void {
    this.child.send({ rate: ratePerSymbol });
  }

  /** Updates published (and dropped for lag) since the previous report, over its own clock. */
  report(): Promise<PublisherReport> {
    const answer = new Promise<PublisherReport>((resolve) => this.reports.push(resolve));
    this.child.send({ report: true });
    return withTimeout(answer, 30_000, "publisher report");
  }

  async stop(): Promise<void> {
    if (!this.child.connected) return;
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    this.child.send({ stop: true });
    await withTimeout(exited, 10_000, "publisher stop").catch(() => this.child.kill("SIGKILL"));
  }
}

/** One thread or process of clients, as the fleet drives it. */
interface ClientUnit {
  post(message: ClientMessage): void;
  /** A client process's pid; threads share this process's. */
  pid: number | undefined;
  end(): Promise<unknown>;
}

/**
 * The clients (socket-clients.ts), each unit owning a contiguous share of the sockets: threads
 * of this process, or with BENCH_CLIENT_PROCS processes of their own (each with its own open
 * files limit, so a point's sockets are not capped by one process's).
 */
class ClientFleet {
  private readonly units: ClientUnit[];
  private nextId = 0;
  private readonly waiting = new Map<number, (result: ClientReport | null) => void>();

  constructor(url: string, topicsBySocket: string[][]) {
    const count = clientProcesses > 0 ? clientProcesses : clientThreads;
    const share = Math.ceil(topicsBySocket.length / count);
    const script = new URL("./socket-clients.ts", import.meta.url);
    const answer = ({ id, result }: { id: number; result: ClientReport | null }) => {
      this.waiting.get(id)?.(result);
      this.waiting.delete(id);
    };
    this.units = Array.from({ length: count }, (_, unit) => {
      const options: ClientThreadOptions = {
        url,
        topicsBySocket: topicsBySocket.slice(unit * share, (unit + 1) * share),
        connectConcurrency: 50,
        stalenessSampleMs: 250,
      };
      if (clientProcesses > 0) {
        // Advanced serialization: the reports' histograms are Float64Arrays.
        const child = fork(script, [], { serialization: "advanced", stdio: "inherit" });
        child.send(options);
        child.on("message", answer);
        return {
          post: (message) => child.send(message),
          pid: child.pid,
          end: () => {
            if (child.exitCode !== null) return Promise.resolve();
            const exited = new Promise((resolve) => child.once("exit", resolve));
            child.kill("SIGKILL");
            return exited;
          },
        };
      }
      const worker = new Worker(script, { workerData: options });
      worker.on("message", answer);
      worker.on("error", (error) => console.error("client thread failed", error));
      return {
        post: (message) => worker.postMessage(message),
        pid: undefined,
        end: () => worker.terminate(),
      };
    });
  }

  /** The client processes' pids (none when the clients are threads of this process). */
  pids(): number[] {
    return this.units.flatMap((unit) => (unit.pid === undefined ? [] : [unit.pid]));
  }

  /** Sends every unit `command`; a `reset` tells them the feed's interval between a symbol's updates. */
  async command(command: ClientCommand, updateIntervalMs?: number): Promise<ClientReport[]> {
    const answers = this.units.map(
      (unit) =>
        new Promise<ClientReport | null>((resolve) => {
          const id = this.nextId++;
          this.waiting.set(id, resolve);
          unit.post({ id, command, ...(updateIntervalMs === undefined ? {} : { updateIntervalMs }) });
        }),
    );
    const results = await withTimeout(Promise.all(answers), commandTimeoutMs, `clients ${command}`);
    return results.filter((result): result is ClientReport => result !== null);
  }

  async close(): Promise<void> {
    await this.command("close").catch(() => undefined);
    await Promise.all(this.units.map((unit) => unit.end()));
  }
}

interface Merged {
  sockets: number;
  connectFailures: number;
  connectMs: number;
  elapsedMs: number;
  messages: number;
  frames: number;
  seqRegressions: number;
  seqSkipped: number;
  stray: number;
  disconnects: number;
  latency: Histogram;
  staleness: Histogram;
  behind: Histogram;
}

function merge(reports: ClientReport[]): Merged {
  const merged: Merged = {
    sockets: 0,
    connectFailures: 0,
    connectMs: 0,
    elapsedMs: 0,
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
  for (const report of reports) {
    merged.sockets += report.sockets;
    merged.connectFailures += report.connectFailures;
    merged.connectMs = Math.max(merged.connectMs, report.connectMs);
    merged.elapsedMs = Math.max(merged.elapsedMs, report.elapsedMs);
    merged.messages += report.messages;
    merged.frames += report.frames;
    merged.seqRegressions += report.seqRegressions;
    merged.seqSkipped += report.seqSkipped;
    merged.stray += report.stray;
    merged.disconnects += report.disconnects;
    mergeInto(merged.latency, report.latency);
    mergeInto(merged.staleness, report.staleness);
    mergeInto(merged.behind, report.behind);
  }
  return merged;
}

async function redisPid(redis: Redis): Promise<number | undefined> {
  const info = await redis.info("server");
  const pid = Number(/process_id:(\d+)/.exec(info)?.[1]);
  try {
    rssBytes(pid);
    return pid;
  } catch {
    return undefined;
  }
}

/** One server process's share of a point: CPU and wait in % of one core, peak RSS. */
interface ProcessFigures {
  name: string;
  cpu: number;
  wait: number;
  rssMaxBytes: number;
}

interface PointResult {
  point: Point;
  server: string;
  clients: Merged;
  publishedPerSecond: number;
  lagged: number;
  offeredPerSecond: number;
  cpu: Record<string, number>;
  /** Peak bytes waiting in kernel and Redis buffers, towards the clients and from the bus. */
  queues: { outboundBytes: number; inboundBytes: number };
  rssZeroBytes: number;
  rssIdleBytes: number;
  /** Live JavaScript memory (heap and external) after a full GC, with no sockets and with N idle ones. */
  heapZeroBytes: number;
  heapIdleBytes: number;
  rssMaxBytes: number;
  /** Each server process, when the server runs more than one. */
  processes: ProcessFigures[];
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

async function measurePoint(
  spec: ServerSpec,
  point: Point,
  context: Context & { publisher: Publisher; redis: Redis; redisPid: number | undefined },
): Promise<PointResult> {
  const symbols = benchInstruments(point.symbols).map((instrument) => instrument.symbol);
  const topicsBySocket = Array.from({ length: point.sockets }, (_, index) =>
    topicsOf(index, point.topicsPerSocket, symbols),
  );
  const server = await startServer(spec, context);
  const { child, url } = server;
  const pid = child.pid as number;
  const port = Number(new URL(url).port);
  let fleet: ClientFleet | undefined;
  try {
    await sleep(1_000);
    // Memory is summed over the server's processes. Both readings follow a full GC, so they
    // count what is live, not what awaits collection.
    const processes = processesOf(server, spec);
    const pidsOf = processes.map((each) => each.pid);
    const liveHeap = async () =>
      sum(await Promise.all(processes.map((each) => liveHeapBytes(each.inspectPort))));
    const rss = () => sum(pidsOf.map(rssBytes));
    const heapZeroBytes = await liveHeap();
    const rssZeroBytes = rss();
    fleet = new ClientFleet(url, topicsBySocket);
    const connected = merge(await fleet.command("connect"));
    await sleep(idleSettleMs);
    const heapIdleBytes = await liveHeap();
    const rssIdleBytes = rss();

    context.publisher.setRate(point.ratePerSymbol);
    await sleep(warmupMs);
    await context.publisher.report();
    await fleet.command("reset", 1000 / point.ratePerSymbol);
    const pids: Record<string, number> = { clients: process.pid };
    for (const each of processes) pids[`server ${each.name}`] = each.pid;
    for (const [index, clientPid] of fleet.pids().entries()) pids[`client ${index + 1}`] = clientPid;
    if (context.publisher.child.pid) pids.publisher = context.publisher.child.pid;
    if (context.redisPid) pids.redis = context.redisPid;
    const cpuWindow = startCpuWindow(pids);
    let rssMaxBytes = 0;
    const processRssMax = processes.map(() => 0);
    const readRss = () => {
      const each = pidsOf.map(rssBytes);
      for (const [index, bytes] of each.entries())
        processRssMax[index] = Math.max(processRssMax[index] ?? 0, bytes);
      rssMaxBytes = Math.max(rssMaxBytes, sum(each));
    };
    const rssTimer = setInterval(readRss, 1_000);
    // Queues are read twice, mid-window and at its end (reading them costs the machine some CPU).
    const queues = { outboundBytes: 0, inboundBytes: 0 };
    const readQueues = async () => {
      queues.outboundBytes = Math.max(queues.outboundBytes, outboundQueuedBytes(port));
      queues.inboundBytes = Math.max(
        queues.inboundBytes,
        await inboundQueuedBytes(context.redis, redisPort, pid),
      );
    };
    await sleep(measureMs / 2);
    await readQueues();
    await sleep(measureMs / 2);
    const cpu = totalled(cpuWindow(), processes, fleet.pids().length);
    clearInterval(rssTimer);
    await readQueues();
    readRss();
    const published = await context.publisher.report();
    const clients = { ...merge(await fleet.command("report")), connectMs: connected.connectMs };
    context.publisher.setRate(0);

    const publishedPerSecond = (published.published * 1000) / published.elapsedMs;
    // Every symbol is published equally often, so each socket-topic pair gets 1/S of the stream.
    const offeredPerSecond = (publishedPerSecond * clients.sockets * point.topicsPerSocket) / point.symbols;
    return {
      point,
      server: spec.name,
      clients,
      publishedPerSecond,
      lagged: published.lagged,
      offeredPerSecond,
      cpu,
      queues,
      rssZeroBytes,
      rssIdleBytes,
      heapZeroBytes,
      heapIdleBytes,
      rssMaxBytes,
      processes:
        processes.length > 1
          ? processes.map((each, index) => ({
              name: each.name,
              cpu: cpu[`server ${each.name}`] ?? Number.NaN,
              wait: cpu[`server ${each.name}Wait`] ?? Number.NaN,
              rssMaxBytes: processRssMax[index] ?? Number.NaN,
            }))
          : [],
    };
  } finally {
    context.publisher.setRate(0);
    await fleet?.close();
    await stop(child);
  }
}

/**
 * The CPU window's figures with the server's processes added up into `server` (its wait the
 * worst process's: the one whose sockets wait longest) and the client processes into `clients`.
 */
function totalled(
  cpu: Record<string, number>,
  processes: ServerProcess[],
  clientCount: number,
): Record<string, number> {
  const names = processes.map((each) => `server ${each.name}`);
  const clients = Array.from({ length: clientCount }, (_, index) => `client ${index + 1}`);
  return {
    ...cpu,
    server: sum(names.map((name) => cpu[name] ?? 0)),
    serverWait: Math.max(...names.map((name) => cpu[`${name}Wait`] ?? 0)),
    clients: sum(["clients", ...clients].map((name) => cpu[name] ?? 0)),
  };
}

interface SlowResult {
  server: string;
  rssSamplesBytes: number[];
  closedByServer: number;
  fast: Merged;
}

async function measureSlowConsumers(
  spec: ServerSpec,
  context: Context & { publisher: Publisher },
): Promise<SlowResult> {
  const symbols = benchInstruments(slowPhase.symbols).map((instrument) => instrument.symbol);
  const allTopics = symbols.slice(0, 200).map((symbol) => `quote:${symbol}`);
  const server = await startServer(spec, context);
  const { child, url } = server;
  const pids = processesOf(server, spec).map((each) => each.pid);
  const rss = () => sum(pids.map(rssBytes));
  const fleet = new ClientFleet(
    url,
    Array.from({ length: slowPhase.fastSockets }, (_, index) =>
      topicsOf(index, slowPhase.topicsPerSocket, symbols),
    ),
  );
  const slow = [];
  try {
    await fleet.command("connect");
    for (let index = 0; index < slowPhase.slowConsumers; index += 1) {
      slow.push(await openSlowConsumer(url, allTopics));
    }
    await sleep(1_000);
    const rssSamplesBytes = [rss()];
    context.publisher.setRate(slowPhase.ratePerSymbol);
    // The fast sockets' figures start once every topic has moved at least once.
    await sleep(Math.min(warmupMs, 2_000));
    rssSamplesBytes.push(rss());
    await fleet.command("reset", 1000 / slowPhase.ratePerSymbol);
    for (let second = 0; second < slowPhase.durationMs / 1000; second += 1) {
      await sleep(1_000);
      rssSamplesBytes.push(rss());
    }
    const fast = merge(await fleet.command("report"));
    context.publisher.setRate(0);
    let closedByServer = 0;
    for (const consumer of slow.splice(0)) {
      if ((await consumer.close()).closedByServer) closedByServer += 1;
    }
    return { server: spec.name, rssSamplesBytes, closedByServer, fast };
  } finally {
    context.publisher.setRate(0);
    for (const consumer of slow) await consumer.close();
    await fleet.close();
    await stop(child);
  }
}

// ---- printing ----

const mb = (bytes: number) => bytes / 2 ** 20;
const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "-");
const thousands = (value: number) =>
  Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "-";

function pointName(point: Point): string {
  return `${point.sockets}×${point.topicsPerSocket} S${point.symbols} R${point.ratePerSymbol}`;
}

const columns: [string, number][] = [
  ["point", 20],
  ["server", 9],
  ["offered/s", 10],
  ["delivered/s", 12],
  ["frames/s", 9],
  ["p50 ms", 7],
  ["p99 ms", 8],
  ["max ms", 8],
  ["stale p99", 10],
  ["age p99", 8],
  ["srv CPU%", 9],
  ["µs/msg", 7],
  ["srv wait%", 10],
  ["cli CPU%", 9],
  ["redis%", 7],
  ["pub%", 5],
  ["other%", 7],
  ["RSS MB", 7],
  ["out-q MB", 9],
  ["in-q MB", 8],
  ["KB/idle", 8],
  ["heap KB", 8],
  ["skipped%", 9],
  ["bad", 4],
  ["lost", 5],
];

function row(cells: string[]): string {
  return cells
    .map((cell, index) => {
      const width = columns[index]?.[1] ?? 8;
      return index < 2 ? cell.padEnd(width) : cell.padStart(width);
    })
    .join(" ");
}

/** CPU used by everything on the machine but the bench's own processes, in % of one core. */
function othersCpu(cpu: Record<string, number>): number {
  const ours = ["server", "clients", "redis", "publisher"].reduce((sum, name) => sum + (cpu[name] ?? 0), 0);
  return Math.max(0, ((cpu.machine ?? Number.NaN) / 100) * availableParallelism() * 100 - ours);
}

function resultRow(result: PointResult): string {
  const { clients } = result;
  const seconds = clients.elapsedMs / 1000;
  const perSocketKb = (result.rssIdleBytes - result.rssZeroBytes) / Math.max(1, clients.sockets) / 1024;
  return row([
    pointName(result.point),
    result.server,
    thousands(result.offeredPerSecond),
    thousands(clients.messages / seconds),
    thousands(clients.frames / seconds),
    fixed(quantileMs(clients.latency, 0.5), 1),
    fixed(quantileMs(clients.latency, 0.99), 1),
    fixed(clients.latency.maxUs / 1000),
    fixed(quantileMs(clients.behind, 0.99)),
    fixed(quantileMs(clients.staleness, 0.99)),
    fixed(result.cpu.server ?? Number.NaN),
    fixed(((result.cpu.server ?? Number.NaN) * 10_000) / (clients.messages / seconds), 1),
    fixed(result.cpu.serverWait ?? Number.NaN),
    fixed(result.cpu.clients ?? Number.NaN),
    fixed(result.cpu.redis ?? Number.NaN),
    fixed(result.cpu.publisher ?? Number.NaN),
    fixed(othersCpu(result.cpu)),
    fixed(mb(result.rssMaxBytes)),
    fixed(mb(result.queues.outboundBytes), 1),
    fixed(mb(result.queues.inboundBytes), 1),
    fixed(perSocketKb, 1),
    fixed((result.heapIdleBytes - result.heapZeroBytes) / Math.max(1, clients.sockets) / 1024, 1),
    fixed((clients.seqSkipped / Math.max(1, clients.messages + clients.seqSkipped)) * 100, 1),
    String(clients.seqRegressions + clients.stray),
    String(clients.disconnects + clients.connectFailures),
  ]);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * A point's rounds taken together: latencies and staleness pooled, counts summed over the
 * summed windows, CPU figures the median round's (one disturbed round cannot swing them).
 */
function combine(results: PointResult[]): PointResult | undefined {
  const [first] = results;
  if (!first || results.length === 1) return first;
  const cpu: Record<string, number> = {};
  for (const name of Object.keys(first.cpu)) {
    cpu[name] = median(results.map((result) => result.cpu[name] ?? Number.NaN));
  }
  const clients = merge(results.map((result) => result.clients));
  clients.elapsedMs = results.reduce((sum, result) => sum + result.clients.elapsedMs, 0);
  clients.sockets = first.clients.sockets;
  return {
    ...first,
    clients,
    cpu,
    offeredPerSecond: median(results.map((result) => result.offeredPerSecond)),
    rssMaxBytes: Math.max(...results.map((result) => result.rssMaxBytes)),
  };
}

function verdict(ok: boolean | undefined): string {
  return ok === undefined ? "not measured" : ok ? "met" : "NOT MET";
}

function printGoals(results: PointResult[], slow: SlowResult[]): void {
  // The first point that matches, its rounds taken together: two different matching points
  // (say R10 and R20) are never pooled as if they were rounds of one.
  const find = (server: string, match: (point: Point) => boolean) => {
    const point = points.find(match);
    return combine(results.filter((result) => result.server === server && result.point === point));
  };
  const isHeavy = (point: Point) =>
    point.sockets >= 5000 &&
    point.topicsPerSocket === 10 &&
    point.symbols === 200 &&
    point.ratePerSymbol >= 10;
  const isLight = (point: Point) =>
    point.sockets === 1000 &&
    point.topicsPerSocket === 10 &&
    point.symbols === 200 &&
    point.ratePerSymbol === 2;
  const p99 = (result: PointResult | undefined) =>
    result ? quantileMs(result.clients.latency, 0.99) : Number.NaN;
  const stale = (result: PointResult | undefined) =>
    result ? quantileMs(result.clients.behind, 0.99) : Number.NaN;

  // (a) to (d) are about one gateway process (the first count of BENCH_GATEWAYS); (e) about the most.
  const kabutoSpecs = servers.filter((spec) => spec.kind === "kabuto");
  const kabuto = kabutoSpecs[0]?.name ?? "kabuto";
  const widest = kabutoSpecs.reduce<ServerSpec | undefined>(
    (most, spec) => (most && most.processes >= spec.processes ? most : spec),
    undefined,
  );
  console.log(`\nGoals (${kabuto})`);
  const heavy = find(kabuto, isHeavy);
  const heavyBare = find("bare", isHeavy);
  console.log(
    `  (a) 5000×10, S200, R10: staleness p99 < 250 ms and latency p99 < 150 ms: ${verdict(
      heavy ? stale(heavy) < 250 && p99(heavy) < 150 : undefined,
    )} (kabuto stale ${fixed(stale(heavy))} ms, p99 ${fixed(p99(heavy))} ms; bare stale ${fixed(
      stale(heavyBare),
    )} ms, p99 ${fixed(p99(heavyBare))} ms)`,
  );
  const light = find(kabuto, isLight);
  const lightBare = find("bare", isLight);
  const cpu = light?.cpu.server ?? Number.NaN;
  const cpuBare = lightBare?.cpu.server ?? Number.NaN;
  console.log(
    `  (b) 1000×10, R2: CPU <= bare × 1.10 and p99 <= bare p99 + 5 ms: ${verdict(
      light && lightBare ? cpu <= cpuBare * 1.1 && p99(light) <= p99(lightBare) + 5 : undefined,
    )} (CPU ${fixed(cpu)}% vs ${fixed(cpuBare)}%, p99 ${fixed(p99(light), 1)} vs ${fixed(p99(lightBare), 1)} ms)`,
  );
  const perSocket = results
    .filter((result) => result.server === kabuto)
    .map(
      (result) =>
        // The larger of the two readings: RSS can hide sockets in heap the process already had.
        Math.max(result.rssIdleBytes - result.rssZeroBytes, result.heapIdleBytes - result.heapZeroBytes) /
        result.clients.sockets /
        1024,
    );
  const worst = perSocket.length > 0 ? Math.max(...perSocket) : Number.NaN;
  console.log(
    `  (c) at most 30 KB per idle socket (the larger of RSS and live heap): ${verdict(
      perSocket.length > 0 ? worst <= 30 : undefined,
    )} (worst ${fixed(worst, 1)} KB)`,
  );
  const slowKabuto = slow.find((result) => result.server === kabuto);
  const growth = slowKabuto ? lastHalfGrowthMb(slowKabuto) : Number.NaN;
  console.log(
    `  (d) memory flat under a slow consumer (< 10 MB growth over the phase's second half): ${verdict(
      slowKabuto ? growth < 10 : undefined,
    )} (${fixed(growth, 1)} MB)`,
  );
  const isScale = (point: Point) =>
    point.sockets >= 50_000 &&
    point.topicsPerSocket === 10 &&
    point.symbols === 200 &&
    point.ratePerSymbol === 1;
  const scale = widest ? find(widest.name, isScale) : undefined;
  const scaleKb = scale
    ? (scale.rssIdleBytes - scale.rssZeroBytes) / scale.clients.sockets / 1024
    : Number.NaN;
  console.log(
    `  (e) 50000×10, S200, R1 on ${widest?.name ?? "kabuto"}: p99 <= 150 ms, stale p99 <= 250 ms, at most 16 KB per idle socket (RSS, all processes): ${verdict(
      scale ? p99(scale) <= 150 && stale(scale) <= 250 && scaleKb <= 16 : undefined,
    )} (p99 ${fixed(p99(scale))} ms, stale ${fixed(stale(scale))} ms, ${fixed(scaleKb, 1)} KB)`,
  );
}

function lastHalfGrowthMb(result: SlowResult): number {
  const samples = result.rssSamplesBytes;
  const half = samples[Math.floor(samples.length / 2)] ?? Number.NaN;
  return mb((samples.at(-1) ?? Number.NaN) - half);
}

function printSlow(results: SlowResult[]): void {
  console.log(
    `\nSlow consumers: ${slowPhase.slowConsumers} sockets holding all ${Math.min(200, slowPhase.symbols)} quote topics stop reading, beside ${slowPhase.fastSockets}×${slowPhase.topicsPerSocket} normal sockets, R${slowPhase.ratePerSymbol}, ${slowPhase.durationMs / 1000} s`,
  );
  console.log(
    "  server   RSS start  RSS mid  RSS end  RSS peak  growth 2nd half  closed by server  fast p99 ms  fast stale p99 ms",
  );
  for (const result of results) {
    const samples = result.rssSamplesBytes;
    console.log(
      `  ${result.server.padEnd(7)} ${fixed(mb(samples[0] ?? Number.NaN)).padStart(7)} MB ${fixed(
        mb(samples[Math.floor(samples.length / 2)] ?? Number.NaN),
      ).padStart(5)} MB ${fixed(mb(samples.at(-1) ?? Number.NaN)).padStart(5)} MB ${fixed(
        mb(Math.max(...samples)),
      ).padStart(
        6,
      )} MB ${fixed(lastHalfGrowthMb(result), 1).padStart(12)} MB ${`${result.closedByServer}/${slowPhase.slowConsumers}`.padStart(17)} ${fixed(
        quantileMs(result.fast.latency, 0.99),
        1,
      ).padStart(12)} ${fixed(quantileMs(result.fast.behind, 0.99)).padStart(18)}`,
    );
  }
}

const legend = [
  "  offered = published × holders per topic; delivered, frames = updates, frames received per second;",
  "  p50/p99/max = feed-to-client latency (receive time − ts); stale p99 = how long a held topic has been behind",
  "  the feed (0 while it holds the newest state; the feed publishes each symbol once an interval, so past one",
  "  interval and a 10 ms tick after the held state's ts a newer one was out), sampled every 250 ms per topic;",
  "  age p99 = the held state's age (now − ts), at least one interval however fast the gateway (about 1 s at R1);",
  "  CPU in % of one core; µs/msg = server CPU time per delivered update;",
  "  srv wait% = share of the window the server's event loop was runnable but had no core (the machine was busy);",
  "  other% = CPU of everything else on the machine, other users' jobs included (over ~20% skews every figure);",
  "  RSS = peak in the window; KB/idle = (RSS with N idle subscribed sockets − RSS with none) / N, after a full GC;",
  "  heap KB = the same for live JS memory (V8 heap + external), which a process with spare heap cannot hide;",
  "  out-q, in-q = bytes waiting in TCP buffers towards the clients, and in Redis and TCP buffers from the bus (peak of 2 reads);",
  "  skipped% = updates conflated away; bad = seq regressions + updates of topics not held; lost = disconnects + failed connects.",
];

/** A result's row, and under it each server process's CPU (its wait) and peak RSS when there are several. */
function printResult(result: PointResult): void {
  console.log(resultRow(result));
  if (result.processes.length === 0) return;
  const each = result.processes.map(
    (figures) =>
      `${figures.name} ${fixed(figures.cpu)}% (wait ${fixed(figures.wait)}%) ${fixed(mb(figures.rssMaxBytes))} MB`,
  );
  console.log(`${" ".repeat(21)}processes: ${each.join(", ")}`);
}

function printTable(results: PointResult[]): void {
  // Bare Socket.IO when it ran; else the first Kabuto server (say one process, beside two).
  const baseline = servers.find((spec) => spec.kind === "bare")?.name ?? servers[0]?.name ?? "bare";
  console.log(
    `\nGateway through Redis beside bare Socket.IO (${measureMs / 1000} s per point after ${warmupMs / 1000} s warm-up, ${clientProcesses > 0 ? `${clientProcesses} client processes` : `${clientThreads} client threads`}, websocket, ${availableParallelism()} cores)`,
  );
  console.log(row(columns.map(([name]) => name)));
  for (const result of results) printResult(result);
  for (const result of results.filter((each) => each.lagged > 0)) {
    console.log(
      `  note: the publisher fell over a second behind during ${pointName(result.point)} on ${result.server} and skipped ${result.lagged} updates`,
    );
  }
  console.log(
    `\nkabuto / ${baseline}, per point${rounds > 1 ? ` (${rounds} rounds together: median CPU, pooled latencies)` : ""}`,
  );
  for (const point of points) {
    const bare = combine(results.filter((result) => result.point === point && result.server === baseline));
    for (const spec of servers.filter((each) => each.kind === "kabuto" && each.name !== baseline)) {
      const ours = combine(results.filter((result) => result.point === point && result.server === spec.name));
      if (!ours || !bare) continue;
      const rate = (result: PointResult) => result.clients.messages / result.clients.elapsedMs;
      console.log(
        `  ${pointName(point).padEnd(20)} ${spec.name.padEnd(9)} delivered ×${fixed(rate(ours) / rate(bare), 2)}   server CPU ×${fixed(
          (ours.cpu.server ?? 0) / (bare.cpu.server ?? 1),
          2,
        )}   p99 ${fixed(quantileMs(ours.clients.latency, 0.99) - quantileMs(bare.clients.latency, 0.99), 1)} ms   stale p99 ${fixed(quantileMs(ours.clients.behind, 0.99) - quantileMs(bare.clients.behind, 0.99))} ms`,
      );
    }
  }
}

// ---- the run ----

const databaseName = `kabuto_bench_${randomBytes(4).toString("hex")}`;
const prefix = `kabuto-bench:${randomBytes(4).toString("hex")}:`;
const databaseUrl = databaseUrlOf(databaseName);

await admin(`create database ${databaseName}`);
// Migrated as the API would in service mode: the gateway reads sessions and listed new shares.
await (await openDatabase({ url: databaseUrl })).close();
const redis = new Redis(redisUrl);
const symbolsMax = Math.max(
  ...points.map((point) => point.symbols),
  slowPhase.enabled ? slowPhase.symbols : 0,
);
const publisher = new Publisher(symbolsMax, prefix);
try {
  await publisher.ready;
  const context = { databaseUrl, prefix, publisher, redis, redisPid: await redisPid(redis) };
  const results: PointResult[] = [];
  for (let round = 1; round <= rounds; round += 1) {
    for (const point of points) {
      // Alternating the order keeps a slow drift of the machine from favouring one server.
      for (const spec of round % 2 === 1 ? servers : [...servers].reverse()) {
        console.log(
          `… ${pointName(point)} on ${spec.name}${rounds > 1 ? `, round ${round} of ${rounds}` : ""}`,
        );
        // A point that fails (a server that dies, clients that cannot connect) is reported and skipped.
        const result = await measurePoint(spec, point, context).catch((error: unknown) => {
          console.error(`  ${pointName(point)} on ${spec.name} failed: ${String(error)}`);
          return undefined;
        });
        if (!result) continue;
        console.log(row(columns.map(([name]) => name)));
        printResult(result);
        results.push(result);
      }
    }
  }
  const slow: SlowResult[] = [];
  if (slowPhase.enabled) {
    for (const spec of servers) {
      console.log(`… slow consumers on ${spec.name}`);
      const result = await measureSlowConsumers(spec, context).catch((error: unknown) => {
        console.error(`  slow consumers on ${spec.name} failed: ${String(error)}`);
        return undefined;
      });
      if (result) slow.push(result);
    }
  }
  printTable(results);
  console.log(legend.join("\n"));
  if (slow.length > 0) printSlow(slow);
  printGoals(results, slow);
} finally {
  for (const child of serverProcesses) await stop(child);
  await publisher.stop();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await admin(`drop database if exists ${databaseName} with (force)`);
}
