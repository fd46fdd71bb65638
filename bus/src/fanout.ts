import type { BusUpdate } from "@kabuto/shared/protocol/socket";
import type { BusConsumer } from "./bus.ts";

/** How a bus starts and stops hearing topics: its one subscription per topic (a Redis channel). */
export interface TopicChannel {
  subscribe(topic: string): Promise<void>;
  unsubscribe(topic: string): Promise<void>;
}

/** A bus's consumers over its one subscription per topic: see `createFanout`. */
export interface Fanout {
  /** A new consumer, with no handler and no topics yet. */
  consumer(): BusConsumer;
  /** Whether some consumer holds the topic. */
  has(topic: string): boolean;
  /** Hands each consumer the updates of the topics it holds, in order. */
  deliver(updates: readonly BusUpdate[]): void;
  /** Forgets every consumer's topics (the bus is closing). */
  clear(): void;
}

/**
 * Lets several consumers in one process (the gateway and the stop engine, in embedded mode or
 * wherever both run) share one bus. Each holds its own set of topics; the bus subscribes to a
 * topic while at least one consumer holds it, so one consumer's unsubscribe never cuts another's
 * topic. A consumer that subscribes to a topic another is still subscribing to waits for that
 * subscription, so once its own subscribe resolves every later update reaches it (the gateway
 * reads the snapshot right after, and relies on that).
 */
export function createFanout(channel: TopicChannel): Fanout {
  /** Each subscribed topic: how many consumers hold it, and the subscription they wait on. */
  const held = new Map<string, { count: number; subscribed: Promise<void> }>();
  const consumers: { topics: Set<string>; handler?: (updates: BusUpdate[]) => void }[] = [];
  return {
    consumer() {
      const own: (typeof consumers)[number] = { topics: new Set() };
      consumers.push(own);
      return {
        onUpdates(handler) {
          own.handler = handler;
        },
        async subscribe(topics) {
          const waits: Promise<void>[] = [];
          for (const topic of topics) {
            if (own.topics.has(topic)) continue;
            own.topics.add(topic);
            const entry = held.get(topic);
            if (entry) {
              entry.count += 1;
              waits.push(entry.subscribed);
            } else {
              const subscribed = channel.subscribe(topic);
              held.set(topic, { count: 1, subscribed });
              waits.push(subscribed);
            }
          }
          await Promise.all(waits);
        },
        async unsubscribe(topics) {
          const waits: Promise<void>[] = [];
          for (const topic of topics) {
            if (!own.topics.delete(topic)) continue;
            const entry = held.get(topic);
            if (!entry) continue;
            entry.count -= 1;
            if (entry.count > 0) continue;
            held.delete(topic);
            waits.push(channel.unsubscribe(topic));
          }
          await Promise.all(waits);
        },
      };
    },
    has: (topic) => held.has(topic),
    deliver(updates) {
      for (const { topics, handler } of consumers) {
        if (!handler) continue;
        const own = updates.filter((update) => topics.has(update.topic));
        if (own.length > 0) handler(own);
      }
    },
    clear() {
      held.clear();
      for (const consumer of consumers) consumer.topics.clear();
    },
  };
}
