import { z } from "zod";
import type { TopicErrorCode } from "../errors.ts";
import type { Book, LiveCandle, Quote, SessionState } from "./market-data.ts";

/** Bumped when a change to the messages below would break a client built for the old ones. */
export const socketProtocolVersion = 1;

/**
 * A client may hold this many topics at once: a phone shows one screen of quotes (a list of
 * about 100 plus a detail page with its book and candle), and each topic costs gateway memory.
 */
export const topicsPerSocketMax = 200;

/** One state change of one topic. Market topics carry full state; `seq` rises within an `epoch`. */
export interface Update<T = unknown> {
  topic: string;
  /** Changes whenever history may have been lost (feed or bus restart): the client then takes fresh snapshots. */
  epoch: string;
  seq: number;
  /** Feed time of the change, epoch ms. */
  ts: number;
  data: T;
}

/**
 * What changed on the member's private `account` topic. Events, not state: the client reads
 * the new state over HTTP. `seq` rises by exactly one within an epoch; a gap or a new epoch
 * means the client missed something and re-reads everything.
 */
export interface AccountEvent {
  type: "order" | "position" | "balance";
  id: string;
}

export type AccountUpdate = Update<AccountEvent>;
export type QuoteUpdate = Update<Quote>;
export type BookUpdate = Update<Book>;
export type CandleUpdate = Update<LiveCandle>;
export type SessionUpdate = Update<SessionState>;

export const subscribeRequestSchema = z.object({
  topics: z.array(z.string().max(64)).max(topicsPerSocketMax),
});
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export interface SubscribeAck {
  /** The current state of each topic granted, when the feed has one. */
  snapshots: Update[];
  /** Topics refused, each with its reason. */
  errors: { topic: string; code: TopicErrorCode }[];
}

export interface UnsubscribeAck {
  ok: true;
}

/** Typed Socket.IO events, used by the gateway and the client alike. */
export interface ServerToClientEvents {
  /** A frame: one or more updates, in the order the gateway received them. */
  updates: (updates: Update[]) => void;
  hello: (hello: { protocol: number; epoch: string }) => void;
}

export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack: (ack: SubscribeAck) => void) => void;
  unsubscribe: (request: SubscribeRequest, ack: (ack: UnsubscribeAck) => void) => void;
}
