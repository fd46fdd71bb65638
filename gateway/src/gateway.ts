import type { Bus } from "@kabuto/bus";
import type { TopicErrorCode } from "@kabuto/shared/errors";
import { allowedOriginSet, isAllowedOrigin } from "@kabuto/shared/origin";
import type { ControlMessage, SessionsEnded } from "@kabuto/shared/protocol/control";
import type {
  BusUpdate,
  ClientToServerEvents,
  InterServerEvents,
  ServerToClientEvents,
  SocketData,
  SubscribeAck,
} from "@kabuto/shared/protocol/socket";
import {
  isAccountEvent,
  isEventUpdate,
  subscribeRequestSchema,
  topicsPerSocketMax,
} from "@kabuto/shared/protocol/socket";
import type { ClientTopic } from "@kabuto/shared/protocol/topics";
import { isMarketTopic, memberAccountTopic, parseTopic, topicName } from "@kabuto/shared/protocol/topics";
import { socketProtocolVersion } from "@kabuto/shared/protocol/version";
import type { Server, Socket } from "socket.io";
import { createEncoder } from "./frames.ts";
import { type BusTopic, TopicTable } from "./topic-table.ts";
import { createWriter, type Holder, newHolder, type WriterStats } from "./writer.ts";

export type GatewayServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** What a socket's handshake says about who it is. */
export interface Handshake {
  cookie: string | undefined;
  authorization: string | undefined;
  /** `auth.token` of the Socket.IO handshake, for clients that cannot send cookies. */
  token: string | undefined;
  /** `auth.staffToken`: a staff session for clients that cannot send the staff cookie. */
  staffToken?: string | undefined;
}

export interface GatewayOptions {
  bus: Bus;
  /**
   * The signed-in member behind a handshake and a key for their session, if any; sockets
   * without one see market topics only.
   */
  authenticate?: (handshake: Handshake) => Promise<{ memberId: string; sessionKey: string } | undefined>;
  /**
   * The signed-in staff member behind a handshake (the console's own cookie), if any: only their
   * sockets may hold the staff's private topic (`staff:support`).
   */
  authenticateStaff?: (handshake: Handshake) => Promise<{ staffId: string; sessionKey: string } | undefined>;
  /** Whether a symbol exists, so a typo gets an error instead of a silent, never-updating topic. */
  isKnownSymbol(symbol: string): boolean;
  /**
   * Origins other than the gateway's own whose pages may open a socket (ALLOWED_ORIGINS); a
   * browser's handshake from any other page is refused (see `originGuard`). None by default.
   */
  allowedOrigins?: readonly string[];
  log?: (message: string, fields?: Record<string, unknown>) => void;
  /** Told, for each update from the bus, how long after its `ts` it arrived (clocks under NTP). */
  observeBusLag?: (milliseconds: number) => void;
}

export interface GatewayStats extends WriterStats {
  sockets: number;
  topics: number;
  /** Topics held, counted per socket. */
  subscriptions: number;
  updatesIn: number;
  /** Re-reads of every held topic after the bus came back from an outage. */
  busResyncs: number;
}

/**
 * Refuses a browser's handshake from another site's page (cross-site WebSocket hijacking): a
 * socket opened with the member's cookie streams their account, so the handshake's `Origin` must
 * be the gateway's own origin (the scheme the browser came by with the Host it named: scheme,
 * host and port all equal) or one of `allowedOrigins`, as the API's CSRF check asks of a request
 * (shared/src/origin.ts). The refusal is Socket.IO's `connect_error` with the code `CSRF_REFUSED`.
 *
 * A handshake without `Origin` is let through, as before: browsers send one on every WebSocket
 * handshake (RFC 6455, section 4.1), so it comes from a native wrapper, a load test or k6, which
 * could as well send any Origin they liked; refusing them would guard nothing. `X-Forwarded-Proto`
 * is believed from any peer, unlike the API's TRUST_PROXY: a page cannot add headers to a
 * WebSocket handshake, so in a browser's handshake only a proxy in front of the gateway (a TLS
 * front end, passed on by the client role) can have set it.
 */
function originGuard(allowedOrigins: readonly string[]): Parameters<GatewayServer["use"]>[0] {
  const allowed = allowedOriginSet(allowedOrigins);
  return (socket, next) => {
    const { headers, secure } = socket.handshake;
    const origin = headers.origin;
    if (origin === undefined) return next();
    const forwarded = String(headers["x-forwarded-proto"] ?? "")
      .split(",")[0]
      ?.trim()
      .toLowerCase();
    const scheme = forwarded === "https" || forwarded === "http" ? forwarded : secure ? "https" : "http";
    if (isAllowedOrigin(origin, { scheme, host: headers.host }, allowed)) return next();
    next(new Error("CSRF_REFUSED"));
  };
}

/** A gateway attached to a Socket.IO server. */
export interface Gateway {
  stats(): GatewayStats;
}

/**
 * Relays market topics from the bus to sockets. Each socket holds a bounded set of topics; the
 * gateway subscribes on the bus only to topics some socket holds. Which socket holds what is the
 * topic table's (topic-table.ts); how frames are built and written is the writer's (writer.ts),
 * and the loadtests README has the measurements behind it.
 */
