import type {
  ClientToServerEvents,
  ServerToClientEvents,
  SubscribeAck,
  TopicErrorCode,
  Update,
} from "@kabuto/shared";
import {
  parseTopic,
  socketProtocolVersion,
  subscribeRequestSchema,
  topicsPerSocketMax,
} from "@kabuto/shared";
import type { Server, Socket } from "socket.io";
import * as ws from "ws";
import type { Bus } from "./bus/bus.ts";

export type GatewayServer = Server<ClientToServerEvents, ServerToClientEvents>;
type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents>;

/** What a socket's handshake says about who it is. */
export interface Handshake {
  cookie: string | undefined;
  authorization: string | undefined;
  /** `auth.token` of the Socket.IO handshake, for clients that cannot send cookies. */
  token: string | undefined;
}

export interface GatewayOptions {
  bus: Bus;
  /**
   * The signed-in member behind a handshake and a key for their session, if any; sockets
   * without one see market topics only.
   */
  authenticate?: (handshake: Handshake) => Promise<{ memberId: string; sessionKey: string } | undefined>;
  /** Whether a symbol exists, so a typo gets an error instead of a silent, never-updating topic. */
  isKnownSymbol(symbol: string): boolean;
  log?: (message: string, fields?: Record<string, unknown>) => void;
  /**
   * How long updates gather before they leave as one frame per socket (0: at the next turn of
   * the event loop). Each frame costs a kernel write per socket, so at high rates a longer
   * window sends fewer, fuller frames; see the README's gateway notes for the measurements.
   */
  frameMs?: number;
}

export interface GatewayStats {
  sockets: number;
  topics: number;
  framesSent: number;
  updatesIn: number;
  updatesConflated: number;
  /** Sockets whose writes backed up and are being sent only the newest state. */
  socketsBehind: number;
  /** Sockets dropped for falling too far behind on events that cannot be skipped. */
  socketsDropped: number;
}

/**
 * Frames a socket may have queued (written by us, not yet taken by the network) before it
 * counts as behind. At one frame per event-loop turn a healthy phone is at 0–2; 8 means its
 * network stalled for a noticeable moment, and from then on it gets only the newest states.
 */
const queuedFramesMax = 8;
/**
 * Account events kept for a socket that is behind. Events cannot be conflated; past this many
 * the socket is disconnected, and on reconnecting the client re-reads its account.
 */
const backlogEventsMax = 256;

/** The bus topic on which the API announces ended sessions; no client may subscribe to it. */
export const sessionsEndedTopic = "control:sessions-ended";

export interface SessionsEnded {
  sessionKeys?: string[];
  memberIds?: string[];
}

/** An update ready to leave: encoded once per flush, however many sockets receive it. */
interface Outgoing {
  update: Update;
  json: string;
}

/**
 * The Socket.IO packet of an `updates` event in the default namespace, built from updates that
 * are already JSON. This is what `socket.emit("updates", frame)` would encode, without encoding
 * each update again for every socket that receives it: at a busy open a socket's frame carries
 * ten full quotes, and re-encoding them per socket was most of the gateway's work.
 */
function packetOf(entries: readonly Outgoing[]): string {
  let packet = '2["updates",[';
  for (let index = 0; index < entries.length; index += 1) {
    if (index > 0) packet += ",";
    packet += (entries[index] as Outgoing).json;
  }
  return `${packet}]]`;
}

type WebSocketFrame = Buffer[];
/** ws's own framing, which it exports but its types leave out; Socket.IO's broadcasts use it too. */
const frameWebSocket = (
  ws as unknown as {
    Sender: {
      frame(
        data: Buffer,
        options: { readOnly: boolean; mask: boolean; rsv1: boolean; opcode: number; fin: boolean },
      ): WebSocketFrame;
    };
  }
).Sender.frame;

/**
 * The whole WebSocket frame of a packet ("4" is Engine.IO's message type), built once for all
 * the sockets due the same packet, as Socket.IO's own broadcasts do (socket.io-adapter): the
 * websocket transport then writes it as it is.
 */
