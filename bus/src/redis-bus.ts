import { type ControlMessage, controlMessageSchema } from "@kabuto/shared/protocol/control";
import { type BusUpdate, isEventUpdate, isUpdateOf, type MarketUpdate } from "@kabuto/shared/protocol/socket";
import { Redis } from "ioredis";
import type { Bus, BusStatus } from "./bus.ts";
import { createFanout } from "./fanout.ts";
import { redisGuard, requestConnectionOptions } from "./redis-guard.ts";

export interface RedisBusOptions {
  url: string;
  /** Prefix of every key and channel, so tests and deployments can share one Redis. */
  prefix: string;
  /** Only a publisher keeps no subscriber connection open. */
  role: "publisher" | "subscriber" | "both";
  onError?: (error: Error) => void;
}

/**
 * The service-mode bus: each update is stored as its topic's newest state (for snapshots) and
 * published on a channel named after the topic, both in one pipeline per batch so order holds.
 * Channels use Redis 7 sharded pub/sub (SPUBLISH/SSUBSCRIBE): on a Redis Cluster each channel
 * lives on the shard that owns its slot, so adding shards adds pub/sub capacity, where classic
 * PUBLISH is broadcast to every node. A gateway subscribes only to the channels of topics its
 * own clients hold. Control messages have one channel of their own, which every listening
 * process subscribes to.
 */
export function createRedisBus(options: RedisBusOptions): Bus {
  const { prefix } = options;
  const stateKey = (topic: string) => `${prefix}state:${topic}`;
  const channel = (topic: string) => `${prefix}topic:${topic}`;
  const controlChannel = `${prefix}control`;
  // Requests wait on this connection's snapshots: while Redis is away they fail at once.
  const command = new Redis(options.url, requestConnectionOptions);
  const guarded = redisGuard(command);
  // Named, so CLIENT LIST tells which deployment's (or test's) subscriber a connection is.
  const subscriber =
    options.role === "publisher"
      ? undefined
      : new Redis(options.url, { connectionName: `${prefix}subscriber` });
  // One channel per command: on a cluster a sharded subscription may not span slots. ioredis
  // subscribes again to every channel after a reconnect.
  const fanout = subscriber
    ? createFanout({
        subscribe: async (topic) => {
          await subscriber.ssubscribe(channel(topic));
        },
        unsubscribe: async (topic) => {
          await subscriber.sunsubscribe(channel(topic));
        },
      })
    : undefined;
  const own = fanout?.consumer();
  const controlHandlers: ((message: ControlMessage) => void)[] = [];
  const recoverHandlers: (() => void)[] = [];
  const onError = (error: Error) => options.onError?.(error);
  for (const connection of [command, subscriber]) {
    if (!connection) continue;
    connection.on("error", onError);
    // The first "ready" is the start; any later one follows a lost connection.
    let readyBefore = false;
    connection.on("ready", () => {
      if (readyBefore) for (const recover of recoverHandlers) recover();
      readyBefore = true;
    });
  }
  subscriber?.on("smessage", (name: string, message: string) => {
    if (name === controlChannel) receiveControl(message);
    else if (name.startsWith(`${prefix}topic:`)) fanout?.deliver([JSON.parse(message) as BusUpdate]);
  });
  function receiveControl(message: string): void {
    let json: unknown;
    try {
      json = JSON.parse(message);
    } catch {
      json = undefined;
    }
    const parsed = controlMessageSchema.safeParse(json);
    if (!parsed.success) {
      onError(new Error("an unreadable control message on the bus", { cause: parsed.error }));
      return;
    }
    for (const control of controlHandlers) control(parsed.data);
  }
  /** Whether commands would only pile up: see `publish`. */
  const reconnecting = () => command.status === "reconnecting" || command.status === "end";
  return {
    publish(updates) {
      // Before the first connection ioredis queues commands; while reconnecting after a loss,
      // queuing would grow without bound, so updates are dropped (their topics carry full
      // state, and the publisher starts a new epoch once the bus recovers).
      if (reconnecting()) return;
      const pipeline = command.pipeline();
      for (const update of updates) {
        const json = JSON.stringify(update);
        // Account and staff events are not state: only market topics keep a snapshot.
        if (!isEventUpdate(update)) {
          pipeline.set(stateKey(update.topic), json);
        }
        pipeline.spublish(channel(update.topic), json);
      }
      pipeline.exec().catch(onError);
    },
    onUpdates(next) {
      own?.onUpdates(next);
    },
    async subscribe(topics) {
      if (!own) throw new Error("a publisher-only bus cannot subscribe");
      await own.subscribe(topics);
    },
    async unsubscribe(topics) {
      await own?.unsubscribe(topics);
    },
    consumer() {
      if (!fanout) throw new Error("a publisher-only bus cannot subscribe");
      return fanout.consumer();
    },
    async publishControl(message) {
      if (reconnecting()) return;
      // SPUBLISH answers after Redis has queued the message for every subscriber.
      await command.spublish(controlChannel, JSON.stringify(message)).catch(onError);
    },
    async onControl(next) {
      if (!subscriber) throw new Error("a publisher-only bus cannot listen for control messages");
      controlHandlers.push(next);
      if (controlHandlers.length === 1) await subscriber.ssubscribe(controlChannel);
    },
    async snapshots(topics) {
      if (topics.length === 0) return [];
      const values = await guarded(() => command.mget(...topics.map(stateKey)));
      return values.flatMap((value, index) => {
        // What this bus stored under the topic's key: a market update of that topic.
        const update = value ? (JSON.parse(value) as MarketUpdate) : undefined;
        return update && isUpdateOf(update, topics[index] as (typeof topics)[number]) ? [update] : [];
      });
    },
    status(): BusStatus {
      const ready = command.status === "ready" && (!subscriber || subscriber.status === "ready");
      return ready ? "up" : "down";
    },
    onRecover(next) {
      recoverHandlers.push(next);
    },
    async close() {
      command.disconnect();
      subscriber?.disconnect();
    },
  };
}
