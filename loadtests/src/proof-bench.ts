// `npm run bench:proof`: proof of liabilities at the size of a day's book. First the pure build:
// one Merkle sum tree per currency (yen and dollars) over 100,000 members at the broker's fixed
// depth, its time (median of a few runs) and the memory the trees and paths take. Then, on real
// PostgreSQL through a service-mode API process: a supervisor's snapshot of 100,000 members end to
// end (read, build, store every leaf and path), and members' proofs served from it (req/s, p99).

import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { houseAccount, memberAccount, openDatabase, postJournal, StaffService, transfer } from "@kabuto/api";
import { bearerTransport, sessionResponseSchema, sessionTransportHeader } from "@kabuto/shared/api/auth";
import { ensureDefined } from "@kabuto/shared/market/assert";
import { buildSumTree, type ProofLeaf, proofDepthDefault } from "@kabuto/shared/proof/tree";
import pg from "pg";
import { admin, databaseUrl } from "./bench-database.ts";
import { type LoadResult, runLoad } from "./http-load.ts";

const root = path.resolve(import.meta.dirname, "../..");
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const members = Number(process.env.BENCH_MEMBERS ?? 100_000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);
const durationMs = Number(process.env.BENCH_SECONDS ?? 15) * 1000;
/** Members who sign in and ask for their proof: enough that the load is not one member's rows in cache. */
const askingMembers = 50;
const buildRuns = 3;