function webSocketFrameOf(packet: string): WebSocketFrame {
  return frameWebSocket(Buffer.from(`4${packet}`), {
    readOnly: false,
    mask: false,
    rsv1: false,
    opcode: 1,
    fin: true,
  });
}

/**
 * Packets engine.io holds for a socket because its transport is still busy with earlier ones.
 * engine.io keeps this in `writeBuffer`, which its types mark private; it is the only measure
 * of a stalled consumer it offers (there is no public bufferedAmount on the Socket.IO socket).
 */
function queuedFrames(socket: GatewaySocket): number {
  return (socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length;
}

/**
 * Relays market topics from the bus to sockets. Each socket holds a bounded set of topics; the
 * gateway subscribes on the bus only to topics some socket holds. Updates that arrive together
 * leave together: one frame per socket per turn of the event loop, carrying the newest state of
 * each topic that changed (market topics carry full state, so an older one can be skipped).
 */
export function attachGateway(io: GatewayServer, options: GatewayOptions): { stats(): GatewayStats } {
  const { bus } = options;
  const frameMs = options.frameMs ?? 0;
  const holders = new Map<string, Set<GatewaySocket>>();
  const stats: GatewayStats = {
    sockets: 0,
    topics: 0,
    framesSent: 0,
    updatesIn: 0,
    updatesConflated: 0,
    socketsBehind: 0,
    socketsDropped: 0,
  };
  /** What a socket that is behind will get when its writes drain: the newest state per topic, and its events. */
  const backlogs = new Map<GatewaySocket, { states: Map<string, Outgoing>; events: Outgoing[] }>();

  /**
   * Writes a packet straight to the socket's Engine.IO connection, as Socket.IO's broadcast
   * does; `frame` is its prebuilt WebSocket frame when several sockets share it.
   */
  function write(socket: GatewaySocket, packet: string, frame?: WebSocketFrame): void {
    if (socket.conn.readyState !== "open") return;
    socket.conn.write(packet, frame ? ({ wsPreEncodedFrame: frame } as object) : undefined);
    stats.framesSent += 1;
  }

  /** Whether a socket's writes backed up, so that it gets only the newest states from now on. */
  const isBehind = (socket: GatewaySocket) => backlogs.has(socket) || queuedFrames(socket) >= queuedFramesMax;

  /** Keeps a frame for a socket that is behind, conflating states and keeping every event. */
  function holdBack(socket: GatewaySocket, entries: readonly Outgoing[]): void {
    let held = backlogs.get(socket);
    if (!held) {
      held = { states: new Map(), events: [] };
      backlogs.set(socket, held);
      stats.socketsBehind += 1;
      socket.conn.once("drain", () => drainBacklog(socket));
    }
    for (const entry of entries) {
      if (entry.update.topic === "account") held.events.push(entry);
      else {
        if (held.states.has(entry.update.topic)) stats.updatesConflated += 1;
        held.states.set(entry.update.topic, entry);
      }
    }
    if (held.events.length > backlogEventsMax) {
      stats.socketsDropped += 1;
      backlogs.delete(socket);
      stats.socketsBehind -= 1;
      socket.disconnect(true);
    }
  }

  function drainBacklog(socket: GatewaySocket): void {
    const backlog = backlogs.get(socket);
    if (!backlog) return;
    backlogs.delete(socket);
    stats.socketsBehind -= 1;
    if (!socket.connected) return;
    const entries = [...backlog.states.values(), ...backlog.events];
    if (queuedFrames(socket) < queuedFramesMax) write(socket, packetOf(entries));
    else holdBack(socket, entries);
  }
  let latestEpoch = "";
  let pending = new Map<string, Update>();
  /** Account events are never conflated or reordered: each is kept, in arrival order. */
  let pendingEvents: Update[] = [];
  let flushScheduled = false;

  /** A socket's frame in the making; `key` names its entries, so equal frames are built once. */
  interface Frame {
    entries: Outgoing[];
    key: string;
  }

  function addTo(frames: Map<GatewaySocket, Frame>, busTopic: string, entry: Outgoing, index: number): void {
    const holding = holders.get(busTopic);
    if (!holding) return;
    for (const socket of holding) {
      const frame = frames.get(socket);
      if (frame) {
        frame.entries.push(entry);
        frame.key += `,${index}`;
      } else frames.set(socket, { entries: [entry], key: String(index) });
    }
  }

  function flush(): void {
    flushScheduled = false;
    const frames = new Map<GatewaySocket, Frame>();
    let index = 0;
    for (const update of pending.values()) {
      addTo(frames, update.topic, { update, json: JSON.stringify(update) }, index);
      index += 1;
    }
    // A member's sockets know their private topic as plain `account`. Each event is its own
    // entry, so two members' frames never share a key and never share a packet.
    for (const event of pendingEvents) {
      const update = { ...event, topic: "account" };
      addTo(frames, event.topic, { update, json: JSON.stringify(update) }, index);
      index += 1;
    }
    pending = new Map();
    pendingEvents = [];
    // Sockets due the very same frame share one packet and one WebSocket frame. Sockets that
    // are behind keep theirs in a backlog until their writes drain.
    const groups = new Map<string, { entries: Outgoing[]; sockets: GatewaySocket[] }>();
    for (const [socket, frame] of frames) {
      if (isBehind(socket)) {
        holdBack(socket, frame.entries);
        continue;
      }
      const group = groups.get(frame.key);
      if (group) group.sockets.push(socket);
      else groups.set(frame.key, { entries: frame.entries, sockets: [socket] });
    }
    for (const { entries, sockets } of groups.values()) {
      const packet = packetOf(entries);
      const webSocketFrame = sockets.length > 1 ? webSocketFrameOf(packet) : undefined;
      for (const socket of sockets) write(socket, packet, webSocketFrame);
    }
  }

  bus.onUpdates(deliver);
  // Greet the first sockets with the feed's current epoch: every epoch publishes the sessions.
  bus
    .snapshots(["session:JP"])
    .then(([session]) => {
      if (session && latestEpoch === "") latestEpoch = session.epoch;
    })
    .catch(() => undefined);
  // Sessions that end (sign-out, a disabled member) take their sockets with them.
  bus
    .subscribe([sessionsEndedTopic])
    .catch((error: unknown) => options.log?.("cannot follow ended sessions", { error: String(error) }));

  function endSessions(ended: SessionsEnded): void {
    for (const socket of io.sockets.sockets.values()) {
      const { memberId, sessionKey } = socket.data as { memberId?: string; sessionKey?: string };
      if (
        (sessionKey && ended.sessionKeys?.includes(sessionKey)) ||
        (memberId && ended.memberIds?.includes(memberId))
      ) {
        socket.disconnect(true);
      }
    }
  }

  function deliver(updates: Update[]): void {
    for (const update of updates) {
      if (update.topic === sessionsEndedTopic) {
        endSessions(update.data as SessionsEnded);
        continue;
      }
      stats.updatesIn += 1;
      if (update.topic.startsWith("account:")) {
        pendingEvents.push(update);
        continue;
      }
      if (update.epoch !== latestEpoch) latestEpoch = update.epoch;
      const held = pending.get(update.topic);
      if (held && held.epoch === update.epoch && held.seq > update.seq) continue;
      if (held) stats.updatesConflated += 1;
      pending.set(update.topic, update);
    }
    if (!flushScheduled) {
      flushScheduled = true;
      if (frameMs > 0) setTimeout(flush, frameMs);
      else setImmediate(flush);
    }
  }

  // After the bus lost its connection, anything published meanwhile never arrived: re-read the
  // newest state of every topic held and send it on as if it had just come in.
  bus.onRecover(() => {
    const topics = [...holders.keys()].filter((topic) => !topic.startsWith("account:"));
    bus
      .snapshots(topics)
      .then((updates) => {
        if (updates.length > 0) deliver(updates);
      })
      .catch((error: unknown) => options.log?.("resync after bus recovery failed", { error: String(error) }));
  });

  function refuse(topic: string, memberId: string | undefined): TopicErrorCode | undefined {
    const parsed = parseTopic(topic);
    if (!parsed) return "TOPIC_INVALID";
    if (parsed.kind === "account") return memberId ? undefined : "FORBIDDEN";
    if (parsed.kind === "session") return undefined;
    return options.isKnownSymbol(parsed.symbol) ? undefined : "SYMBOL_NOT_FOUND";
  }

  async function hold(socket: GatewaySocket, topics: string[]): Promise<void> {
    const fresh: string[] = [];
    for (const topic of topics) {
      let set = holders.get(topic);
      if (!set) {
        set = new Set();
        holders.set(topic, set);
        fresh.push(topic);
      }
      set.add(socket);
    }
    stats.topics = holders.size;
    if (fresh.length > 0) await bus.subscribe(fresh);
  }

  async function release(socket: GatewaySocket, topics: Iterable<string>): Promise<void> {
    const idle: string[] = [];
    for (const topic of topics) {
      const set = holders.get(topic);
      if (!set) continue;
      set.delete(socket);
      if (set.size === 0) {
        holders.delete(topic);
        idle.push(topic);
      }
    }
    stats.topics = holders.size;
    if (idle.length > 0) await bus.unsubscribe(idle);
  }

  io.use(async (socket, next) => {
    const headers = socket.handshake.headers;
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    try {
      const session = await options.authenticate?.({
        cookie: headers.cookie,
        authorization: headers.authorization,
        token: typeof token === "string" ? token : undefined,
      });
      socket.data.memberId = session?.memberId;
      socket.data.sessionKey = session?.sessionKey;
    } catch (error) {
      options.log?.("authenticate failed", { error: String(error) });
    }
    next();
  });

  io.on("connection", (socket) => {
    stats.sockets += 1;
    const memberId = socket.data.memberId as string | undefined;
    /** The bus topic behind each topic the client holds (`account` is the member's own). */
    const busTopic = (topic: string) => (topic === "account" ? `account:${memberId}` : topic);
    const held = new Set<string>();
    socket.emit("hello", { protocol: socketProtocolVersion, epoch: latestEpoch });

    socket.on("subscribe", async (request, ack) => {
      if (typeof ack !== "function") return;
      const parsed = subscribeRequestSchema.safeParse(request);
      if (!parsed.success) {
        ack({ snapshots: [], errors: [{ topic: "", code: "TOPIC_INVALID" }] });
        return;
      }
      const result: SubscribeAck = { snapshots: [], errors: [] };
      const granted: string[] = [];
      for (const topic of new Set(parsed.data.topics)) {
        const code = refuse(topic, memberId);
        if (code) result.errors.push({ topic, code });
        else if (held.has(topic)) granted.push(topic);
        else if (held.size >= topicsPerSocketMax) result.errors.push({ topic, code: "TOPICS_LIMIT" });
        else {
          held.add(topic);
          granted.push(topic);
        }
      }
      try {
        await hold(socket, granted.map(busTopic));
        // Events have no state to snapshot: the client reads its account over HTTP.
        result.snapshots = await bus.snapshots(granted.filter((topic) => topic !== "account"));
      } catch (error) {
        options.log?.("subscribe failed", { error: String(error) });
      }
      ack(result);
    });

    socket.on("unsubscribe", async (request, ack) => {
      const parsed = subscribeRequestSchema.safeParse(request);
      const topics = parsed.success ? parsed.data.topics.filter((topic) => held.delete(topic)) : [];
      await release(socket, topics.map(busTopic)).catch((error: unknown) =>
        options.log?.("unsubscribe failed", { error: String(error) }),
      );
      if (typeof ack === "function") ack({ ok: true });
    });

    socket.on("disconnect", () => {
      stats.sockets -= 1;
      if (backlogs.delete(socket)) stats.socketsBehind -= 1;
      release(socket, [...held].map(busTopic)).catch((error: unknown) =>
        options.log?.("release failed", { error: String(error) }),
      );
      held.clear();
    });
  });

  return { stats: () => ({ ...stats }) };
}
