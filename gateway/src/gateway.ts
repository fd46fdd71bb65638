import type { Bus } from "@kabuto/bus";
import type {
  BusUpdate,
  ClientTopic,
  ClientToServerEvents,
  ControlMessage,
  InterServerEvents,
  MarketTopic,
  MemberAccountTopic,
  ServerToClientEvents,
  SessionsEnded,
  SocketData,
  SubscribeAck,
  TopicErrorCode,
  Update,
} from "@kabuto/shared";
import {
  isAccountEvent,
  isMarketTopic,
  memberAccountTopic,
  parseTopic,
  socketProtocolVersion,
  subscribeRequestSchema,
  topicName,
  topicsPerSocketMax,
} from "@kabuto/shared";
import type { Server, Socket } from "socket.io";
import * as ws from "ws";

export type GatewayServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

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
  /** Told, for each update from the bus, how long after its `ts` it arrived (clocks under NTP). */
  observeBusLag?: (milliseconds: number) => void;
}

export interface GatewayStats {
  sockets: number;
  topics: number;
  /** Topics held, counted per socket. */
  subscriptions: number;
  framesSent: number;
  /** Bytes of the Engine.IO messages written (the WebSocket payloads). */
  bytesSent: number;
  updatesIn: number;
  updatesConflated: number;
  /** Sockets that fell behind and were caught up with the newest state once their writes drained. */
  socketsCaughtUp: number;
  /** Re-reads of every held topic after the bus came back from an outage. */
  busResyncs: number;
  /** Sockets whose writes backed up and are being sent only the newest state. */
  socketsBehind: number;
  /** Sockets dropped for falling too far behind on events that cannot be skipped. */
  socketsDropped: number;
}

/**
 * Frames a socket may have queued (written by us, not yet taken by the network) before it
 * counts as behind. A healthy phone takes each frame before the writer comes round again, so it
 * is at 0–2; 8 means its network stalled for a noticeable moment, and until its writes drain it
 * is left out of the queue and its topics keep only their newest state.
 */
const queuedFramesMax = 8;
/**
 * Account events waiting for a socket's next frame (it is behind, or the writer has yet to get
 * round to it). Events cannot be conflated; past this many the socket is disconnected, and on
 * reconnecting the client re-reads its account.
 */
const backlogEventsMax = 256;

/** An update ready to leave: encoded once, however many sockets receive it. */
interface Outgoing {
  /** Names the update among the gateway's, so frames of the same updates can share a packet. */
  id: number;
  update: Update;
  json: string;
  /** UTF-8 bytes of `json`. */
  bytes: number;
  /** The packet of a frame carrying this update alone, once some socket needed one. */
  packet?: Packet;
}

/** A packet's text and, once it is known to go to several sockets, its WebSocket frame. */
interface Packet {
  text: string;
  /** The Engine.IO message's bytes: "4" and the packet in UTF-8. */
  bytes: number;
  /** Engine.IO's send options carrying the prebuilt frame. */
  options?: { wsPreEncodedFrame: WebSocketFrame };
}

function withFrame(packet: Packet): Packet {
  packet.options ??= { wsPreEncodedFrame: webSocketFrameOf(packet.text) };
  return packet;
}

/** A bus topic some socket holds: who holds it and, for market topics, its newest state. */
interface TopicState {
  name: MarketTopic | MemberAccountTopic;
  /** A member's `account:` topic carries events, which are never conflated. */
  isEvents: boolean;
  holders: Set<Holder>;
  latest: Outgoing | undefined;
  /** Updates taken in; a holder that has sent fewer has news on this topic. */
  count: number;
}

/** The gateway's side of a socket. */
interface Holder {
  socket: GatewaySocket;
  /** Each market topic held and, at the same index, its `count` when this socket last got it (or subscribed). */
  topics: TopicState[];
  sent: number[];
  /** Account events not yet written, in order. */
  events: Outgoing[];
  queued: boolean;
  /** Its writes backed up: out of the queue until they drain. */
  behind: boolean;
  closed: boolean;
}

/**
 * How long the writer writes before it lets the event loop read the bus and the sockets. Short
 * enough that a subscribe, a ping or the next updates wait no more than this; long enough that
 * a slice writes hundreds of frames between turns.
 */
const writerSliceMs = 5;

/**
 * The Socket.IO packet of an `updates` event in the default namespace, built from updates that
 * are already JSON. This is what `socket.emit("updates", frame)` would encode, without encoding
 * each update again for every socket that receives it: at a busy open a socket's frame carries
 * ten full quotes, and re-encoding them per socket was most of the gateway's work.
 */