// A collection before each reading, so the memory figure is what the trees hold, not garbage.
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
/** The heap and the typed arrays' buffers (the trees' flat arrays live outside the JS heap). */
function heldBytes(): number {
  collect();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function leavesOf(currency: string): ProofLeaf[] {
  return Array.from({ length: members }, (_, i) => ({
    leafId: `member-${i}`,
    salt: randomBytes(16).toString("hex"),
    // Amounts spread like a book: most small, a few large, some zero.
    amount: currency === "JPY" ? BigInt((i * 7919) % 50_000_000) : BigInt((i * 104_729) % 5_000_000),
  }));
}

function pureBuild(): void {
  const inputs = { JPY: leavesOf("JPY"), USD: leavesOf("USD") };
  const times: number[] = [];
  let heapGrowth = 0;
  for (let run = 0; run < buildRuns; run++) {
    const heldBefore = heldBytes();
    const start = performance.now();
    // A snapshot stores every member's path, so the build is timed with each path read out.
    let steps = 0;
    const trees = Object.entries(inputs).map(([currency, leaves]) => {
      const tree = buildSumTree(currency, leaves, { depth: proofDepthDefault });
      for (const leaf of leaves) steps += tree.pathOf(leaf.leafId)?.siblings.length ?? 0;
      return tree;
    });
    times.push(performance.now() - start);
    heapGrowth = Math.max(heapGrowth, heldBytes() - heldBefore);
    if (steps !== trees.length * members * proofDepthDefault) throw new Error("a tree lost a member");
    trees.length = 0;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(buildRuns / 2)] ?? Number.NaN;
  console.log(
    `Proof of liabilities, pure build: 2 currencies x ${members.toLocaleString("en")} members, depth ${proofDepthDefault}`,
  );
  console.log(`  both trees and every path (median of ${buildRuns}):  ${median.toFixed(0)} ms`);
  console.log(
    `  per member-currency leaf:                    ${((median * 1000) / (2 * members)).toFixed(1)} us`,
  );
  console.log(`  memory the two built trees hold:             ${mb(heapGrowth)}`);
  console.log(`  peak resident memory of this process:        ${mb(process.resourceUsage().maxRSS * 1024)}`);
}

async function sql(url: string, statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

async function waitFor(url: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const up = await fetch(url).then(
      (response) => response.status < 500,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}

function line(name: string, result: LoadResult): string {
  return `  ${name.padEnd(34)} ${result.perSecond.toFixed(0).padStart(6)} req/s   p50 ${result.p50Ms.toFixed(1).padStart(5)} ms   p99 ${result.p99Ms.toFixed(1).padStart(6)} ms   errors ${result.errors}`;
}

async function register(base: string, index: number): Promise<{ token: string; id: string }> {
  const response = await fetch(`${base}/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", [sessionTransportHeader]: bearerTransport },
    body: JSON.stringify({
      account: `070${String(20_000_000 + index)}`,
      password: "bench1234",
      passwordConfirm: "bench1234",
      inviteCode: "KABUTO",
      acceptTerms: true,
    }),
  });
  const body = sessionResponseSchema.parse(await response.json());
  return { token: ensureDefined(body.token, "the bench member's bearer token"), id: body.member.id };
}

async function served(): Promise<void> {
  const name = `kabuto_bench_${randomBytes(4).toString("hex")}`;
  const url = databaseUrl(name);
  const apiPort = 3990 + Math.floor(Math.random() * 20);
  const base = `http://127.0.0.1:${apiPort}/api/v1`;
  await admin(`create database ${name}`);
  let api: ChildProcess | undefined;
  try {
    api = spawn(process.execPath, [path.join(root, "server/src/bin/api.ts")], {
      env: {
        ...process.env,
        DATABASE_URL: url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: `kabuto-bench:${randomBytes(4).toString("hex")}:`,
        PORT: String(apiPort),
        REGISTRATIONS_PER_ADDRESS_HOUR: "100000",
        SEED_DEMO: "1",
        LOG_LEVEL: "warn",
        DEVICE_COOKIE_SECRET: randomBytes(32).toString("base64url"),
      },
      stdio: "inherit",
    });
    await waitFor(`${base}/health`);

    // The book: members who sign in and ask for their proof, with money, and the rest as rows.
    const asking: { token: string; id: string }[] = [];
    for (let i = 0; i < askingMembers; i++) asking.push(await register(base, i));
    const database = await openDatabase({ url });
    for (const [i, member] of asking.entries()) {
      await database.db.transaction((tx) =>
        postJournal(
          tx,
          {
            kind: "deposit",
            memberId: member.id,
            ref: "bench",
            memo: null,
            description: null,
            postings: transfer(
              houseAccount("clearing", "JPY"),
              memberAccount(member.id, "available", "JPY"),
              BigInt(1_000_000 + i),
            ),
          },
          Date.now(),
        ),
      );
    }
    const rest = Math.max(0, members - askingMembers - 1);
    await sql(
      url,
      `insert into members (account, password_hash, invite_code, created_at_ms)
       select '071' || lpad(i::text, 8, '0'), 'bench', 'BENCH' || i, ${Date.now()} from generate_series(1, ${rest}) i`,
    );
    const supervisor = { login: `bench.${randomBytes(3).toString("hex")}`, password: "bench-password-1" };
    await new StaffService(database.db).create({ ...supervisor, name: "bench", role: "supervisor" }, null, {
      nowMs: Date.now(),
    });
    await database.close();
    const staffLogin = await fetch(`${base}/ops/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", [sessionTransportHeader]: bearerTransport },
      body: JSON.stringify(supervisor),
    });
    const staffToken = ensureDefined(
      ((await staffLogin.json()) as { token?: string }).token,
      "the staff token",
    );
    const counted = (await sql(url, "select count(*)::int as n from members")).rows[0]?.n as number;

    const started = performance.now();
    const taken = await fetch(`${base}/ops/proof/snapshots`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        authorization: `Bearer ${staffToken}`,
        "idempotency-key": randomBytes(8).toString("hex"),
      },
    });
    const snapshotMs = performance.now() - started;
    if (taken.status !== 201)
      throw new Error(`the snapshot was refused: ${taken.status} ${await taken.text()}`);
    const snapshot = (await taken.json()) as { id: string; roots: { currency: string }[] };
    const stored = (await sql(url, "select pg_total_relation_size('proof_leaves')::bigint as bytes")).rows[0]
      ?.bytes as string;

    const proof = await runLoad({
      concurrency,
      durationMs,
      request: async (loop, iteration) => {
        const member = asking[(loop * 7 + iteration) % asking.length];
        const response = await fetch(`${base}/proof/snapshots/${snapshot.id}/mine`, {
          headers: { authorization: `Bearer ${member?.token}` },
        });
        await response.arrayBuffer();
        return response.status === 200;
      },
    });
    const published = await runLoad({
      concurrency,
      durationMs,
      request: async () => {
        const response = await fetch(`${base}/proof/snapshots`);
        await response.arrayBuffer();
        return response.status === 200;
      },
    });

    console.log(
      `\nProof of liabilities on PostgreSQL through HTTP (${counted.toLocaleString("en")} members, ${snapshot.roots.length} currencies, ${concurrency} concurrent clients, ${durationMs / 1000} s)`,
    );
    console.log(`  a supervisor's snapshot, end to end:       ${(snapshotMs / 1000).toFixed(1)} s`);
    console.log(`  its leaves and paths on disk:              ${mb(Number(stored))}`);
    console.log(line("a member's proof served", proof));
    console.log(line("the public roots and totals", published));
  } finally {
    if (api && api.exitCode === null) {
      const exited = new Promise((resolve) => api?.once("exit", resolve));
      api.kill("SIGTERM");
      await exited;
    }
    await admin(`drop database if exists ${name} with (force)`);
  }
}

pureBuild();
await served();
