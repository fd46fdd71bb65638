import {
  call,
  databaseSettings,
  fund,
  openTestDatabase,
  registerMember,
  seedDemo,
  testRedisPrefix,
} from "@kabuto/api/testing";
import type { Book, Quote } from "@kabuto/shared/protocol/market-data";
import type { SubscribeAck, Update } from "@kabuto/shared/protocol/socket";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Platform, startPlatform } from "./platform.ts";
import { testEnv } from "./testing.ts";

/**
 * The whole price path in service mode when REDIS_URL is set (feed → Redis → gateway →
 * socket.io-client), or embedded otherwise: quotes and books arrive in order, with snapshots.
 */
const redisUrl = process.env.REDIS_URL;
let feedSide: Platform;
let gatewaySide: Platform | undefined;
let dropDatabase: () => Promise<void>;
let gatewayUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  const opened = await openTestDatabase();
  dropDatabase = opened.drop;
  const base = {
    PORT: "0",
    FEED_STEP_MS: "100",
    ...databaseSettings(opened),
  };
  if (redisUrl) {
    const shared = { ...base, REDIS_URL: redisUrl, REDIS_PREFIX: testRedisPrefix() };
    feedSide = await startPlatform(testEnv(shared), ["api", "worker", "feed"], 0);
    gatewaySide = await startPlatform(testEnv(shared), ["gateway"], 0);
    gatewayUrl = gatewaySide.url;
  } else {
    feedSide = await startPlatform(
      testEnv({ ...base, DATA_DIR: "" }),
      ["api", "worker", "feed", "gateway"],
      0,
    );
    gatewayUrl = feedSide.url;
  }
}, 120_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await gatewaySide?.close();
  await feedSide?.close();
  await dropDatabase?.();
});

