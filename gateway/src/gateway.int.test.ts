import { createServer, type Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createMemoryBus } from "@kabuto/bus";
import type { BusUpdate } from "@kabuto/shared/protocol/socket";
import { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { attachGateway, type GatewayServer } from "./gateway.ts";

let http: HttpServer;
let server: GatewayServer;
let bus: ReturnType<typeof createMemoryBus>;
let gateway: ReturnType<typeof attachGateway>;
let url: string;
const clients: Socket[] = [];
/** A page ALLOWED_ORIGINS names: a front end on another host than the gateway's. */
const allowedOrigin = "https://app.example.jp";

beforeEach(async () => {
  http = createServer();
  server = new Server(http, { transports: ["websocket"] });
  bus = createMemoryBus();
  gateway = attachGateway(server, {
    bus,
    isKnownSymbol: (symbol) => symbol.startsWith("JP:"),
    allowedOrigins: [allowedOrigin],
    authenticate: async (handshake) =>
      handshake.token?.startsWith("member-token")
        ? {
            memberId: `member-${handshake.token.slice(-1)}`,
            sessionKey: `session-${handshake.token.slice(-1)}`,
          }
        : undefined,
    authenticateStaff: async (handshake) =>
      handshake.staffToken === "staff-token"
        ? { staffId: "staff-1", sessionKey: "staff-session-1" }
        : undefined,
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.disconnect();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function client(token?: string, staffToken?: string): Promise<Socket> {
  const auth = { ...(token ? { token } : {}), ...(staffToken ? { staffToken } : {}) };
  const socket = connect(url, { transports: ["websocket"], auth });
  clients.push(socket);
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  return socket;
}

/**
 * An update as these tests publish and read it. The gateway relays data as it is, so a test's
 * quote carries only what it checks (and padding to size frames), not a whole quote.
 */
interface Relayed {
  topic: string;
  epoch: string;
  seq: number;
  ts: number;
  data: Record<string, unknown>;
}

/** Publishes test updates on the bus, whose type asks for whole market states. */
function publish(updates: Relayed[]): void {
  bus.publish(updates as unknown as BusUpdate[]);
}

const quote = (symbol: string, seq: number, padding = ""): Relayed => ({
  topic: `quote:${symbol}`,
  epoch: "e1",
  seq,
  ts: Date.now(),
  data: { symbol, last: String(1000 + seq), padding },
});

describe("the gateway", () => {
  it("sends updates that arrive together as one frame, newest state per topic", async () => {
    const socket = await client();
    const frames: Relayed[][] = [];
    socket.on("updates", (frame: Relayed[]) => frames.push(frame));
    await socket.emitWithAck("subscribe", { topics: ["quote:JP:1", "quote:JP:2"] });
    publish([quote("JP:1", 1), quote("JP:2", 1), quote("JP:1", 2), quote("JP:1", 3)]);
    await expect.poll(() => frames.length).toBe(1);
    expect(frames[0]?.map((update) => [update.topic, update.seq])).toEqual([
      ["quote:JP:1", 3],
      ["quote:JP:2", 1],
    ]);
  });

  it("serves a Tokyo name's PTS quote and book with their snapshots, and no PTS topics for other names", async () => {
    const socket = await client();
    const frames: Relayed[][] = [];
    socket.on("updates", (frame: Relayed[]) => frames.push(frame));
    publish([{ ...quote("JP:7203", 1), topic: "ptsquote:JP:7203" }]);
    const ack = (await socket.emitWithAck("subscribe", {
      topics: ["ptsquote:JP:7203", "ptsbook:JP:7203", "ptsquote:US:AAPL"],
    })) as { snapshots: Relayed[]; errors: { topic: string; code: string }[] };
    expect(ack.snapshots.map((update) => [update.topic, update.seq])).toEqual([["ptsquote:JP:7203", 1]]);
    expect(ack.errors).toEqual([{ topic: "ptsquote:US:AAPL", code: "TOPIC_INVALID" }]);
    publish([{ topic: "ptsbook:JP:7203", epoch: "e1", seq: 1, ts: Date.now(), data: { symbol: "JP:7203" } }]);
    await expect.poll(() => frames.flat().map((update) => update.topic)).toEqual(["ptsbook:JP:7203"]);
  });

  it("gives sockets due the same frame the same updates, and each socket only its own topics", async () => {
    const sockets = await Promise.all([client(), client(), client(), client()]);
    const framesOf = sockets.map((socket) => {
      const frames: Relayed[][] = [];
      socket.on("updates", (frame: Relayed[]) => frames.push(frame));
      return frames;
    });
    const topicsOf = [
      ["quote:JP:1", "quote:JP:2"],
      ["quote:JP:1", "quote:JP:2"],
      ["quote:JP:1"],
      ["quote:JP:1"],
    ];
    for (const [index, socket] of sockets.entries()) {
      await socket.emitWithAck("subscribe", { topics: topicsOf[index] });
    }
    // Non-ASCII text checks that a frame built once for several sockets measures its bytes, not its characters.
    publish([quote("JP:1", 1, "トヨタ自動車"), quote("JP:2", 1, "ソニー")]);
    await expect.poll(() => framesOf.map((frames) => frames.length)).toEqual([1, 1, 1, 1]);
    const both = [
      { topic: "quote:JP:1", seq: 1, padding: "トヨタ自動車" },
      { topic: "quote:JP:2", seq: 1, padding: "ソニー" },
    ];
    const seen = framesOf.map((frames) =>
      frames[0]?.map((update) => ({
        topic: update.topic,
        seq: update.seq,
        padding: (update.data as { padding: string }).padding,
      })),
    );
    expect(seen).toEqual([both, both, [both[0]], [both[0]]]);
    // What operations read: the bytes are those of the messages the sockets got (as Socket.IO
    // would have encoded them, in UTF-8), and every socket-topic pair is one subscription.
    const messageBytes = (frame: Relayed[]) => Buffer.byteLength(`42["updates",${JSON.stringify(frame)}]`);
    expect(gateway.stats().bytesSent).toBe(
      framesOf.reduce((sum, frames) => sum + messageBytes(frames[0] as Relayed[]), 0),
    );
    expect(gateway.stats().subscriptions).toBe(6);
    sockets[0]?.disconnect();
    await expect.poll(() => gateway.stats().subscriptions).toBe(4);
  });

  it("keeps account events whole and in order, and only for their member", async () => {
    const member = await client("member-token-1");
    const other = await client("member-token-2");
    const othersEvents: Relayed[] = [];
    other.on("updates", (frame: Relayed[]) => othersEvents.push(...frame));
    expect((await other.emitWithAck("subscribe", { topics: ["account"] })).errors).toEqual([]);
    const stranger = await client();
    const events: Relayed[] = [];
    member.on("updates", (frame: Relayed[]) => events.push(...frame));
    expect((await member.emitWithAck("subscribe", { topics: ["account"] })).errors).toEqual([]);
    expect((await stranger.emitWithAck("subscribe", { topics: ["account"] })).errors).toEqual([
      { topic: "account", code: "FORBIDDEN" },
    ]);
    const event = (seq: number): Relayed => ({
      topic: "account:member-1",
      epoch: "a",
      seq,
      ts: 1,
      data: { type: "order", id: String(seq) },
    });
    // The other member's first event has the same topic name and seq as this one's, in the same frame turn.
    publish([event(1), { ...event(1), topic: "account:member-2", data: { type: "order", id: "theirs" } }]);
    await expect.poll(() => othersEvents.length).toBe(1);
    expect(othersEvents[0]?.data).toEqual({ type: "order", id: "theirs" });
    publish([event(2), event(3)]);
    await expect.poll(() => events.length).toBe(3);
    expect(events[0]?.data).toEqual({ type: "order", id: "1" });
    expect(events.map((update) => [update.topic, update.seq])).toEqual([
      ["account", 1],
      ["account", 2],
      ["account", 3],
    ]);
  });

  it("drops a member's socket that stops reading once more account events wait than it may keep", async () => {
    const member = await client("member-token-1");
    expect((await member.emitWithAck("subscribe", { topics: ["account"] })).errors).toEqual([]);
    const raw = (
      member.io.engine.transport as unknown as { ws: { _socket: { pause(): void; destroy(): void } } }
    ).ws._socket;
    raw.pause();
    const padding = "x".repeat(64_000);
    // Events cannot be skipped: first the network buffers fill, then the socket is behind and
    // its events wait, and past the bound the gateway lets go of it rather than grow.
    for (let seq = 1; seq <= 5_000 && gateway.stats().socketsDropped === 0; seq += 1) {
      publish([
        {
          topic: "account:member-1",
          epoch: "a",
          seq,
          ts: 1,
          data: { type: "order", id: String(seq), padding },
        },
      ]);
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(gateway.stats().socketsDropped).toBe(1);
    await expect.poll(() => gateway.stats().sockets).toBe(0);
    expect(gateway.stats().socketsBehind).toBe(0);
    // The phone is gone for good: without this the server's close would wait out its handshake.
    raw.destroy();
  });

  it("gives a consumer that stops reading only the newest state, holds no more than that, and catches it up", async () => {
    const slow = await client();
    const received: Relayed[] = [];
    slow.on("updates", (frame: Relayed[]) => received.push(...frame));
    const topics = Array.from({ length: 20 }, (_, index) => `quote:JP:${index}`);
    await slow.emitWithAck("subscribe", { topics });
    // Stop reading from the network, as a phone in a tunnel does.
    const raw = (
      slow.io.engine.transport as unknown as { ws: { _socket: { pause(): void; resume(): void } } }
    ).ws._socket;
    raw.pause();
    const padding = "x".repeat(4_000);
    for (let round = 1; round <= 300; round += 1) {
      publish(topics.map((topic) => quote(topic.slice("quote:".length), round, padding)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(gateway.stats().socketsBehind).toBe(1);
    expect(gateway.stats().updatesConflated).toBeGreaterThan(1_000);
    raw.resume();
    await expect
      .poll(() => received.filter((update) => update.seq === 300).length, { timeout: 10_000 })
      .toBe(20);
    expect(gateway.stats().socketsBehind).toBe(0);
    // Nothing older than what it already showed ever arrives after it.
    for (const topic of topics) {
      const seqs = received.filter((update) => update.topic === topic).map((update) => update.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    }
  });

  it("grants the staff topic only to a staff session, relays its events, and drops it when the session ends", async () => {
    const member = await client("member-token-1");
    const refused = await member.emitWithAck("subscribe", { topics: ["staff:support"] });
    expect(refused.errors).toEqual([{ topic: "staff:support", code: "FORBIDDEN" }]);

    const staff = await client(undefined, "staff-token");
    const frames: Relayed[][] = [];
    staff.on("updates", (frame: Relayed[]) => frames.push(frame));
    const granted = await staff.emitWithAck("subscribe", { topics: ["staff:support"] });
    expect(granted).toEqual({ snapshots: [], errors: [] });
    publish([
      { topic: "staff:support", epoch: "api-1", seq: 1, ts: Date.now(), data: { type: "support", id: "7" } },
      { topic: "staff:support", epoch: "api-1", seq: 2, ts: Date.now(), data: { type: "support", id: "8" } },
    ]);
    // Events, never conflated: both arrive, in order.
    await expect.poll(() => frames.flat().map((update) => update.data.id)).toEqual(["7", "8"]);

    const dropped = new Promise<void>((resolve) => staff.once("disconnect", () => resolve()));
    await bus.publishControl({ type: "sessions-ended", sessionKeys: ["staff-session-1"] });
    await dropped;
    expect(member.connected).toBe(true);
  });
});

describe("handshakes from web pages", () => {
  /** A browser's handshake: it names the page it comes from, and carries the member's session. */
  function fromPage(origin: string, headers: Record<string, string> = {}): Socket {
    const socket = connect(url, {
      transports: ["websocket"],
      auth: { token: "member-token-1" },
      extraHeaders: { origin, ...headers },
      reconnection: false,
    });
    clients.push(socket);
    return socket;
  }

  /** Whether the gateway took the socket in, or the refusal's message. */
  function outcome(socket: Socket): Promise<string> {
    return new Promise((resolve) => {
      socket.once("connect", () => resolve("connected"));
      socket.once("connect_error", (error) => resolve(error.message));
    });
  }

  it("refuses another site's page, and the same host over the other scheme, with the member's session and all", async () => {
    const host = new URL(url).host;
    const foreign = [
      fromPage("https://evil.example"),
      fromPage(`https://${host}`),
      fromPage(`http://${host.replace(/:\d+$/, ":1")}`),
      fromPage("null"),
    ];
    expect(await Promise.all(foreign.map(outcome))).toEqual(Array(foreign.length).fill("CSRF_REFUSED"));
    // Nothing of the member's reaches them: no socket was ever taken in to subscribe.
    expect(gateway.stats().sockets).toBe(0);
    expect(foreign.every((socket) => !socket.connected)).toBe(true);
  });

  it("takes our own page, a page ALLOWED_ORIGINS names, and a client that names no page, as before", async () => {
    const own = fromPage(url);
    // Behind a TLS front end the page is https:, and the front end says so.
    const behindTls = fromPage(`https://${new URL(url).host}`, { "x-forwarded-proto": "https" });
    const listed = fromPage(allowedOrigin);
    expect(await Promise.all([own, behindTls, listed].map(outcome))).toEqual([
      "connected",
      "connected",
      "connected",
    ]);
    // The member's own page gets the member's account.
    expect((await own.emitWithAck("subscribe", { topics: ["account"] })).errors).toEqual([]);
    // A native wrapper, a load test or k6 sends no Origin.
    const native = await client("member-token-2");
    expect((await native.emitWithAck("subscribe", { topics: ["account"] })).errors).toEqual([]);
    expect(gateway.stats().sockets).toBe(4);
  });
});