function packetOf(entries: readonly Outgoing[]): Packet {
  const head = '2["updates",[';
  let text = head;
  // "4", the head, a comma between updates and "]]": all ASCII, a byte each.
  let bytes = 1 + head.length + 2;
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index] as Outgoing;
    if (index > 0) {
      text += ",";
      bytes += 1;
    }
    text += entry.json;
    bytes += entry.bytes;
  }
  return { text: `${text}]]`, bytes };
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
 * gateway subscribes on the bus only to topics some socket holds.
 *
 * Frames: a socket whose topics changed joins a queue, once however many changed; a writer
 * takes sockets from the queue in order and writes each one frame with the newest state of every
 * topic that changed since its last frame, and the account events it has not had yet. The
 * writer works in slices of a few milliseconds and lets the event loop read the bus between
 * them, so a frame carries what arrived up to the moment it is written. At light load a socket
 * is written in the same turn its update arrived; under load the queue is as long as the sockets
 * with news, each socket's frames come as often as the writer gets round to it and carry more
 * in each, and the cost per update falls as the load rises. The loadtests README has the
 * measurements behind this.
 */
export function attachGateway(io: GatewayServer, options: GatewayOptions): { stats(): GatewayStats } {
  const { bus } = options;
  /** Every bus topic some socket holds. */
  const topics = new Map<string, TopicState>();
  const stats: GatewayStats = {
    sockets: 0,
    topics: 0,
    framesSent: 0,
    updatesIn: 0,
    updatesConflated: 0,
    socketsBehind: 0,
    socketsDropped: 0,
    subscriptions: 0,
    bytesSent: 0,
    socketsCaughtUp: 0,
    busResyncs: 0,
  };
  let latestEpoch = "";
  let nextEntryId = 0;
  const entryOf = (update: Update): Outgoing => {
    const json = JSON.stringify(update);
    return { id: nextEntryId++, update, json, bytes: Buffer.byteLength(json) };
  };

  /** Sockets with something to send, each once, in the order they got it. */
  let queue: Holder[] = [];
  let queueHead = 0;
  let writerScheduled = false;

  function scheduleWriter(): void {
    if (writerScheduled) return;
    writerScheduled = true;
    setImmediate(writeQueued);
  }

  function enqueue(holder: Holder): void {
    if (holder.queued || holder.behind || holder.closed) return;
    holder.queued = true;
    queue.push(holder);
  }

  /** Writes a packet straight to the socket's Engine.IO connection, as Socket.IO's broadcasts do. */
  function write(socket: GatewaySocket, packet: Packet): void {
    if (socket.conn.readyState !== "open") return;
    // Engine.IO's types leave out the option its own websocket transport reads.
    socket.conn.write(packet.text, packet.options as object | undefined);
    stats.framesSent += 1;
    stats.bytesSent += packet.bytes;
  }

  /**
   * A socket whose writes backed up is left out of the queue until they drain; meanwhile its
   * topics simply keep their newest state, and its events wait (at most `backlogEventsMax`).
   */
  function fallBehind(holder: Holder): void {
    holder.behind = true;
    stats.socketsBehind += 1;
    holder.socket.conn.once("drain", () => {
      if (!holder.behind) return;
      holder.behind = false;
      stats.socketsBehind -= 1;
      stats.socketsCaughtUp += 1;
      enqueue(holder);
      scheduleWriter();
    });
  }

  /** Packets shared by the sockets due the same updates within one slice of the writer. */
  let sharedPackets = new Map<string, Packet>();

  function packetFor(entries: Outgoing[]): Packet {
    if (entries.length === 1) {
      // A lone update is what most frames carry at light load, and it goes to every holder of
      // its topic: its frame is built once, with its first packet.
      const [entry] = entries as [Outgoing];
      entry.packet ??= withFrame(packetOf(entries));
      return entry.packet;
    }
    let key = "";
    for (const entry of entries) key += `${entry.id},`;
    const shared = sharedPackets.get(key);
    if (shared) return withFrame(shared);
    const packet = packetOf(entries);
    sharedPackets.set(key, packet);
    return packet;
  }

  /** Builds and writes one socket's frame: the newest state of each topic that changed, then its events. */
  function writeFrame(holder: Holder): void {
    const entries: Outgoing[] = [];
    const { topics: held, sent } = holder;
    for (let index = 0; index < held.length; index += 1) {
      const topic = held[index] as TopicState;
      const sentCount = sent[index] as number;
      if (topic.count === sentCount || !topic.latest) continue;
      stats.updatesConflated += topic.count - sentCount - 1;
      sent[index] = topic.count;
      entries.push(topic.latest);
    }
    if (holder.events.length > 0) {
      entries.push(...holder.events);
      holder.events = [];
    }
    if (entries.length > 0) write(holder.socket, packetFor(entries));
  }

  function writeQueued(): void {
    writerScheduled = false;
    const sliceEndsAt = performance.now() + writerSliceMs;
    let written = 0;
    while (queueHead < queue.length) {
      const holder = queue[queueHead] as Holder;
      queueHead += 1;
      holder.queued = false;
      if (holder.closed) continue;
      if (queuedFrames(holder.socket) >= queuedFramesMax) fallBehind(holder);
      else writeFrame(holder);
      written += 1;
      if (written % 64 === 0 && performance.now() > sliceEndsAt) break;
    }
    sharedPackets = new Map();
    if (queueHead === queue.length) {
      queue = [];
      queueHead = 0;
      return;
    }
    // Under sustained load the queue never empties: drop what was taken, so it holds at most
    // each socket once and not the history of every slice.
    queue = queue.slice(queueHead);
    queueHead = 0;
    scheduleWriter();
  }

  /** Takes updates in: from the bus as they come, or re-read after an outage (`fromBus` false). */
  function deliver(updates: BusUpdate[], fromBus = true): void {
    const arrivedAt = Date.now();
    for (const update of updates) {
      stats.updatesIn += 1;
      if (fromBus) options.observeBusLag?.(arrivedAt - update.ts);
      const topic = topics.get(update.topic);
      if (!topic) continue;
      if (isAccountEvent(update)) {
        // A member's sockets know their private topic as plain `account`. Events are never
        // conflated: each holder keeps every one until its next frame.
        const entry = entryOf({ ...update, topic: "account" });
        for (const holder of topic.holders) {
          holder.events.push(entry);
          if (holder.events.length > backlogEventsMax) dropBehind(holder);
          else enqueue(holder);
        }
        continue;
      }
      if (update.epoch !== latestEpoch) latestEpoch = update.epoch;
      const held = topic.latest?.update;
      // Nothing older than what the topic already has, nor the same update twice (a resync after
      // a bus recovery re-reads states that may have been delivered already).
      if (held && held.epoch === update.epoch && held.seq >= update.seq) continue;
      topic.latest = entryOf(update);
      topic.count += 1;
      for (const holder of topic.holders) enqueue(holder);
    }
    if (queueHead < queue.length) scheduleWriter();
  }

  /** A socket too far behind on events that cannot be skipped: it reconnects and re-reads its account. */
  function dropBehind(holder: Holder): void {
    stats.socketsDropped += 1;
    holder.events = [];
    holder.socket.disconnect(true);
  }

  bus.onUpdates((updates) => deliver(updates));
  // Greet the first sockets with the feed's current epoch: every epoch publishes the sessions.
  bus
    .snapshots(["session:JP"])
    .then(([session]) => {
      if (session && latestEpoch === "") latestEpoch = session.epoch;
    })
    .catch(() => undefined);
  // Sessions that end (sign-out, a disabled member) take their sockets with them.
  bus
    .onControl(control)
    .catch((error: unknown) => options.log?.("cannot follow ended sessions", { error: String(error) }));

  function control(message: ControlMessage): void {
    switch (message.type) {
      case "sessions-ended":
        endSessions(message);
        return;
    }
  }

  function endSessions(ended: SessionsEnded): void {
    for (const socket of io.sockets.sockets.values()) {
      const { memberId, sessionKey } = socket.data;
      if (
        (sessionKey && ended.sessionKeys?.includes(sessionKey)) ||
        (memberId && ended.memberIds?.includes(memberId))
      ) {
        socket.disconnect(true);
      }
    }
  }

  // After the bus lost its connection, anything published meanwhile never arrived: re-read the
  // newest state of every topic held and send it on as if it had just come in.
  bus.onRecover(() => {
    const market = [...topics.values()].map((topic) => topic.name).filter(isMarketTopic);
    bus
      .snapshots(market)
      .then((updates) => {
        stats.busResyncs += 1;
        if (updates.length > 0) deliver(updates, false);
      })
      .catch((error: unknown) => options.log?.("resync after bus recovery failed", { error: String(error) }));
  });

  /** The topic a client asked for, named as it asked (its answers are filed by that name), or why it may not hold it. */
  function grant(
    topic: string,
    memberId: string | undefined,
  ): { topic: ClientTopic } | { code: TopicErrorCode } {
    const parsed = parseTopic(topic);
    if (!parsed) return { code: "TOPIC_INVALID" };
    switch (parsed.kind) {
      case "account":
        return memberId ? { topic: topicName(parsed) } : { code: "FORBIDDEN" };
      case "session":
        return { topic: topicName(parsed) };
      default:
        return options.isKnownSymbol(parsed.symbol)
          ? { topic: topicName(parsed) }
          : { code: "SYMBOL_NOT_FOUND" };
    }
  }

  async function hold(holder: Holder, names: (MarketTopic | MemberAccountTopic)[]): Promise<void> {
    const fresh: string[] = [];
    for (const name of names) {
      let topic = topics.get(name);
      if (!topic) {
        topic = {
          name,
          isEvents: name.startsWith("account:"),
          holders: new Set(),
          latest: undefined,
          count: 0,
        };
        topics.set(name, topic);
        fresh.push(name);
      }
      if (topic.holders.has(holder)) continue;
      topic.holders.add(holder);
      stats.subscriptions += 1;
      // From now on: what came before is in the snapshot the subscribe answers with.
      if (!topic.isEvents) {
        holder.topics.push(topic);
        holder.sent.push(topic.count);
      }
    }
    stats.topics = topics.size;
    if (fresh.length > 0) await bus.subscribe(fresh);
  }

  async function release(holder: Holder, names: Iterable<MarketTopic | MemberAccountTopic>): Promise<void> {
    const idle: string[] = [];
    for (const name of names) {
      const topic = topics.get(name);
      if (!topic?.holders.delete(holder)) continue;
      stats.subscriptions -= 1;
      const index = holder.topics.indexOf(topic);
      if (index >= 0) {
        holder.topics.splice(index, 1);
        holder.sent.splice(index, 1);
      }
      if (topic.holders.size === 0) {
        topics.delete(name);
        idle.push(name);
      }
    }
    stats.topics = topics.size;
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
      socket.data = { memberId: session?.memberId, sessionKey: session?.sessionKey };
    } catch (error) {
      options.log?.("authenticate failed", { error: String(error) });
    }
    next();
  });

  io.on("connection", (socket) => {
    stats.sockets += 1;
    const { memberId } = socket.data;
    /** The bus topic behind each topic the client holds (`account` is the member's own). */
    const busTopic = (topic: ClientTopic) =>
      topic === "account" ? memberAccountTopic(memberId ?? "") : topic;
    const held = new Set<ClientTopic>();
    const holder: Holder = {
      socket,
      topics: [],
      sent: [],
      events: [],
      queued: false,
      behind: false,
      closed: false,
    };
    socket.emit("hello", { protocol: socketProtocolVersion, epoch: latestEpoch });

    socket.on("subscribe", async (request, ack) => {
      if (typeof ack !== "function") return;
      const parsed = subscribeRequestSchema.safeParse(request);
      if (!parsed.success) {
        ack({ snapshots: [], errors: [{ topic: "", code: "TOPIC_INVALID" }] });
        return;
      }
      const result: SubscribeAck = { snapshots: [], errors: [] };
      const granted: ClientTopic[] = [];
      for (const asked of new Set(parsed.data.topics)) {
        const answer = grant(asked, memberId);
        if ("code" in answer) {
          result.errors.push({ topic: asked, code: answer.code });
          continue;
        }
        const { topic } = answer;
        if (held.has(topic)) granted.push(topic);
        else if (held.size >= topicsPerSocketMax) result.errors.push({ topic, code: "TOPICS_LIMIT" });
        else {
          held.add(topic);
          granted.push(topic);
        }
      }
      try {
        await hold(holder, granted.map(busTopic));
        // Events have no state to snapshot: the client reads its account over HTTP.
        result.snapshots = await bus.snapshots(granted.filter(isMarketTopic));
      } catch (error) {
        options.log?.("subscribe failed", { error: String(error) });
      }
      ack(result);
    });

    socket.on("unsubscribe", async (request, ack) => {
      const parsed = subscribeRequestSchema.safeParse(request);
      const asked = new Set(parsed.success ? parsed.data.topics : []);
      const topics = [...held].filter((topic) => asked.has(topic) && held.delete(topic));
      await release(holder, topics.map(busTopic)).catch((error: unknown) =>
        options.log?.("unsubscribe failed", { error: String(error) }),
      );
      if (typeof ack === "function") ack({ ok: true });
    });

    socket.on("disconnect", () => {
      stats.sockets -= 1;
      holder.closed = true;
      if (holder.behind) stats.socketsBehind -= 1;
      holder.behind = false;
      release(holder, [...held].map(busTopic)).catch((error: unknown) =>
        options.log?.("release failed", { error: String(error) }),
      );
      held.clear();
    });
  });

  return { stats: () => ({ ...stats }) };
}
