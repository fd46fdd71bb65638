import type { TopicErrorCode } from "@kabuto/shared/errors";
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscribeAck,
  topicsPerSocketMax,
  type Update,
} from "@kabuto/shared/protocol/socket";
import { isEventTopic } from "@kabuto/shared/protocol/topics";
import { socketProtocolVersion } from "@kabuto/shared/protocol/version";
import { io, type Socket } from "socket.io-client";
import { bearerToken } from "../native/session-token.ts";
import { isOutdated, markOutdated, speaksOurProtocol } from "./protocol-version.ts";
import { subscribeSession } from "./session.ts";
import { createTopicAtom, dropTopicAtom, writeTopic } from "./topic-atoms.ts";
import { checkUpdate, type Unchecked } from "./topic-data.ts";
import { TopicRegistry } from "./topic-registry.ts";
import { TopicStates } from "./topic-state.ts";

/**
 * The app's one Socket.IO connection, opened on the first topic a screen asks for.
 *
 * Screens acquire topics (see topics.ts); this module subscribes what is newly wanted in one
 * batch per task, keeps only the newest state of each topic (topic-state.ts) and writes it into
 * the topic's atom. After a reconnect, or when the feed's epoch changes, it re-subscribes every
 * held topic and takes the snapshots.
 *
 * The handshake carries the session cookie (or, in the native wrapper, the bearer token), and the gateway decides a private topic (`account`)
 * by the session it saw then: after a sign-in or sign-out the connection is made anew.
 */

/**
 * How long an unused topic stays subscribed: long enough that scrolling a row out and back, or
 * opening a stock and coming back to the list, reuses the subscription instead of churning it.
 */
const topicLingerMs = 3000;
/**
 * How soon to come back after the gateway dropped the connection on purpose: at once would
 * hammer a gateway that is shedding sockets, and the spread keeps many clients from coming
 * back in step.
 */
const serverDropRetryMs = 1000;
/** The spec's request time-out (section 7), for subscribe acks too. */
const ackTimeoutMs = 10_000;

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const registry = new TopicRegistry(topicLingerMs);
const states = new TopicStates();
/** Newly acquired topics not yet sent; flushed once per task so a list subscribes in one message. */
const pending = new Set<string>();
const listeners = new Map<string, Set<TopicListener>>();
/**
 * The server's last answer for each topic on this connection: granted, or refused with a code.
 * A listener that comes while a topic is already held hears it at once (no new ack will come).
 */
const answers = new Map<string, TopicErrorCode | "granted">();
let socket: ClientSocket | undefined;
let flushQueued = false;
let sweepTimer: ReturnType<typeof setTimeout> | undefined;

function connection(): ClientSocket {
  if (socket) return socket;
  const opened: ClientSocket = io({
    path: "/socket.io",
    transports: ["websocket"],
    // Read at each (re)connect: wrapped, the session is a bearer token rather than the cookie.
    auth: (send) => {
      const token = bearerToken();
      send(token === undefined ? {} : { token });
    },
  });
  opened.on("connect", () => {
    // Also a reconnect: whatever the server held (and granted) for the old connection is gone.
    pending.clear();
    answers.clear();
    subscribe(registry.held());
  });
  opened.on("hello", (hello) => {
    if (!speaksOurProtocol(hello)) {
      // This build cannot trust what that gateway sends: stop, and let the page ask for a reload.
      console.warn("gateway speaks socket protocol", hello.protocol, "not", socketProtocolVersion);
      markOutdated();
      opened.disconnect();
      return;
    }
    if (states.hello(hello.epoch)) resync();
  });
  opened.on("updates", (updates) => applyUpdates(updates));
  opened.on("disconnect", (reason) => {
    // The gateway ended this connection on purpose: the session behind it ended, or the socket
    // fell too far behind on account events. Socket.IO leaves reconnecting to the app then; a
    // new connection carries whatever session the browser has now, and re-reads what it missed.
    if (reason === "io server disconnect" && !isOutdated()) {
      setTimeout(() => opened.connect(), serverDropRetryMs * (1 + Math.random()));
    }
  });
  socket = opened;
  return opened;
}

/**
 * Holds `topic` until the returned function is called (once). While held, its atom receives
 * every newer state.
 */
export function acquireTopic(topic: string): () => void {
  createTopicAtom(topic);
  if (registry.acquire(topic)) {
    pending.add(topic);
    queueFlush();
  }
  connection();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    registry.release(topic, Date.now());
    scheduleSweep();
  };
}

/**
 * What a module that needs more than a topic's latest state hears: every accepted update (for
 * event topics such as `account`), each time the server grants the topic (a first subscription,
 * or a new one after a reconnect or a new epoch, when events may have been missed), and a refusal.
 */