function connect(token?: string): Promise<Socket> {
  const socket = io(gatewayUrl, {
    transports: ["websocket"],
    path: "/socket.io",
    ...(token ? { auth: { token } } : {}),
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

function subscribe(socket: Socket, topics: string[]): Promise<SubscribeAck> {
  return socket.timeout(10_000).emitWithAck("subscribe", { topics });
}

describe("live quotes through the gateway", () => {
  it("answers a subscribe with a snapshot per topic, then streams in-order quotes and books", async () => {
    const socket = await connect();
    const received: Update[] = [];
    socket.on("updates", (updates: Update[]) => received.push(...updates));
    const topics = ["quote:JP:7203", "book:JP:7203", "quote:US:AAPL", "book:US:AAPL"];
    const ack = await subscribe(socket, topics);
    expect(ack.errors).toEqual([]);
    expect(ack.snapshots.map((update) => update.topic).sort()).toEqual([...topics].sort());
    const quote = ack.snapshots.find((update) => update.topic === "quote:JP:7203")?.data as Quote;
    expect(Number(quote.last)).toBeGreaterThan(0);

    await expect
      .poll(() => received.filter((u) => u.topic === "quote:JP:7203").length, { timeout: 20_000 })
      .toBeGreaterThan(3);
    for (const topic of topics) {
      const seqs = received.filter((update) => update.topic === topic).map((update) => update.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(seqs.length);
    }
    const books = received
      .filter((update) => update.topic === "book:JP:7203")
      .map((update) => update.data as Book);
    expect(books.length).toBeGreaterThan(0);
    for (const book of books) {
      expect(book.bids).toHaveLength(5);
      expect(book.asks).toHaveLength(5);
      expect(Number(book.bids[0]?.price)).toBeLessThan(Number(book.asks[0]?.price));
      for (const level of [...book.bids, ...book.asks]) expect(level.size % 100).toBe(0);
    }
  });

  it("refuses malformed topics, unknown symbols and private topics in the ack, and keeps the socket", async () => {
    const socket = await connect();
    const ack = await subscribe(socket, [
      "quote:JP:0000",
      "nonsense",
      "candle:JP:7203:2m",
      "account",
      "session:JP",
    ]);
    expect(ack.errors).toEqual([
      { topic: "quote:JP:0000", code: "SYMBOL_NOT_FOUND" },
      { topic: "nonsense", code: "TOPIC_INVALID" },
      { topic: "candle:JP:7203:2m", code: "TOPIC_INVALID" },
      { topic: "account", code: "FORBIDDEN" },
    ]);
    expect(ack.snapshots.map((update) => update.topic)).toEqual(["session:JP"]);
    expect(socket.connected).toBe(true);
  });

  it("tells a socket that asks for more than 200 topics which ones it did not get", async () => {
    const socket = await connect();
    const symbols = feedSide.catalog.instruments.map((instrument) => instrument.symbol);
    const topics = symbols.flatMap((symbol) => [`quote:${symbol}`, `book:${symbol}`]).slice(0, 200);
    const first = await subscribe(socket, topics);
    expect(first.errors).toEqual([]);
    const more = await subscribe(socket, [`candle:${symbols[0]}:1m`]);
    expect(more.errors).toEqual([{ topic: `candle:${symbols[0]}:1m`, code: "TOPICS_LIMIT" }]);
  });

  it("delivers a member's account events to that member's sockets only, numbered without gaps", async () => {
    const api = `${feedSide.url}/api/v1`;
    const database = feedSide.database as NonNullable<Platform["database"]>;
    await seedDemo(database.db, Date.now());
    const owner = await registerMember(api, database);
    const other = await registerMember(api, database);
    await fund(database, owner.memberId, "JPY", 5_000_000n);
    const token = (headers: Record<string, string>) => (headers.authorization ?? "").slice("Bearer ".length);
    const mine = await connect(token(owner.auth));
    const theirs = await connect(token(other.auth));
    const events: Update[] = [];
    const leaked: Update[] = [];
    mine.on("updates", (updates: Update[]) => events.push(...updates.filter((u) => u.topic === "account")));
    theirs.on("updates", (updates: Update[]) => leaked.push(...updates));
    expect((await subscribe(mine, ["account"])).errors).toEqual([]);
    expect((await subscribe(theirs, ["account"])).errors).toEqual([]);
    const order = { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 1 };
    expect((await call(`${api}/orders`, "POST", order, owner.auth)).status).toBe(201);
    expect((await call(`${api}/orders`, "POST", order, owner.auth)).status).toBe(201);
    await expect.poll(() => events.length, { timeout: 10_000 }).toBe(6);
    expect(events.map((event) => event.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(events.map((event) => (event.data as { type: string }).type)).toEqual([
      "order",
      "position",
      "balance",
      "order",
      "position",
      "balance",
    ]);
    expect(leaked).toEqual([]);

    // Signing out ends the session's sockets, on whichever gateway holds them; others stay.
    const dropped = new Promise<string>((resolve) => mine.once("disconnect", (reason) => resolve(reason)));
    expect((await call(`${api}/auth/logout`, "POST", {}, owner.auth)).status).toBe(200);
    expect(await dropped).toBe("io server disconnect");
    expect(theirs.connected).toBe(true);
    // Seeding the demo and registering two members (two password hashes) is most of it: a busy
    // machine takes longer than the lane's 20 s over those alone.
  }, 90_000);

  it("exposes Prometheus metrics for the gateway's sockets and the API's requests", async () => {
    await connect();
    const gatewayMetrics = await (await fetch(`${gatewayUrl}/metrics`)).text();
    expect(gatewayMetrics).toMatch(/^kabuto_gateway_sockets\{[^}]*\} [1-9]/m);
    expect(gatewayMetrics).toMatch(/^kabuto_gateway_frames_sent_total\{[^}]*\} [1-9]/m);
    expect(gatewayMetrics).toMatch(/^kabuto_gateway_bytes_sent_total\{[^}]*\} [1-9]/m);
    expect(gatewayMetrics).toMatch(/^kabuto_gateway_subscriptions\{[^}]*\} [1-9]/m);
    expect(gatewayMetrics).toMatch(/^kabuto_gateway_bus_lag_seconds_count\{[^}]*\} [1-9]/m);
    await fetch(`${feedSide.url}/api/v1/health`);
    const apiMetrics = await (await fetch(`${feedSide.url}/metrics`)).text();
    expect(apiMetrics).toMatch(/kabuto_http_request_duration_seconds_count\{[^}]*route="\/api\/v1\/health"/);
    expect(apiMetrics).toMatch(/^kabuto_bus_up\{[^}]*\} 1/m);
  });
});
