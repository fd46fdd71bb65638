import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SubscribeAck,
  topicsPerSocketMax,
  type Update,
} from "@kabuto/shared";
import { io, type Socket } from "socket.io-client";
import { createTopicAtom, dropTopicAtom, writeTopic } from "./topic-atoms.ts";
import { parseTopicData } from "./topic-data.ts";
import { TopicRegistry } from "./topic-registry.ts";
import { TopicStates } from "./topic-state.ts";

/**
 * The app's one Socket.IO connection, opened on the first topic a screen asks for.
 *
 * Screens acquire topics (see topics.ts); this module subscribes what is newly wanted in one
 * batch per task, keeps only the newest state of each topic (topic-state.ts) and writes it into
 * the topic's atom. After a reconnect, or when the feed's epoch changes, it re-subscribes every
 * held topic and takes the snapshots.
 */

/**
 * How long an unused topic stays subscribed: long enough that scrolling a row out and back, or
 * opening a stock and coming back to the list, reuses the subscription instead of churning it.
 */
const topicLingerMs = 3000;
/** The spec's request time-out (section 7), for subscribe acks too. */
const ackTimeoutMs = 10_000;

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const registry = new TopicRegistry(topicLingerMs);
const states = new TopicStates();
/** Newly acquired topics not yet sent; flushed once per task so a list subscribes in one message. */
const pending = new Set<string>();
let socket: ClientSocket | undefined;
let flushQueued = false;
let sweepTimer: ReturnType<typeof setTimeout> | undefined;

function connection(): ClientSocket {
  if (socket) return socket;
  const opened: ClientSocket = io({ path: "/socket.io", transports: ["websocket"] });
  opened.on("connect", () => {
    // Also a reconnect: whatever the server held for the old connection is gone.
    pending.clear();
    subscribe(registry.held());
  });
  opened.on("hello", ({ epoch }) => {
    if (states.hello(epoch)) resync();
  });
  opened.on("updates", (updates) => applyUpdates(updates));
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
  if (!target?.connected || topics.length === 0) return;
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
        for (const refused of ack.errors) console.warn("topic refused", refused.topic, refused.code);
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

function applyUpdates(updates: Update[]): void {
  let needsResync = false;
  for (const update of updates) {
    if (!registry.has(update.topic)) continue;
    const data = parseTopicData(update.topic, update.data);
    if (data === undefined) {
      console.warn("malformed update dropped", update.topic);
      continue;
    }
    const { verdict, resync: epochChanged } = states.judge(update);
    needsResync ||= epochChanged;
    if (verdict === "accept") writeTopic(update.topic, data);
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
        states.forget(topic);
        dropTopicAtom(topic);
      }
      unsubscribe(dropped);
      scheduleSweep();
    },
    Math.max(0, due - Date.now()),
  );
}
