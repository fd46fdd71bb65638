import type { MarketUpdate } from "@kabuto/shared/protocol/socket";
import type { MarketTopic, MemberAccountTopic, StaffTopic } from "@kabuto/shared/protocol/topics";
import { isEventTopic } from "@kabuto/shared/protocol/topics";
import type { Outgoing } from "./frames.ts";

/** A topic as the gateway holds it on the bus: a market topic, one member's account, or the staff's. */
export type BusTopic = MarketTopic | MemberAccountTopic | StaffTopic;

/** A bus topic some holder (a socket) holds: who holds it and, for market topics, its newest state. */
export interface TopicState<H> {
  name: BusTopic;
  /** A member's `account:` topic and the staff's `staff:` topic carry events, which are never conflated. */
  isEvents: boolean;
  holders: Set<H>;
  latest: Outgoing | undefined;
  /** Updates taken in; a holder that has sent fewer has news on this topic. */
  count: number;
}

/**
 * What the table keeps on each holder. Arrays, not a map: the writer walks them for every frame.
 */
export interface TopicHolder<H> {
  /** Each market topic held and, at the same index, its `count` when this holder last got it (or subscribed). */
  topics: TopicState<H>[];
  sent: number[];
}

/**
 * Which holders hold which bus topics, with reference counts, the newest state of each market
 * topic, and what each holder has not been sent yet. Pure bookkeeping: the gateway subscribes on
 * the bus to the topics `hold` reports fresh, and unsubscribes from those `release` reports idle.
 */
export class TopicTable<H extends TopicHolder<H>> {
  private readonly topics = new Map<BusTopic, TopicState<H>>();
  /** Topics held, counted per holder. */
  subscriptions = 0;

  /** Topics some holder holds. */
  get size(): number {
    return this.topics.size;
  }

  get(name: BusTopic): TopicState<H> | undefined {
    return this.topics.get(name);
  }

  names(): BusTopic[] {
    return [...this.topics.keys()];
  }

  /**
   * Adds the holder to each topic; returns the topics no holder held before. A market topic's
   * history before this moment is in the snapshot the subscribe answers with, so the holder is
   * due only what comes after.
   */
  hold(holder: H, names: readonly BusTopic[]): BusTopic[] {
    const fresh: BusTopic[] = [];
    for (const name of names) {
      let topic = this.topics.get(name);
      if (!topic) {
        topic = {
          name,
          isEvents: isEventTopic(name),
          holders: new Set(),
          latest: undefined,
          count: 0,
        };
        this.topics.set(name, topic);
        fresh.push(name);
      }
      if (topic.holders.has(holder)) continue;
      topic.holders.add(holder);
      this.subscriptions += 1;
      if (!topic.isEvents) {
        holder.topics.push(topic);
        holder.sent.push(topic.count);
      }
    }
    return fresh;
  }

  /** Takes the holder off each topic; returns the topics no holder holds any more. */
  release(holder: H, names: Iterable<BusTopic>): BusTopic[] {
    const idle: BusTopic[] = [];
    for (const name of names) {
      const topic = this.topics.get(name);
      if (!topic?.holders.delete(holder)) continue;
      this.subscriptions -= 1;
      const index = holder.topics.indexOf(topic);
      if (index >= 0) {
        holder.topics.splice(index, 1);
        holder.sent.splice(index, 1);
      }
      if (topic.holders.size === 0) {
        this.topics.delete(name);
        idle.push(name);
      }
    }
    return idle;
  }

  /**
   * Takes a market update in as the newest state of its topic (which some holder holds); returns
   * whether it was newer, and so news for the topic's holders. Nothing older than what the topic
   * has counts, nor the same update twice (a resync after a bus recovery re-reads states that
   * may have been delivered already).
   */
  advance(topic: TopicState<H>, update: MarketUpdate, encode: (update: MarketUpdate) => Outgoing): boolean {
    const held = topic.latest?.update;
    if (held && held.epoch === update.epoch && held.seq >= update.seq) return false;
    topic.latest = encode(update);
    topic.count += 1;
    return true;
  }

  /**
   * Appends to `entries` the newest state of each topic that changed since the holder's last
   * frame, and marks them sent; returns how many states in between it skipped (conflated).
   */
  takeNews(holder: H, entries: Outgoing[]): number {
    let conflated = 0;
    const { topics, sent } = holder;
    for (let index = 0; index < topics.length; index += 1) {
      const topic = topics[index] as TopicState<H>;
      const sentCount = sent[index] as number;
      if (topic.count === sentCount || !topic.latest) continue;
      conflated += topic.count - sentCount - 1;
      sent[index] = topic.count;
      entries.push(topic.latest);
    }
    return conflated;
  }
}
