import type { Update } from "@kabuto/shared";
import { Redis } from "ioredis";
import type { Bus, BusStatus } from "./bus.ts";

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
 * A gateway subscribes only to the channels of topics its own clients hold.
 */
export function createRedisBus(options: RedisBusOptions): Bus {
  const { prefix } = options;
  const stateKey = (topic: string) => `${prefix}state:${topic}`;
  const channel = (topic: string) => `${prefix}topic:${topic}`;
  const command = new Redis(options.url, { lazyConnect: false, maxRetriesPerRequest: 1 });
  const subscriber =
    options.role === "publisher" ? undefined : new Redis(options.url, { lazyConnect: false });
  let handler: ((updates: Update[]) => void) | undefined;
  const onError = (error: Error) => options.onError?.(error);
  command.on("error", onError);
  subscriber?.on("error", onError);
  subscriber?.on("message", (name: string, message: string) => {
    if (!name.startsWith(`${prefix}topic:`)) return;
    handler?.([JSON.parse(message) as Update]);
  });
  return {
    publish(updates) {
      // Before the first connection ioredis queues commands; while reconnecting after a loss,
      // queuing would grow without bound, so updates are dropped (their topics carry full state).
      if (command.status === "reconnecting" || command.status === "end") return;
      const pipeline = command.pipeline();
      for (const update of updates) {
        const json = JSON.stringify(update);
        pipeline.set(stateKey(update.topic), json);
        pipeline.publish(channel(update.topic), json);
      }
      pipeline.exec().catch(onError);
    },
    onUpdates(next) {
      handler = next;
    },
    async subscribe(topics) {
      if (!subscriber) throw new Error("a publisher-only bus cannot subscribe");
      if (topics.length > 0) await subscriber.subscribe(...topics.map(channel));
    },
    async unsubscribe(topics) {
      if (subscriber && topics.length > 0) await subscriber.unsubscribe(...topics.map(channel));
    },
    async snapshots(topics) {
      if (topics.length === 0) return [];
      const values = await command.mget(...topics.map(stateKey));
      return values.flatMap((value) => (value ? [JSON.parse(value) as Update] : []));
    },
    status(): BusStatus {
      const ready = command.status === "ready" && (!subscriber || subscriber.status === "ready");
      return ready ? "up" : "down";
    },
    async close() {
      command.disconnect();
      subscriber?.disconnect();
    },
  };
}
