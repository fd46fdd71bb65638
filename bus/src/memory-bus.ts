import type { ControlMessage } from "@kabuto/shared/protocol/control";
import { type BusUpdate, isEventUpdate, isUpdateOf, type MarketUpdate } from "@kabuto/shared/protocol/socket";
import type { Bus } from "./bus.ts";

/** The embedded bus: one process, no serialisation, delivery on the next microtask. */
export function createMemoryBus(): Bus {
  const latest = new Map<string, MarketUpdate>();
  const subscribed = new Set<string>();
  let handler: ((updates: BusUpdate[]) => void) | undefined;
  const controlHandlers: ((message: ControlMessage) => void)[] = [];
  return {
    publish(updates) {
      const delivered: BusUpdate[] = [];
      for (const update of updates) {
        // Account and staff events are not state: as on Redis, only market topics keep a snapshot.
        if (!isEventUpdate(update)) latest.set(update.topic, update);
        if (subscribed.has(update.topic)) delivered.push(update);
      }
      if (delivered.length > 0 && handler) {
        const deliver = handler;
        queueMicrotask(() => deliver(delivered));
      }
    },
    onUpdates(next) {
      handler = next;
    },
    async subscribe(topics) {
      for (const topic of topics) subscribed.add(topic);
    },
    async unsubscribe(topics) {
      for (const topic of topics) subscribed.delete(topic);
    },
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
      subscribed.clear();
      controlHandlers.length = 0;
    },
  };
}
