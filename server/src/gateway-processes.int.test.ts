import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import {
  call,
  databaseSettings,
  fund,
  openTestDatabase,
  registerMember,
  seedDemo,
  testRedisPrefix,
} from "@kabuto/api/testing";
import type { Update } from "@kabuto/shared/protocol/socket";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "./platform.ts";
import { testEnv } from "./testing.ts";

/**
 * `npm run start:gateway` with GATEWAY_PROCESSES=2: two gateway processes behind one port, on
 * the Redis bus of an API, worker and feed. Sockets land on both, and each gets its quotes, its
 * member's account events and the sign-out, whichever process holds it. Service mode, on the
 * PostgreSQL and Redis of DATABASE_URL and REDIS_URL (the local defaults when unset).
 */
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const root = path.resolve(import.meta.dirname, "../..");
/** Enough sockets that the kernel all but surely hands some to each process (2 × 2⁻¹² that it does not). */
const socketCount = 12;
let platform: Platform;
let gateway: ChildProcess;
let gatewayUrl: string;
let drop: () => Promise<void>;
const sockets: Socket[] = [];

beforeAll(async () => {
  const opened = await openTestDatabase({ server: true });
  drop = opened.drop;
  const shared = {
    PORT: "0",
    FEED_STEP_MS: "100",
    REDIS_URL: redisUrl,
    REDIS_PREFIX: testRedisPrefix(),
    ...databaseSettings(opened),
  };
  platform = await startPlatform(testEnv(shared), ["api", "worker", "feed"], 0);
  gateway = spawn(process.execPath, [path.join(root, "server/src/bin/gateway.ts")], {
    env: { ...process.env, ...testEnv(shared), GATEWAY_PROCESSES: "2", LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // The primary says where it listens once both processes do.
  gatewayUrl = await new Promise<string>((resolve, reject) => {
    gateway.once("exit", (code) => reject(new Error(`the gateway exited during start (${code})`)));
    createInterface({ input: gateway.stdout as NodeJS.ReadableStream }).on("line", (line) => {
      const entry = JSON.parse(line) as { primary?: boolean; msg?: string };
      const url = entry.primary && entry.msg?.match(/^listening on (\S+)/)?.[1];
      if (url) resolve(url);
    });
  });
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  if (gateway && gateway.exitCode === null) gateway.kill("SIGKILL");
  await platform?.close();
  await drop?.();
});

function connect(token: string): Promise<Socket> {
  const socket = io(gatewayUrl, { transports: ["websocket"], auth: { token } });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

/** Sockets each gateway process holds, by process, as the gateway's one `/metrics` reports them. */
async function socketsByProcess(): Promise<Record<string, number>> {
  const text = await (await fetch(`${gatewayUrl}/metrics`)).text();
  const counts: Record<string, number> = {};
  for (const [, process, value] of text.matchAll(
    /^kabuto_gateway_sockets\{[^}]*process="(\d+)"[^}]*\} (\d+)/gm,
  ))
    counts[process as string] = Number(value);
  return counts;
}

/** The primary's children: the gateway processes (Linux's /proc). */
function gatewayPids(): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === gateway.pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe("two gateway processes behind one port", () => {
  it("serve quotes, account events and the sign-out to a member's sockets on either process", async () => {
    const api = `${platform.url}/api/v1`;
    const database = platform.database as NonNullable<Platform["database"]>;
    await seedDemo(database.db, Date.now());
    const member = await registerMember(api, database);
    await fund(database, member.memberId, "JPY", 5_000_000n);
    const token = (member.auth.authorization ?? "").slice("Bearer ".length);
    const connected = await Promise.all(Array.from({ length: socketCount }, () => connect(token)));
    const received = connected.map((socket) => {
      const updates: Update[] = [];
      socket.on("updates", (frame: Update[]) => updates.push(...frame));
      return updates;
    });
    for (const socket of connected) {
      const ack = await socket
        .timeout(10_000)
        .emitWithAck("subscribe", { topics: ["quote:JP:7203", "account"] });
      expect(ack.errors).toEqual([]);
    }
    const byProcess = await socketsByProcess();
    expect(Object.keys(byProcess).sort()).toEqual(["1", "2"]);
    expect(Object.values(byProcess).every((count) => count > 0)).toBe(true);
    expect((byProcess["1"] ?? 0) + (byProcess["2"] ?? 0)).toBe(socketCount);

    const quotes = () =>
      received.map((updates) => updates.some((update) => update.topic === "quote:JP:7203"));
    await expect.poll(quotes, { timeout: 20_000 }).toEqual(connected.map(() => true));

    const order = { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 1 };
    expect((await call(`${api}/orders`, "POST", order, member.auth)).status).toBe(201);
    const events = () =>
      received.map((updates) =>
        updates
          .filter((update) => update.topic === "account")
          .map((update) => (update.data as { type: string }).type),
      );
    await expect
      .poll(events, { timeout: 10_000 })
      .toEqual(connected.map(() => ["order", "position", "balance"]));

    const dropped = connected.map(
      (socket) => new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason))),
    );
    expect((await call(`${api}/auth/logout`, "POST", {}, member.auth)).status).toBe(200);
    expect(await Promise.all(dropped)).toEqual(connected.map(() => "io server disconnect"));
  }, 60_000);

  it("start another process in place of one that dies", async () => {
    const [victim] = gatewayPids();
    process.kill(victim as number, "SIGKILL");
    // A new process in its place, and /metrics (which asks only processes that listen) names both again.
    const replaced = async () =>
      gatewayPids().length === 2 &&
      !gatewayPids().includes(victim as number) &&
      Object.keys(await socketsByProcess()).length === 2;
    await expect.poll(replaced, { timeout: 60_000, interval: 500 }).toBe(true);
    expect(Object.keys(await socketsByProcess()).sort()).toEqual(["1", "2"]);
  }, 90_000);

  it("stop, every process, on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => gateway.once("exit", (code) => resolve(code)));
    gateway.kill("SIGTERM");
    expect(await exited).toBe(0);
    await expect(fetch(`${gatewayUrl}/health`)).rejects.toThrow();
  }, 30_000);
});
