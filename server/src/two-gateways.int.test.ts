import { databaseSettings, openTestDatabase, testRedisPrefix } from "@kabuto/api/testing";
import type { Update } from "@kabuto/shared/protocol/socket";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "./platform.ts";
import { testEnv } from "./testing.ts";

/**
 * Horizontal scale: one feed and two gateway processes' worth of gateways on one Redis. A
 * client on either receives every update of its topics exactly once and in order. Uses the
 * Redis of REDIS_URL (the local default when unset).
 */
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const platforms: Platform[] = [];
const sockets: Socket[] = [];
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await openTestDatabase();
  drop = database.drop;
  const shared = {
    PORT: "0",
    FEED_STEP_MS: "100",
    REDIS_URL: redisUrl,
    REDIS_PREFIX: testRedisPrefix(),
    ...(database.url ? databaseSettings(database) : { DATA_DIR: "" }),
  };
  // Without PostgreSQL each role would have its own in-memory database; then only the first
  // platform (which runs the feed) needs one, and the gateways read no sessions here.
  platforms.push(
    await startPlatform(testEnv(shared), database.url ? ["feed"] : ["api", "worker", "feed", "gateway"], 0),
  );
  for (let index = 0; index < 2; index += 1)
    platforms.push(await startPlatform(testEnv(shared), ["gateway"], 0));
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  for (const platform of platforms.reverse()) await platform.close();
  await drop?.();
});

async function watch(url: string, topics: string[]): Promise<Update[]> {
  const socket = io(url, { transports: ["websocket"] });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  const received: Update[] = [];
  socket.on("updates", (frame: Update[]) => received.push(...frame));
  const ack = await socket.timeout(10_000).emitWithAck("subscribe", { topics });
  expect(ack.errors).toEqual([]);
  return received;
}

describe("two gateways on one Redis", () => {
  it("deliver every update to clients on either, once each and in order", async () => {
    const topics = ["quote:JP:7203", "quote:JP:6758", "book:JP:7203", "quote:US:AAPL"];
    const [first, second] = platforms.slice(-2) as [Platform, Platform];
    const onFirst = await watch(first.url, topics);
    const onSecond = await watch(second.url, topics);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    for (const received of [onFirst, onSecond]) {
      for (const topic of topics) {
        const seqs = received.filter((update) => update.topic === topic).map((update) => update.seq);
        expect(new Set(seqs).size).toBe(seqs.length);
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      }
    }
    expect(onFirst.length).toBeGreaterThan(10);
    // Both saw the same stream: every update one got after both joined, the other got too, or,
    // where the machine was too busy to write every frame, a newer update of the same topic in its
    // place (a gateway conflates a topic's updates for a client it cannot keep up with: the newest
    // state always arrives, an update in between may not).
    const key = (update: Update) => `${update.topic}/${update.epoch}/${update.seq}`;
    const since = Math.max(onFirst[0]?.ts ?? 0, onSecond[0]?.ts ?? 0) + 500;
    const until = Math.min(onFirst.at(-1)?.ts ?? 0, onSecond.at(-1)?.ts ?? 0) - 500;
    const window = (list: Update[]) => list.filter((update) => update.ts >= since && update.ts <= until);
    const missing = (list: Update[], other: Update[]) => {
      const keys = new Set(other.map(key));
      return list.filter(
        (update) =>
          !keys.has(key(update)) &&
          !other.some(
            (later) => later.topic === update.topic && later.epoch === update.epoch && later.seq > update.seq,
          ),
      );
    };
    expect(window(onFirst).length).toBeGreaterThan(5);
    expect(missing(window(onFirst), onSecond)).toEqual([]);
    expect(missing(window(onSecond), onFirst)).toEqual([]);
    // And mostly the very same updates: the two streams are one stream, not two alike.
    const shared = new Set(window(onSecond).map(key));
    const both = window(onFirst).filter((update) => shared.has(key(update))).length;
    expect(both).toBeGreaterThan(window(onFirst).length / 2);
  }, 60_000);
});
