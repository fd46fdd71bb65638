import type { ControlMessage } from "@kabuto/shared/protocol/control";
import type { BusUpdate, UpdateOf } from "@kabuto/shared/protocol/socket";
import type { MarketTopic } from "@kabuto/shared/protocol/topics";

export type BusStatus = "up" | "down";

/**
 * One listener to a bus's topics: its own handler and its own set of topics. Subscribing twice to
 * a topic holds it once; a subscribe resolves once every later update of its topics reaches the
 * handler.
 */
export interface BusConsumer {
  /** Registers this consumer's handler, which receives every update on its topics, in order. */
  onUpdates(handler: (updates: BusUpdate[]) => void): void;
  subscribe(topics: readonly string[]): Promise<void>;
  unsubscribe(topics: readonly string[]): Promise<void>;
}

/**
 * The market-data bus between the feed and its listeners (the gateways, the stop engine). Market
 * topics carry full state, so the bus keeps the newest update per topic for snapshots, and
 * delivers each update to the consumers that subscribed to its topic. The bus is itself a
 * consumer (the gateway's); `consumer()` adds another with topics of its own. Beside the topics, a
 * control channel carries what the servers tell each other (`ControlMessage`), which is neither
 * state nor meant for clients.
 */
export interface Bus extends BusConsumer {
  publish(updates: readonly BusUpdate[]): void;
  /**
   * Another consumer on this bus's connection: its topics are its own, and the bus stays
   * subscribed to a topic while any consumer holds it, so one's unsubscribe never cuts another's.
   * Throws on a publisher-only bus.
   */
  consumer(): BusConsumer;
  /**
   * The newest update of each topic that has one. The Redis bus rejects with
   * RedisUnavailableError while Redis is away, at once rather than after a reconnect.
   */
  snapshots<Name extends MarketTopic>(topics: readonly Name[]): Promise<UpdateOf<Name>[]>;
  /**
   * Sends a control message to every process that listens with `onControl`. Resolves once the
   * message is on its way to all of them (Redis has fanned it out), so whoever announces an ended
   * session can answer after the news left; never rejects: a message the bus could not take is
   * lost, and `status()` says so until `onRecover`.
   */
  publishControl(message: ControlMessage): Promise<void>;
  /**
   * Adds a handler for control messages; resolves once the bus listens for them (a Redis bus
   * subscribes to the control channel), and rejects on a publisher-only bus.
   */
  onControl(handler: (message: ControlMessage) => void): Promise<void>;
  status(): BusStatus;
  /**
   * Called when the bus comes back after losing its connection: whatever was published or
   * delivered meanwhile is gone, so publishers start a new epoch and subscribers re-read state.
   */
  onRecover(handler: () => void): void;
  close(): Promise<void>;
}
