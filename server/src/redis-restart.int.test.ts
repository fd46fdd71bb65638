import { type ChildProcess, spawn } from "node:child_process";
import { databaseSettings, openTestDatabase, testRedisPrefix } from "@kabuto/api/testing";
import type { Update } from "@kabuto/shared/protocol/socket";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "./platform.ts";
import { testEnv } from "./testing.ts";

/**
 * Redis dies and comes back while members are connected: health reports the outage while it
 * lasts, nothing crashes, and afterwards the feed starts a new epoch that reaches the clients,
 * whose sockets never dropped. The test runs a Redis server of its own, so it can kill it.
 */
const redisPort = 6400 + Math.floor(Math.random() * 500);
let redis: ChildProcess | undefined;
let platform: Platform;
let dropDatabase: () => Promise<void>;
let socket: Socket;

function startRedis(): Promise<void> {
  const child = spawn(
    "redis-server",
    ["--port", String(redisPort), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
  redis = child;
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    setTimeout(resolve, 300);
  });
}

async function killRedis(): Promise<void> {
  const child = redis;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

async function health(): Promise<{ status: string; bus: string }> {
  const response = await fetch(`${platform.url}/api/v1/health`);
  return (await response.json()) as { status: string; bus: string };
}

beforeAll(async () => {
  await startRedis();
  const opened = await openTestDatabase();
  dropDatabase = opened.drop;
  platform = await startPlatform(
    testEnv({
      PORT: "0",
      FEED_STEP_MS: "100",
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      REDIS_PREFIX: testRedisPrefix(),
      ...(opened.url ? databaseSettings(opened) : { DATA_DIR: "" }),
    }),
    ["api", "worker", "feed", "gateway"],
    0,
  );
  socket = io(platform.url, { transports: ["websocket"] });
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
}, 120_000);

afterAll(async () => {
  socket?.disconnect();
  await platform?.close();
  await killRedis();
  await dropDatabase?.();
});

describe("a Redis restart", () => {
  it("is reported by health while it lasts, and ends with a new epoch on the same sockets", async () => {
    const updates: Update[] = [];
    socket.on("updates", (frame: Update[]) => updates.push(...frame));
    const ack = await socket
      .timeout(10_000)
      .emitWithAck("subscribe", { topics: ["quote:JP:7203", "quote:US:AAPL"] });
    const firstEpoch = (ack.snapshots[0] as Update).epoch;
    await expect.poll(() => updates.length, { timeout: 10_000 }).toBeGreaterThan(2);
    expect(await health()).toMatchObject({ status: "ok", bus: "up" });

    await killRedis();
    await expect.poll(async () => (await health()).bus, { timeout: 10_000 }).toBe("down");
    expect((await health()).status).toBe("degraded");

    await startRedis();
    await expect.poll(async () => (await health()).status, { timeout: 20_000 }).toBe("ok");
    await expect
      .poll(() => updates.filter((update) => update.epoch !== firstEpoch).length, { timeout: 20_000 })
      .toBeGreaterThan(2);
    expect(socket.connected).toBe(true);
    const again = await socket.timeout(10_000).emitWithAck("subscribe", { topics: ["quote:JP:7203"] });
    expect((again.snapshots[0] as Update).epoch).not.toBe(firstEpoch);
    // Operations see the outage in the gateway's metrics too: the held topics were re-read
    // (once as each of the bus's two connections came back).
    const metrics = await (await fetch(`${platform.url}/metrics`)).text();
    expect(metrics).toMatch(/^kabuto_gateway_bus_resyncs_total\{[^}]*\} [1-9]/m);
  }, 90_000);
});
