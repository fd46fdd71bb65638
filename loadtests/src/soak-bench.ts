// `npm run bench:soak`: a long run of mixed load on the service-mode processes (API, gateway,
// feed, worker, each its own process on real PostgreSQL and Redis), to show that memory and
// latency stay flat. Sockets hold quote topics of the live feed while members place and close
// market orders, deposit money a reviewer approves, and sign in and out, each at a steady rate.
// Every minute it prints each process's RSS, live heap and CPU, and each kind of request's
// p50/p99 and errors; at the end a summary (the first, second and last minute and the slope) with
// "flat" or "growing" by the rules of soak-verdict.ts.
//
// SOAK_MINUTES (30) is the length. SOAK_ORDERS_PER_SECOND (5), SOAK_DEPOSITS_PER_MINUTE (20),
// SOAK_SIGNINS_PER_MINUTE (30), SOAK_SOCKETS (200) × SOAK_TOPICS (5) of SOAK_SYMBOLS (50) size the
// load, SOAK_MEMBERS (200) the members it goes round. It exits non-zero only when too many
// requests fail on the server's side (soak-verdict.ts) or the ledger is not whole: never on timing.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { Worker } from "node:worker_threads";
import { checkLedger, type Database, isHealthy } from "@kabuto/api";
import { createChannel, fund, jpeg, openTestDatabase, signInStaff } from "@kabuto/api/testing";
import { Redis } from "ioredis";
import { benchInstruments } from "./bench-symbols.ts";
import { inspectorNoise, liveHeapBytes } from "./heap-probe.ts";
import { quantileMs } from "./histogram.ts";
import { rssBytes, startCpuWindow } from "./proc-stats.ts";
import {
  depositAndApprove,
  type KindFigures,
  mergeFigures,
  orderAndClose,
  paced,
  type RequestKind,
  registerSoakMember,
  requestKinds,
  type SoakMember,
  signInAndOut,
  Tally,
  type Traffic,
} from "./soak-load.ts";
import { judgeLatency, judgeMemory, serverErrorsTooMany } from "./soak-verdict.ts";
import type { ClientCommand, ClientReport, ClientThreadOptions } from "./socket-clients.ts";

const root = path.resolve(import.meta.dirname, "../..");
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

function setting(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const minutes = Math.round(setting("SOAK_MINUTES", 30));
const ordersPerSecond = setting("SOAK_ORDERS_PER_SECOND", 5);
const depositsPerMinute = setting("SOAK_DEPOSITS_PER_MINUTE", 20);
const signInsPerMinute = setting("SOAK_SIGNINS_PER_MINUTE", 30);
const socketCount = Math.round(setting("SOAK_SOCKETS", 200));
const topicsPerSocket = Math.round(setting("SOAK_TOPICS", 5));
const symbolCount = Math.round(setting("SOAK_SYMBOLS", 50));
/**
 * A member may submit five deposits or withdrawals in ten minutes (api funding/fund-requests.ts):
 * deposits go round enough members that each submits at most three in ten minutes.
 */
const memberCount = Math.max(
  Math.round(setting("SOAK_MEMBERS", 200)),
  Math.ceil((depositsPerMinute * 10) / 3),
);
const minuteMs = 60_000;
/** Requests of one kind waiting for answers at once: a stalled API meets a bounded crowd, not a pile. */
const inFlightMax = 64;
/** JPY equities the orders go round: members are funded in yen only. */
const orderSymbols = ["JP:7203", "JP:6758", "JP:8306", "JP:9432"];
/** A loaded machine can take a while to start a process that migrates and back-fills. */
const startWaitMsMax = 180_000;

const roles = ["api", "worker", "feed", "gateway"] as const;
type Role = (typeof roles)[number];

interface RoleProcess {
  role: Role;
  child: ChildProcess;
  url: string;
  inspectPort: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(check: () => Promise<boolean>, what: string, waitMsMax: number): Promise<void> {
  const deadlineMs = Date.now() + waitMsMax;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadlineMs) throw new Error(`gave up waiting for ${what}`);
    await sleep(200);
  }
}

