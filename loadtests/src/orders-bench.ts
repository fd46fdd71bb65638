// `npm run bench:orders`: market orders per second end to end through HTTP against real
// PostgreSQL, beside a bare Express + pg service doing one INSERT per request, measured by the
// same load generator in the same run. The ratio is the figure that holds across machines.
//
// BENCH_ROUNDS (3) rounds, the two services taking turns in alternating order, each round at
// every concurrency of BENCH_CONCURRENCY (32,128: the goal compares each service at its best, and
// on a two-core machine the bare INSERT did best near 32 to 64 clients, the batched orders at 128
// and over; a longer list such as 16,32,64,128,256 finds where each does best), then once each at
// a fixed BENCH_RATE (1000 orders a second; 0 skips it) for the tail at that load. Prints each
// round, then the median and the spread beside the goals, then the ledger check of the bench's
// database. BENCH_SECONDS (10) and BENCH_WARMUP_SECONDS (10) size the windows (about three minutes
// in all by default);
// BENCH_LONE=1 adds the API writing each order alone, for group commit's effect in the same run.

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { checkLedger, isHealthy, openDatabase } from "@kabuto/api";
import { Redis } from "ioredis";
import pg from "pg";
import { admin, databaseUrl } from "./bench-database.ts";
import { registerFundedMembers } from "./bench-members.ts";
import { type LoadResult, runLoad, runPaced } from "./http-load.ts";

const root = path.resolve(import.meta.dirname, "../..");
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const concurrencies = (process.env.BENCH_CONCURRENCY ?? "32,128").split(",").map(Number);
const durationMs = Number(process.env.BENCH_SECONDS ?? 10) * 1000;
const warmupMs = Number(process.env.BENCH_WARMUP_SECONDS ?? 10) * 1000;
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const pacedRate = Number(process.env.BENCH_RATE ?? 1000);
const memberCount = 100;
/** The issue's goals: orders at least as fast as the bare INSERT, and this tail at 1,000 a second. */
const ratioGoal = 1.0;
const pacedP99GoalMs = 50;
/** At a fixed rate, a request due while this many wait is given up (printed as given up). */
const pacedInFlightMax = 128;