export function attachGateway(io: GatewayServer, options: GatewayOptions): Gateway {
  const { bus } = options;
  const table = new TopicTable<Holder>();
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
  const writer = createWriter(table, stats);
  const encode = createEncoder();
  let latestEpoch = "";

  /** Takes updates in: from the bus as they come, or re-read after an outage (`fromBus` false). */
  function deliver(updates: BusUpdate[], fromBus = true): void {
    const arrivedAt = Date.now();
    for (const update of updates) {
      stats.updatesIn += 1;
      if (fromBus) options.observeBusLag?.(arrivedAt - update.ts);
      const topic = table.get(update.topic);
      if (!topic) continue;
      if (isEventUpdate(update)) {
        // A member's sockets know their private topic as plain `account`; the staff's topic
        // keeps its name. Events are never conflated: each holder keeps every one until its
        // next frame.
        const entry = encode(isAccountEvent(update) ? { ...update, topic: "account" } : update);
        for (const holder of topic.holders) writer.pushEvent(holder, entry);
        continue;
      }
      if (update.epoch !== latestEpoch) latestEpoch = update.epoch;
      if (!table.advance(topic, update, encode)) continue;
      for (const holder of topic.holders) writer.notify(holder);
    }
    writer.flushSoon();
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
      // A member's flags changed: that is the API's to apply; the socket stays.
      case "sessions-changed":
        return;
    }
  }

  function endSessions(ended: SessionsEnded): void {
    for (const socket of io.sockets.sockets.values()) {
      const { memberId, sessionKey, staffSessionKey } = socket.data;
      if (
        (sessionKey && ended.sessionKeys?.includes(sessionKey)) ||
        (staffSessionKey && ended.sessionKeys?.includes(staffSessionKey)) ||
        (memberId && ended.memberIds?.includes(memberId))
      ) {
        socket.disconnect(true);
      }
    }
  }

  // After the bus lost its connection, anything published meanwhile never arrived: re-read the
  // newest state of every topic held and send it on as if it had just come in.
  bus.onRecover(() => {
    bus
      .snapshots(table.names().filter(isMarketTopic))
      .then((updates) => {
        stats.busResyncs += 1;
        if (updates.length > 0) deliver(updates, false);
      })
      .catch((error: unknown) => options.log?.("resync after bus recovery failed", { error: String(error) }));
  });

  /** The topic a client asked for, named as it asked (its answers are filed by that name), or why it may not hold it. */
  function grant(
    topic: string,
    who: { memberId: string | undefined; staffId?: string | undefined },
  ): { topic: ClientTopic } | { code: TopicErrorCode } {
    const parsed = parseTopic(topic);
    if (!parsed) return { code: "TOPIC_INVALID" };
    switch (parsed.kind) {
      case "account":
        return who.memberId ? { topic: topicName(parsed) } : { code: "FORBIDDEN" };
      case "staff":
        return who.staffId ? { topic: topicName(parsed) } : { code: "FORBIDDEN" };
      case "session":
        return { topic: topicName(parsed) };
      default:
        return options.isKnownSymbol(parsed.symbol)
          ? { topic: topicName(parsed) }
          : { code: "SYMBOL_NOT_FOUND" };
    }
  }

  async function hold(holder: Holder, names: BusTopic[]): Promise<void> {
    const fresh = table.hold(holder, names);
    if (fresh.length > 0) await bus.subscribe(fresh);
  }

  async function release(holder: Holder, names: Iterable<BusTopic>): Promise<void> {
    const idle = table.release(holder, names);
    if (idle.length > 0) await bus.unsubscribe(idle);
  }

  // First, before any session is looked up: another site's page learns nothing, not even
  // whether the cookie it sent along was good.
  io.use(originGuard(options.allowedOrigins ?? []));

  io.use(async (socket, next) => {
    const headers = socket.handshake.headers;
    const auth = socket.handshake.auth as { token?: unknown; staffToken?: unknown } | undefined;
    const handshake: Handshake = {
      cookie: headers.cookie,
      authorization: headers.authorization,
      token: typeof auth?.token === "string" ? auth.token : undefined,
      staffToken: typeof auth?.staffToken === "string" ? auth.staffToken : undefined,
    };
    try {
      const [session, staff] = await Promise.all([
        options.authenticate?.(handshake),
        options.authenticateStaff?.(handshake),
      ]);
      socket.data = {
        memberId: session?.memberId,
        sessionKey: session?.sessionKey,
        staffId: staff?.staffId,
        staffSessionKey: staff?.sessionKey,
      };
    } catch (error) {
      options.log?.("authenticate failed", { error: String(error) });
    }
    next();
  });

  io.on("connection", (socket) => {
    stats.sockets += 1;
    const { memberId, staffId } = socket.data;
    /** The bus topic behind each topic the client holds (`account` is the member's own). */
    const busTopic = (topic: ClientTopic) =>
      topic === "account" ? memberAccountTopic(memberId ?? "") : topic;
    const held = new Set<ClientTopic>();
    const holder = newHolder(socket);
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
        const answer = grant(asked, { memberId, staffId });
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
      writer.close(holder);
      release(holder, [...held].map(busTopic)).catch((error: unknown) =>
        options.log?.("release failed", { error: String(error) }),
      );
      held.clear();
    });
  });

  // Topics and subscriptions are the table's own counts, read when asked rather than copied on each change.
  return { stats: () => ({ ...stats, topics: table.size, subscriptions: table.subscriptions }) };
}