export interface TopicListener {
  update?(update: Update): void;
  granted?(): void;
  refused?(code: TopicErrorCode): void;
}

/** Listens to `topic` until the returned function is called; holding the topic is `acquireTopic`'s job. */
export function listenTopic(topic: string, listener: TopicListener): () => void {
  let set = listeners.get(topic);
  if (!set) {
    set = new Set();
    listeners.set(topic, set);
  }
  set.add(listener);
  let listening = true;
  queueMicrotask(() => {
    const answer = answers.get(topic);
    if (!listening || answer === undefined) return;
    if (answer === "granted") listener.granted?.();
    else listener.refused?.(answer);
  });
  return () => {
    listening = false;
    set.delete(listener);
    if (set.size === 0) listeners.delete(topic);
  };
}

function tell(topic: string, call: (listener: TopicListener) => void): void {
  const set = listeners.get(topic);
  if (set) for (const listener of [...set]) call(listener);
}

/** A new connection, so the gateway sees the session the browser has now. */
function reconnect(): void {
  if (!socket || isOutdated()) return;
  socket.disconnect();
  socket.connect();
}

subscribeSession(reconnect);

/**
 * A new connection after a staff sign-in or sign-out in this tab, so the gateway sees the
 * console's session (the staff topic is granted by the session the handshake carried).
 */
export function reconnectSocket(): void {
  reconnect();
}

function queueFlush(): void {
  if (flushQueued) return;
  flushQueued = true;
  queueMicrotask(() => {
    flushQueued = false;
    // While disconnected the topics stay pending; the connect handler subscribes everything held.
    if (!socket?.connected) return;
    const topics = [...pending];
    pending.clear();
    subscribe(topics);
  });
}

function chunks(topics: string[]): string[][] {
  const result: string[][] = [];
  for (let start = 0; start < topics.length; start += topicsPerSocketMax) {
    result.push(topics.slice(start, start + topicsPerSocketMax));
  }
  return result;
}

function subscribe(topics: string[]): void {
  const target = socket;
  if (!target?.connected || topics.length === 0 || isOutdated()) return;
  for (const batch of chunks(topics)) {
    target
      .timeout(ackTimeoutMs)
      .emit("subscribe", { topics: batch }, (error: Error | null, ack: SubscribeAck) => {
        if (error) {
          // No answer in time: the connection is likely dying, and its reconnect re-subscribes.
          console.warn("subscribe timed out", batch.length);
          return;
        }
        applyUpdates(ack.snapshots);
        const refused = new Map(ack.errors.map((error) => [error.topic, error.code]));
        for (const topic of batch) {
          if (!registry.has(topic)) continue;
          const code = refused.get(topic);
          answers.set(topic, code ?? "granted");
          if (code === undefined) tell(topic, (listener) => listener.granted?.());
          else tell(topic, (listener) => listener.refused?.(code));
        }
        for (const [topic, code] of refused) console.warn("topic refused", topic, code);
      });
  }
}

function unsubscribe(topics: string[]): void {
  const target = socket;
  if (!target?.connected || topics.length === 0) return;
  for (const batch of chunks(topics)) {
    target.timeout(ackTimeoutMs).emit("unsubscribe", { topics: batch }, () => {});
  }
}

function resync(): void {
  subscribe(registry.held());
}

function applyUpdates(received: readonly Unchecked[]): void {
  let needsResync = false;
  for (const unchecked of received) {
    if (!registry.has(unchecked.topic)) continue;
    const update = checkUpdate(unchecked);
    if (update === undefined) {
      console.warn("malformed update dropped", unchecked.topic);
      continue;
    }
    if (isEventTopic(update.topic)) {
      // The member's account (and the staff's inbox) carries events, not state. Each API
      // process numbers them in an epoch of its own, judged by their listener: the feed's epoch
      // that market topics share must neither be replaced by them nor retire them.
      writeTopic(update);
      tell(update.topic, (listener) => listener.update?.(update));
      continue;
    }
    const { verdict, resync: epochChanged } = states.judge(update);
    needsResync ||= epochChanged;
    if (verdict !== "accept") continue;
    writeTopic(update);
    tell(update.topic, (listener) => listener.update?.(update));
  }
  if (needsResync) resync();
}

function scheduleSweep(): void {
  if (sweepTimer !== undefined) return;
  const due = registry.nextSweepMs();
  if (due === undefined) return;
  sweepTimer = setTimeout(
    () => {
      sweepTimer = undefined;
      const dropped = registry.sweep(Date.now());
      for (const topic of dropped) {
        pending.delete(topic);
        answers.delete(topic);
        states.forget(topic);
        dropTopicAtom(topic);
      }
      unsubscribe(dropped);
      scheduleSweep();
    },
    Math.max(0, due - Date.now()),
  );
}