function start(script: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // BENCH_PROFILE=dir writes a CPU profile of each server process there, for finding hot spots.
  const profile = process.env.BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  return spawn(process.execPath, [...profile, path.join(root, script), ...args], {
    env: { ...process.env, ...env },
    stdio: "inherit",
  });
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (
      await fetch(url).then(
        (response) => response.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

function line(name: string, result: LoadResult): string {
  return `  ${name.padEnd(34)} ${result.perSecond.toFixed(0).padStart(6)} req/s   p50 ${result.p50Ms.toFixed(1).padStart(5)} ms   p99 ${result.p99Ms.toFixed(1).padStart(6)} ms   errors ${result.errors}${result.gaveUp ? `   given up ${result.gaveUp}` : ""}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The median of the rounds and their range, e.g. `0.47 (0.41–0.52)`. */
function spread(values: number[], digits: number): string {
  const min = Math.min(...values).toFixed(digits);
  const max = Math.max(...values).toFixed(digits);
  return `${median(values).toFixed(digits)} (${min}–${max})`;
}

type Service = "kabuto" | "lone" | "bare";
const label: Record<Service, string> = {
  kabuto: "market orders (api, one process)",
  lone: "the same, each order alone",
  bare: "bare Express + pg, one INSERT",
};
/**
 * BENCH_LONE=1 adds a second API process on the same database that writes every market order
 * in its own transaction (`ORDER_BATCH_MAX=1`), taking turns with the others: group commit's
 * effect measured in the same run.
 */
const services: Service[] = process.env.BENCH_LONE === "1" ? ["kabuto", "lone", "bare"] : ["kabuto", "bare"];

const name = `kabuto_bench_${randomBytes(4).toString("hex")}`;
const prefix = `kabuto-bench:${randomBytes(4).toString("hex")}:`;
const apiPort = 3950 + Math.floor(Math.random() * 20);
const barePort = apiPort + 30;
await admin(`create database ${name}`);
const redis = new Redis(redisUrl);
const children: ChildProcess[] = [];
try {
  // A book deep enough that every order fills: the benchmark measures the ledger, not liquidity.
  const book = {
    symbol: "JP:7203",
    bids: [{ price: "2650", size: 1e9 }],
    asks: [{ price: "2650.5", size: 1e9 }],
  };
  await redis.set(
    `${prefix}state:book:JP:7203`,
    JSON.stringify({ topic: "book:JP:7203", epoch: "bench", seq: 1, ts: Date.now(), data: book }),
  );

  const deviceSecret = randomBytes(32).toString("base64url");
  const startApi = (port: number, env: NodeJS.ProcessEnv) =>
    start("server/src/bin/api.ts", [], {
      DATABASE_URL: databaseUrl(name),
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      PORT: String(port),
      MARKET_HOURS: "always",
      // The bench's members are registered for it and never verify their identity.
      KYC_REQUIRED_FOR_TRADING: "0",
      // Every bench member registers from this one address.
      REGISTRATIONS_PER_ADDRESS_HOUR: "100000",
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
      // Service mode signs device tokens with a key of its own; the bench's is thrown away with it.
      DEVICE_COOKIE_SECRET: deviceSecret,
      ...env,
    });
  const api = startApi(apiPort, {});
  children.push(api);
  const base = `http://127.0.0.1:${apiPort}/api/v1`;
  await waitFor(`${base}/health`);

  const tokens = await registerFundedMembers(base, databaseUrl(name), memberCount);

  const order = JSON.stringify({
    symbol: "JP:7203",
    side: "long",
    type: "market",
    quantity: 100,
    leverage: 3,
  });
  const orderTo = (url: string) => async (loop: number, iteration: number) => {
    const response = await fetch(`${url}/orders`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${tokens[(loop * 7 + iteration) % tokens.length]}`,
        "idempotency-key": randomUUID(),
      },
      body: order,
    });
    await response.arrayBuffer();
    return response.status === 201;
  };
  const placeOrder = orderTo(base);
  const lonePort = apiPort + 10;
  const lone = services.includes("lone") ? startApi(lonePort, { ORDER_BATCH_MAX: "1" }) : undefined;
  if (lone) {
    children.push(lone);
    await waitFor(`http://127.0.0.1:${lonePort}/api/v1/health`);
  }
  const bare = start("loadtests/src/bare-service.ts", [String(barePort), databaseUrl(name)], {});
  children.push(bare);
  await waitFor(`http://127.0.0.1:${barePort}/`);
  const bareBody = JSON.stringify({ member: 1, quantity: 100 });
  const bareOrder = async () => {
    const response = await fetch(`http://127.0.0.1:${barePort}/orders`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: bareBody,
    });
    await response.arrayBuffer();
    return response.status === 201;
  };
  const send: Record<Service, (loop: number, iteration: number) => Promise<boolean>> = {
    kabuto: placeOrder,
    lone: orderTo(`http://127.0.0.1:${lonePort}/api/v1`),
    bare: bareOrder,
  };

  // History first: a ledger with rows behaves differently from an empty one (plans, caches).
  const widest = Math.max(...concurrencies);
  await runLoad({ concurrency: widest, durationMs: warmupMs, request: placeOrder });
  if (lone) await runLoad({ concurrency: widest, durationMs: Math.min(warmupMs, 3_000), request: send.lone });
  await runLoad({ concurrency: widest, durationMs: Math.min(warmupMs, 3_000), request: bareOrder });
  const analyze = new pg.Client({ connectionString: databaseUrl(name) });
  await analyze.connect();
  await analyze.query("analyze");
  const [{ n }] = (await analyze.query("select count(*)::int as n from orders")).rows as [{ n: number }];
  await analyze.end();

  console.log(
    `\nOrders through HTTP on PostgreSQL (${durationMs / 1000} s windows, ${rounds} rounds alternating, ${n} orders of history, durable commits)`,
  );
  const closed = new Map<number, Record<Service, LoadResult[]>>(
    concurrencies.map((concurrency) => [concurrency, { kabuto: [], lone: [], bare: [] }]),
  );
  const paced: Record<Service, LoadResult[]> = { kabuto: [], lone: [], bare: [] };
  for (let round = 1; round <= rounds; round += 1) {
    const order = round % 2 === 1 ? services : [...services].reverse();
    for (const concurrency of concurrencies) {
      console.log(`round ${round} of ${rounds}, ${concurrency} concurrent clients`);
      for (const service of order) {
        const result = await runLoad({ concurrency, durationMs, request: send[service] });
        closed.get(concurrency)?.[service].push(result);
        console.log(line(label[service], result));
      }
    }
  }
  // The fixed rate last, once per service: past what a machine serves it only measures the
  // backlog, and a backlog must not disturb the rounds above.
  if (pacedRate > 0) {
    console.log(`paced at ${pacedRate} a second`);
    for (const service of services) {
      const result = await runPaced({
        perSecond: pacedRate,
        durationMs,
        maxInFlight: pacedInFlightMax,
        request: (index) => send[service](index, 0),
      });
      paced[service].push(result);
      console.log(line(label[service], result));
    }
  }

  console.log(`\nMedian of ${rounds} rounds (range in brackets)`);
  let best = { kabuto: 0, bare: 0 };
  for (const [concurrency, results] of closed) {
    const ratios = results.kabuto.map(
      (result, index) => result.perSecond / (results.bare[index]?.perSecond ?? 1),
    );
    const kabuto = median(results.kabuto.map((result) => result.perSecond));
    const bare = median(results.bare.map((result) => result.perSecond));
    best = { kabuto: Math.max(best.kabuto, kabuto), bare: Math.max(best.bare, bare) };
    console.log(
      `  ${String(concurrency).padStart(3)} clients: orders ${spread(
        results.kabuto.map((result) => result.perSecond),
        0,
      )} req/s, p99 ${spread(
        results.kabuto.map((result) => result.p99Ms),
        1,
      )} ms; bare ${spread(
        results.bare.map((result) => result.perSecond),
        0,
      )} req/s, p99 ${spread(
        results.bare.map((result) => result.p99Ms),
        1,
      )} ms; ratio ${spread(ratios, 2)}`,
    );
    if (results.lone.length > 0) {
      const gains = results.kabuto.map(
        (result, index) => result.perSecond / (results.lone[index]?.perSecond ?? 1),
      );
      const loneRatios = results.lone.map(
        (result, index) => result.perSecond / (results.bare[index]?.perSecond ?? 1),
      );
      console.log(
        `       each order alone: ${spread(
          results.lone.map((result) => result.perSecond),
          0,
        )} req/s, p99 ${spread(
          results.lone.map((result) => result.p99Ms),
          1,
        )} ms; ratio ${spread(loneRatios, 2)}; batches against alone ${spread(gains, 2)}`,
      );
    }
  }
  const bestRatio = best.kabuto / best.bare;
  console.log(
    `  goal: orders at least ${ratioGoal.toFixed(1)}× the bare INSERT, each at its best concurrency: ${bestRatio.toFixed(2)} (${best.kabuto.toFixed(0)} against ${best.bare.toFixed(0)} req/s) ${bestRatio >= ratioGoal ? "met" : "NOT MET"}`,
  );
  const [ordersPaced] = paced.kabuto;
  const [barePaced] = paced.bare;
  const [lonePaced] = paced.lone;
  if (lonePaced)
    console.log(
      `  each order alone at ${pacedRate} a second: p99 ${lonePaced.p99Ms.toFixed(1)} ms, ${lonePaced.perSecond.toFixed(0)} served a second, ${lonePaced.errors} errors, ${lonePaced.gaveUp} given up`,
    );
  if (ordersPaced && barePaced) {
    const met = ordersPaced.p99Ms <= pacedP99GoalMs && ordersPaced.errors === 0 && ordersPaced.gaveUp === 0;
    console.log(
      `  goal: p99 at most ${pacedP99GoalMs} ms at ${pacedRate} orders a second: ${ordersPaced.p99Ms.toFixed(1)} ms, ${ordersPaced.perSecond.toFixed(0)} served a second, ${ordersPaced.errors} errors, ${ordersPaced.gaveUp} given up with ${pacedInFlightMax} waiting (bare: ${barePaced.p99Ms.toFixed(1)} ms, ${barePaced.perSecond.toFixed(0)} a second, ${barePaced.errors} errors, ${barePaced.gaveUp} given up) ${met ? "met" : "NOT MET"}`,
    );
  }
  for (const process of [api, lone]) {
    if (!process) continue;
    await stop(process);
    children.splice(children.indexOf(process), 1);
  }

  const checked = await openDatabase({ url: databaseUrl(name), migrate: false });
  const report = await checkLedger(checked.db);
  await checked.close();
  console.log(
    `ledger check after the bench: ${report.accounts} accounts, ${report.journals} journals, ${isHealthy(report) ? "no drift" : "DRIFT FOUND"}`,
  );
  if (!isHealthy(report)) process.exitCode = 1;
} finally {
  for (const child of children) await stop(child);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await admin(`drop database if exists ${name} with (force)`);
}
