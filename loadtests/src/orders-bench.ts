// `npm run bench:orders`: market orders per second end to end through HTTP against real
// PostgreSQL, beside a bare Express + pg service doing one INSERT per request, measured by the
// same load generator in the same run. The ratio is the figure that holds across machines.

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { houseAccount, memberAccount, openDatabase, postJournal, transfer } from "@kabuto/api";
import { bearerTransport, sessionResponseSchema, sessionTransportHeader } from "@kabuto/shared/api/auth";
import { ensureDefined } from "@kabuto/shared/market/assert";
import { Redis } from "ioredis";
import pg from "pg";
import { type LoadResult, runLoad } from "./http-load.ts";

const root = path.resolve(import.meta.dirname, "../..");
const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const durationMs = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
const warmupMs = Number(process.env.BENCH_WARMUP_SECONDS ?? 10) * 1000;
const memberCount = 100;

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(statement);
  await client.end();
}

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
  return `  ${name.padEnd(34)} ${result.perSecond.toFixed(0).padStart(6)} req/s   p50 ${result.p50Ms.toFixed(1).padStart(5)} ms   p99 ${result.p99Ms.toFixed(1).padStart(6)} ms   errors ${result.errors}`;
}

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

  const api = start("server/src/bin/api.ts", [], {
    DATABASE_URL: databaseUrl(name),
    REDIS_URL: redisUrl,
    REDIS_PREFIX: prefix,
    PORT: String(apiPort),
    MARKET_HOURS: "always",
    // The bench's members are registered for it and never verify their identity.
    KYC_REQUIRED_FOR_TRADING: "0",
    // Every bench member registers from this one address.
    REGISTRATIONS_PER_ADDRESS_HOUR: "100000",
    SEED_DEMO: "1",
    LOG_LEVEL: "warn",
    // Service mode signs device tokens with a key of its own; the bench's is thrown away with it.
    DEVICE_COOKIE_SECRET: randomBytes(32).toString("base64url"),
  });
  children.push(api);
  const base = `http://127.0.0.1:${apiPort}/api/v1`;
  await waitFor(`${base}/health`);

  const database = await openDatabase({ url: databaseUrl(name) });
  const tokens: string[] = [];
  for (let index = 0; index < memberCount; index += 1) {
    const response = await fetch(`${base}/auth/register`, {
      method: "POST",
      // Bench members call with `Authorization: Bearer`, as a native wrapper does.
      headers: { "content-type": "application/json", [sessionTransportHeader]: bearerTransport },
      body: JSON.stringify({
        account: `070${String(10_000_000 + index)}`,
        password: "bench1234",
        passwordConfirm: "bench1234",
        inviteCode: "KABUTO",
        acceptTerms: true,
      }),
    });
    const body = sessionResponseSchema.parse(await response.json());
    tokens.push(ensureDefined(body.token, "the bench member's bearer token"));
    await database.db.transaction((tx) =>
      postJournal(
        tx,
        {
          kind: "deposit",
          memberId: body.member.id,
          ref: "bench",
          memo: null,
          description: null,
          postings: transfer(
            houseAccount("clearing", "JPY"),
            memberAccount(body.member.id, "available", "JPY"),
            10n ** 13n,
          ),
        },
        Date.now(),
      ),
    );
  }
  await database.close();

  const order = JSON.stringify({
    symbol: "JP:7203",
    side: "long",
    type: "market",
    quantity: 100,
    leverage: 3,
  });
  const placeOrder = async (loop: number, iteration: number) => {
    const response = await fetch(`${base}/orders`, {
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
  // History first: a ledger with rows behaves differently from an empty one (plans, caches).
  await runLoad({ concurrency, durationMs: warmupMs, request: placeOrder });
  await admin(`select 1`);
  const analyze = new pg.Client({ connectionString: databaseUrl(name) });
  await analyze.connect();
  await analyze.query("analyze");
  const [{ n }] = (await analyze.query("select count(*)::int as n from orders")).rows as [{ n: number }];
  await analyze.end();
  const orders = await runLoad({ concurrency, durationMs, request: placeOrder });
  await stop(api);
  children.pop();

  const bare = start("loadtests/src/bare-service.ts", [String(barePort), databaseUrl(name)], {});
  children.push(bare);
  await waitFor(`http://127.0.0.1:${barePort}/`);
  const bareBody = JSON.stringify({ member: 1, quantity: 100 });
  const bareResult = await runLoad({
    concurrency,
    durationMs,
    request: async () => {
      const response = await fetch(`http://127.0.0.1:${barePort}/orders`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: bareBody,
      });
      await response.arrayBuffer();
      return response.status === 201;
    },
  });

  console.log(
    `\nOrders through HTTP on PostgreSQL (${concurrency} concurrent clients, ${durationMs / 1000} s, ${n} orders of history, durable commits)`,
  );
  console.log(line("market orders (api, one process)", orders));
  console.log(line("bare Express + pg, one INSERT", bareResult));
  console.log(`  ratio                              ${(orders.perSecond / bareResult.perSecond).toFixed(2)}`);
} finally {
  for (const child of children) await stop(child);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await admin(`drop database if exists ${name} with (force)`);
}