/** Starts `server/src/bin/<role>.ts` with the inspector on (for live-heap readings) and waits for its health. */
async function startRole(role: Role, env: Record<string, string>): Promise<RoleProcess> {
  const port = await freePort();
  const inspectPort = await freePort();
  const child = spawn(
    process.execPath,
    [`--inspect=127.0.0.1:${inspectPort}`, path.join(root, `server/src/bin/${role}.ts`)],
    { env: { ...process.env, ...env, PORT: String(port) }, stdio: ["ignore", "inherit", "pipe"] },
  );
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on("line", (line) => {
    if (!inspectorNoise.test(line)) process.stderr.write(`[${role}] ${line}\n`);
  });
  const url = `http://127.0.0.1:${port}`;
  // The API answers health under its prefix; the other roles at the root.
  const health = role === "api" ? `${url}/api/v1/health` : `${url}/health`;
  await until(
    async () => {
      if (child.exitCode !== null) throw new Error(`the ${role} exited during start`);
      return (await fetch(health)).ok;
    },
    `the ${role} to be healthy`,
    startWaitMsMax,
  );
  return { role, child, url, inspectPort };
}

async function stopRole(role: RoleProcess): Promise<void> {
  const { child } = role;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The socket clients' thread (socket-clients.ts), driven by its commands. */
class SocketClients {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, (report: ClientReport | null) => void>();
  private nextId = 1;

  constructor(gatewayUrl: string) {
    const symbols = benchInstruments(symbolCount).map((instrument) => instrument.symbol);
    // Socket i holds K consecutive symbols from i·K on, so every symbol has about as many holders.
    const topicsBySocket = Array.from({ length: socketCount }, (_, socket) =>
      Array.from(
        { length: Math.min(topicsPerSocket, symbols.length) },
        (_, k) => `quote:${symbols[(socket * topicsPerSocket + k) % symbols.length]}`,
      ),
    );
    const options: ClientThreadOptions = {
      url: gatewayUrl,
      topicsBySocket,
      connectConcurrency: 20,
      stalenessSampleMs: 250,
    };
    this.worker = new Worker(new URL("./socket-clients.ts", import.meta.url), { workerData: options });
    this.worker.on("message", ({ id, result }: { id: number; result: ClientReport | null }) => {
      this.waiting.get(id)?.(result);
      this.waiting.delete(id);
    });
    this.worker.on("error", (error) => console.error("socket clients' thread failed", error));
  }

  command(command: ClientCommand): Promise<ClientReport | null> {
    return new Promise((resolve) => {
      const id = this.nextId++;
      this.waiting.set(id, resolve);
      this.worker.postMessage({ id, command });
    });
  }

  async close(): Promise<void> {
    await this.command("close");
    await this.worker.terminate();
  }
}

/** One minute's figures: per process memory and CPU, per kind of request, and the quotes delivered. */
interface Minute {
  memory: Record<Role, { rssMb: number; heapMb: number; cpuPct: number }>;
  machineCpuPct: number;
  kinds: Record<RequestKind, KindFigures>;
  quotes: ClientReport;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const fixed = (value: number, digits: number, width: number) =>
  (Number.isFinite(value) ? value.toFixed(digits) : "—").padStart(width);

async function sampleMemory(processes: readonly RoleProcess[], cpu: Record<string, number>) {
  const memory = {} as Minute["memory"];
  for (const each of processes) {
    const pid = each.child.pid as number;
    memory[each.role] = {
      rssMb: mb(rssBytes(pid)),
      heapMb: mb(await liveHeapBytes(each.inspectPort)),
      cpuPct: cpu[each.role] ?? Number.NaN,
    };
  }
  return memory;
}

function printMinute(index: number, minute: Minute): void {
  console.log(
    `\nminute ${index + 1}/${minutes}   machine CPU ${minute.machineCpuPct.toFixed(0)}% (all cores)`,
  );
  console.log("  process     RSS MB   heap MB   CPU %   (heap: live after a full GC)");
  for (const role of roles) {
    const { rssMb, heapMb, cpuPct } = minute.memory[role];
    console.log(`  ${role.padEnd(9)} ${fixed(rssMb, 1, 8)} ${fixed(heapMb, 1, 9)} ${fixed(cpuPct, 0, 7)}`);
  }
  console.log("  request      ok    p50 ms    p99 ms   4xx   5xx   skipped");
  for (const kind of requestKinds) {
    const figures = minute.kinds[kind];
    const refused = [...figures.refused.values()].reduce((sum, count) => sum + count, 0);
    const codes =
      refused > 0 ? `   (${[...figures.refused].map(([code, n]) => `${code} ${n}`).join(", ")})` : "";
    console.log(
      `  ${kind.padEnd(9)} ${String(figures.ok).padStart(5)} ${fixed(quantileMs(figures.latency, 0.5), 1, 9)} ${fixed(quantileMs(figures.latency, 0.99), 1, 9)} ${String(refused).padStart(5)} ${String(figures.serverErrors).padStart(5)} ${String(figures.skipped).padStart(9)}${codes}`,
    );
  }
  const quotes = minute.quotes;
  console.log(
    `  quotes    ${(quotes.messages / (quotes.elapsedMs / 1000)).toFixed(0)}/s delivered to ${quotes.sockets} sockets; feed→client p50 ${fixed(quantileMs(quotes.latency, 0.5), 1, 0)} ms p99 ${fixed(quantileMs(quotes.latency, 0.99), 1, 0)} ms; staleness p50 ${fixed(quantileMs(quotes.staleness, 0.5), 0, 0)} ms p99 ${fixed(quantileMs(quotes.staleness, 0.99), 0, 0)} ms; disconnects ${quotes.disconnects}; seq regressions ${quotes.seqRegressions}`,
  );
}

function printSummary(run: readonly Minute[]): void {
  console.log(
    `\nSoak summary: ${run.length} minutes. Judged from minute ${run.length >= 2 ? 2 : 1} (minute 1 is warm-up).` +
      "\n  memory flat: the last minute within 10% (at least 5 MB) of that minute; slope: least squares from it on" +
      "\n  p99 flat: the last minute's at most 1.5 × that minute's, judged where both minutes had 100 answers or more",
  );
  console.log("  process   figure     min 1    min 2     last   slope MB/min   verdict");
  for (const role of roles) {
    for (const [figure, pick] of [
      ["RSS MB", (m: Minute) => m.memory[role].rssMb],
      ["heap MB", (m: Minute) => m.memory[role].heapMb],
    ] as const) {
      const series = run.map(pick);
      const judged = judgeMemory(series);
      console.log(
        `  ${role.padEnd(9)} ${figure.padEnd(8)} ${fixed(series[0] ?? Number.NaN, 1, 8)} ${fixed(series[1] ?? Number.NaN, 1, 8)} ${fixed(judged.lastMb, 1, 8)} ${fixed(judged.slopeMbPerMinute, 2, 14)}   ${judged.verdict}`,
      );
    }
  }
  const machine = run.map((m) => m.machineCpuPct);
  console.log(
    `  machine CPU %      ${fixed(machine[0] ?? Number.NaN, 0, 8)} ${fixed(machine[1] ?? Number.NaN, 0, 8)} ${fixed(machine.at(-1) ?? Number.NaN, 0, 8)}   (all cores, whatever runs: near 100 the p99s measure the machine's queue)`,
  );
  console.log("  request   p99 ms:    min 1    min 2     last   verdict");
  const latencySeries: [string, number[], number[]][] = [
    ...requestKinds.map((kind): [string, number[], number[]] => [
      kind,
      run.map((m) => quantileMs(m.kinds[kind].latency, 0.99)),
      run.map((m) => m.kinds[kind].latency.count),
    ]),
    ["quotes", run.map((m) => quantileMs(m.quotes.latency, 0.99)), run.map((m) => m.quotes.latency.count)],
  ];
  for (const [name, series, counts] of latencySeries) {
    const judged = judgeLatency(series, counts);
    console.log(
      `  ${name.padEnd(18)} ${fixed(series[0] ?? Number.NaN, 1, 8)} ${fixed(series[1] ?? Number.NaN, 1, 8)} ${fixed(judged.lastMs, 1, 8)}   ${judged.verdict}`,
    );
  }
}

/** Runs the load for `minutes`, printing each minute as it ends; returns the minutes and the whole run's tallies. */
async function soak(traffic: Traffic, processes: readonly RoleProcess[], clients: SocketClients) {
  const startedMs = performance.now();
  const untilMs = startedMs + minutes * minuteMs;
  const { tally } = traffic;
  const pacers = Promise.all([
    paced({
      perSecond: ordersPerSecond,
      untilMs,
      inFlightMax,
      task: (tick) => orderAndClose(traffic, tick),
      skipped: () => tally.skip("order"),
    }),
    paced({
      perSecond: depositsPerMinute / 60,
      untilMs,
      inFlightMax,
      task: (tick) => depositAndApprove(traffic, tick),
      skipped: () => tally.skip("deposit"),
    }),
    paced({
      perSecond: signInsPerMinute / 60,
      untilMs,
      inFlightMax,
      task: (tick) => signInAndOut(traffic, tick),
      skipped: () => tally.skip("sign-in"),
    }),
  ]);
  const pids = Object.fromEntries(processes.map((each) => [each.role, each.child.pid as number]));
  const run: Minute[] = [];
  for (let index = 0; index < minutes; index += 1) {
    const cpuWindow = startCpuWindow(pids);
    await sleep(startedMs + (index + 1) * minuteMs - performance.now());
    const kinds = tally.rotate();
    const cpu = cpuWindow();
    const quotes = (await clients.command("report")) as ClientReport;
    await clients.command("reset");
    const minute = {
      memory: await sampleMemory(processes, cpu),
      machineCpuPct: cpu.machine ?? 0,
      kinds,
      quotes,
    };
    run.push(minute);
    printMinute(index, minute);
  }
  await pacers;
  // Answers that came after the last minute closed still count towards the run's errors.
  const late = tally.rotate();
  return { run, late };
}

/** Members registered through the API, each funded in yen for a run's worth of orders. */
async function readyMembers(api: string, database: Database): Promise<SoakMember[]> {
  const members = [];
  // A few at a time: each registration hashes a password, and the machine is small.
  for (let index = 0; index < memberCount; index += 4) {
    const batch = Array.from({ length: Math.min(4, memberCount - index) }, (_, k) =>
      registerSoakMember(api, index + k),
    );
    members.push(...(await Promise.all(batch)));
  }
  for (const member of members) await fund(database, member.memberId, "JPY", 10n ** 12n);
  return members;
}

/** What every process of the run is given: a deployment's settings, with the soak's few allowances. */
function roleEnv(
  opened: { url: string; ownerUrl: string },
  prefix: string,
  uploads: string,
): Record<string, string> {
  return {
    DATABASE_URL: opened.url,
    DATABASE_MIGRATION_URL: opened.ownerUrl,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    UPLOAD_DIR: path.join(uploads, "uploads"),
    SEED_DEMO: "1",
    MARKET_HOURS: "always",
    FUND_HOURS: "always",
    // The soak's members are registered for it and never verify their identity.
    KYC_REQUIRED_FOR_TRADING: "0",
    // Every soak member registers from this one address.
    REGISTRATIONS_PER_ADDRESS_HOUR: "100000",
    // A month of daily bars and one session of minutes: a quick first back-fill.
    FEED_HISTORY_DAYS: "30",
    FEED_MINUTE_SESSIONS: "1",
    // Every API process must sign device tokens with the same key; this one dies with the run.
    DEVICE_COOKIE_SECRET: randomBytes(32).toString("base64url"),
  };
}

/** Members, staff, a deposit channel and a receipt: everything the traffic needs, made through the API. */
async function readyTraffic(api: string, database: Database): Promise<Traffic> {
  const members = await readyMembers(api, database);
  const supervisor = await signInStaff({ url: api, database }, "supervisor");
  const reviewer = await signInStaff({ url: api, database }, "reviewer");
  return {
    api,
    tally: new Tally(),
    members,
    orderSymbols,
    channelId: await createChannel(api, supervisor.auth),
    reviewerAuth: reviewer.auth,
    receipt: await jpeg(),
  };
}

function printSetup(connected: ClientReport, setupMs: number): void {
  console.log(
    `Soak: ${minutes} minutes of mixed load on the service-mode api, worker, feed and gateway (set up in ${(setupMs / 1000).toFixed(0)} s)` +
      `\n  ${ordersPerSecond} market orders/s, each closed when it fills; ${depositsPerMinute} deposits/min, each approved; ${signInsPerMinute} sign-ins/min, each signed out; ${memberCount} members` +
      `\n  ${connected.sockets} sockets (${connected.connectFailures} failed to connect) × ${topicsPerSocket} quote topics of ${symbolCount} symbols from the live feed`,
  );
}

/** The run's requests and server-side failures, and the ledger; true when the run failed. */
async function printOutcome(
  run: readonly Minute[],
  late: Record<RequestKind, KindFigures>,
  database: Database,
): Promise<boolean> {
  const whole = requestKinds.map((kind) => {
    for (const minute of run) mergeFigures(late[kind], minute.kinds[kind]);
    return late[kind];
  });
  const requests = whole.reduce((sum, figures) => sum + figures.latency.count, 0);
  const serverErrors = whole.reduce((sum, figures) => sum + figures.serverErrors, 0);
  const ledger = await checkLedger(database.db);
  const bigints = (_: string, value: unknown) => (typeof value === "bigint" ? String(value) : value);
  console.log(
    `\n  ${requests} requests, ${serverErrors} failed on the server's side (5xx or no answer); ledger ${isHealthy(ledger) ? "whole" : `NOT whole: ${JSON.stringify(ledger, bigints)}`}`,
  );
  return serverErrorsTooMany(serverErrors, requests) || !isHealthy(ledger);
}

const opened = await openTestDatabase({ server: true });
const prefix = `kabuto-soak:${randomBytes(4).toString("hex")}:`;
const uploads = await mkdtemp(path.join(tmpdir(), "kabuto-soak-"));
const redis = new Redis(redisUrl);
const processes: RoleProcess[] = [];
let clients: SocketClients | undefined;
let failed = false;
try {
  if (!opened.url || !opened.ownerUrl) throw new Error("the soak bench needs a PostgreSQL server");
  const setupStartedMs = Date.now();
  const env = roleEnv({ url: opened.url, ownerUrl: opened.ownerUrl }, prefix, uploads);
  for (const role of roles) processes.push(await startRole(role, env));
  const books = orderSymbols.map((symbol) => `${prefix}state:book:${symbol}`);
  await until(
    async () => (await redis.exists(...books)) === books.length,
    "the feed's books",
    startWaitMsMax,
  );
  const traffic = await readyTraffic(`${processes[0]?.url}/api/v1`, opened.database);
  clients = new SocketClients(processes.find((each) => each.role === "gateway")?.url as string);
  const connected = (await clients.command("connect")) as ClientReport;
  await clients.command("reset");
  printSetup(connected, Date.now() - setupStartedMs);
  const { run, late } = await soak(traffic, processes, clients);
  printSummary(run);
  failed = await printOutcome(run, late, opened.database);
} finally {
  await clients?.close().catch(() => undefined);
  for (const each of processes.reverse()) await stopRole(each);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await opened.drop();
  await rm(uploads, { recursive: true, force: true });
}
if (failed) process.exit(1);
