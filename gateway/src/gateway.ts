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

/**
 * Relays market topics from the bus to sockets. Each socket holds a bounded set of topics; the
 * gateway subscribes on the bus only to topics some socket holds. Updates that arrive together
 * leave together: one frame per socket per turn of the event loop, carrying the newest state of
 * each topic that changed (market topics carry full state, so an older one can be skipped).
 */
/** Identifies a frame's contents: the same topics at the same epochs and seqs are the same frame. */
function frameKey(frame: readonly Update[]): string {
  let key = "";
  for (const update of frame) key += `${update.topic}\u0000${update.epoch}\u0000${update.seq}\u0001`;
  return key;
}

/** The bus topic on which the API announces ended sessions; no client may subscribe to it. */
export const sessionsEndedTopic = "control:sessions-ended";

export interface SessionsEnded {
  sessionKeys?: string[];
  memberIds?: string[];
}

/**
 * Packets engine.io holds for a socket because its transport is still busy with earlier ones.
 * engine.io keeps this in `writeBuffer`, which its types mark private; it is the only measure
 * of a stalled consumer it offers (there is no public bufferedAmount on the Socket.IO socket).
 */
function queuedFrames(socket: GatewaySocket): number {
  return (socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length;
}

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
  const backlogs = new Map<GatewaySocket, { states: Map<string, Update>; events: Update[] }>();

  function send(socket: GatewaySocket, frame: Update[]): void {
    const backlog = backlogs.get(socket);
    if (!backlog && queuedFrames(socket) < queuedFramesMax) {
      socket.emit("updates", frame);
      stats.framesSent += 1;
      return;
    }
    if (!backlog) {
      backlogs.set(socket, { states: new Map(), events: [] });
      stats.socketsBehind += 1;
      socket.conn.once("drain", () => drainBacklog(socket));
    }
    const held = backlogs.get(socket) as { states: Map<string, Update>; events: Update[] };
    for (const update of frame) {
      if (update.topic === "account") held.events.push(update);
      else {
        if (held.states.has(update.topic)) stats.updatesConflated += 1;
        held.states.set(update.topic, update);
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
    send(socket, [...backlog.states.values(), ...backlog.events]);
  }
  let latestEpoch = "";
  let pending = new Map<string, Update>();
  /** Account events are never conflated or reordered: each is kept, in arrival order. */
  let pendingEvents: Update[] = [];
  let flushScheduled = false;

  function addTo(frames: Map<GatewaySocket, Update[]>, update: Update, as: Update): void {
    for (const socket of holders.get(update.topic) ?? []) {
      const frame = frames.get(socket);
      if (frame) frame.push(as);
      else frames.set(socket, [as]);
    }
  }

  function flush(): void {
    flushScheduled = false;
    const frames = new Map<GatewaySocket, Update[]>();
    for (const update of pending.values()) addTo(frames, update, update);
    // A member's sockets know their private topic as plain `account`.
    for (const event of pendingEvents) addTo(frames, event, { ...event, topic: "account" });
    pending = new Map();
    pendingEvents = [];
    // Sockets due the very same frame share one encoding: Socket.IO encodes a broadcast once,
    // where a frame emitted socket by socket is encoded once per socket (the profile's largest
    // cost at light load). Sockets that are behind go through `send` and its backlog.
    const groups = new Map<string, { frame: Update[]; ids: string[] }>();
    for (const [socket, frame] of frames) {
      // Private frames are never shared: two members' events can carry the same topic and seq.
      const isPrivate = frame.some((update) => update.topic === "account");
      if (isPrivate || backlogs.has(socket) || queuedFrames(socket) >= queuedFramesMax) {
        send(socket, frame);
        continue;
      }
      const key = frameKey(frame);
      const group = groups.get(key);
      if (group) group.ids.push(socket.id);
      else groups.set(key, { frame, ids: [socket.id] });
    }
    for (const { frame, ids } of groups.values()) {
      if (ids.length === 1) io.sockets.sockets.get(ids[0] as string)?.emit("updates", frame);
      else io.to(ids).emit("updates", frame);
      stats.framesSent += ids.length;
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
