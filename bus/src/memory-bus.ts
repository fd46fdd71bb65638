import type { ControlMessage } from "@kabuto/shared/protocol/control";
import { type BusUpdate, isEventUpdate, isUpdateOf, type MarketUpdate } from "@kabuto/shared/protocol/socket";
import type { Bus } from "./bus.ts";
import { createFanout } from "./fanout.ts";

/** The embedded bus: one process, no serialisation, delivery on the next microtask. */
export function createMemoryBus(): Bus {
  const latest = new Map<string, MarketUpdate>();
  // In one process subscribing is bookkeeping: the fan-out's topics are what gets delivered.
  const fanout = createFanout({ subscribe: async () => undefined, unsubscribe: async () => undefined });
  const own = fanout.consumer();
  const controlHandlers: ((message: ControlMessage) => void)[] = [];
  return {
    publish(updates) {
      const delivered: BusUpdate[] = [];
      for (const update of updates) {
        // Account and staff events are not state: as on Redis, only market topics keep a snapshot.
        if (!isEventUpdate(update)) latest.set(update.topic, update);
        if (fanout.has(update.topic)) delivered.push(update);
      }
      if (delivered.length > 0) queueMicrotask(() => fanout.deliver(delivered));
    },
    onUpdates: (handler) => own.onUpdates(handler),
    subscribe: (topics) => own.subscribe(topics),
    unsubscribe: (topics) => own.unsubscribe(topics),
    consumer: () => fanout.consumer(),
    async publishControl(message) {
      for (const control of controlHandlers) queueMicrotask(() => control(message));
    },
    async onControl(next) {
      controlHandlers.push(next);
    },
    async snapshots(topics) {
      return topics.flatMap((topic) => {
        const update = latest.get(topic);
        return update && isUpdateOf(update, topic) ? [update] : [];
      });
    },
    status: () => "up",
    // In one process nothing is ever lost in transit.
    onRecover() {},
    async close() {
      fanout.clear();
      controlHandlers.length = 0;
    },
  };
}
