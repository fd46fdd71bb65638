import { z } from "zod";
import type { TopicErrorCode } from "../errors.ts";
import type { Book, LiveCandle, Quote, SessionState } from "./market-data.ts";
import type {
  AccountTopic,
  BookTopic,
  CandleTopic,
  ClientTopic,
  MemberAccountTopic,
  PtsBookTopic,
  PtsQuoteTopic,
  QuoteTopic,
  SessionTopic,
  StaffTopic,
} from "./topics.ts";
import { isEventTopic } from "./topics.ts";

/**
 * A client may hold this many topics at once: a phone shows one screen of quotes (a list of
 * about 100 plus a detail page with its book and candle), and each topic costs gateway memory.
 */
export const topicsPerSocketMax = 200;

/**
 * One state change of one topic. Market topics carry full state; `seq` rises within an `epoch`.
 * The topic's name says its kind (`quote:…`, `book:…`), and its type says what `data` is.
 */
export interface TopicUpdate<Name extends string, Data> {
  topic: Name;
  /** Changes whenever history may have been lost (feed or bus restart): the client then takes fresh snapshots. */
  epoch: string;
  seq: number;
  /** Feed time of the change, epoch ms. */
  ts: number;
  data: Data;
}

/**
 * What changed on the member's private `account` topic. Events, not state: the client reads
 * the new state over HTTP. `seq` rises by exactly one within an epoch; a gap or a new epoch
 * means the client missed something and re-reads everything.
 */
export const accountEventSchema = z.object({
  /**
   * `support`: a support conversation of the member's (`id`) has a new message or was read.
   * `day_trade_cutoff`: the house closed the member's day-trade position `id` at the day's cut-off.
   * `alert`: one of the member's price alerts fired (`id` is its notice).
   * `stop_triggered`: the last trade crossed the trigger of the member's stop order `id`, which the
   * engine has sent on (its fill follows as `order`, `position` and `balance`).
   * `order_expired`: the member's resting order `id` reached the end of its validity unfilled; the
   * engine cancelled it and released its hold (`order` and `balance` follow).
   * `margin_call`: the house closed the member's position `id` because its equity fell below the
   * maintenance margin (`position` and `balance` follow).
   */
  type: z.enum([
    "order",
    "position",
    "balance",
    "support",
    "day_trade_cutoff",
    "alert",
    "stop_triggered",
    "order_expired",
    "margin_call",
  ]),
  id: z.string(),
});
export type AccountEvent = z.infer<typeof accountEventSchema>;

/**
 * What changed on the staff's `staff:support` topic: a conversation (`id`) has a new message or
 * was read. Events like the account's: the console re-reads the inbox over HTTP; `seq` rises by
 * one within an epoch, and a gap or a new epoch means re-read everything.
 */
export const staffEventSchema = z.object({
  type: z.literal("support"),
  id: z.string(),
});
export type StaffEvent = z.infer<typeof staffEventSchema>;

export type QuoteUpdate = TopicUpdate<QuoteTopic, Quote>;
export type BookUpdate = TopicUpdate<BookTopic, Book>;
/** The PTS's quote and book of a Tokyo name: the same shapes as the TSE's (`market/pts.ts`). */
export type PtsQuoteUpdate = TopicUpdate<PtsQuoteTopic, Quote>;
export type PtsBookUpdate = TopicUpdate<PtsBookTopic, Book>;
export type CandleUpdate = TopicUpdate<CandleTopic, LiveCandle>;
export type SessionUpdate = TopicUpdate<SessionTopic, SessionState>;
/** Updates of market topics, discriminated by their topic's kind. */
export type MarketUpdate =
  | QuoteUpdate
  | BookUpdate
  | PtsQuoteUpdate
  | PtsBookUpdate
  | CandleUpdate
  | SessionUpdate;
/** An account event as the member's sockets receive it. */
export type AccountUpdate = TopicUpdate<AccountTopic, AccountEvent>;
/** An account event on the bus, addressed to one member. */
export type MemberAccountUpdate = TopicUpdate<MemberAccountTopic, AccountEvent>;
/** A support inbox event, as staff sockets and the bus carry it. */
export type StaffUpdate = TopicUpdate<StaffTopic, StaffEvent>;
/** What a client receives. */
export type Update = MarketUpdate | AccountUpdate | StaffUpdate;
/** What the bus carries: market updates, members' account events and the staff's events. */
export type BusUpdate = MarketUpdate | MemberAccountUpdate | StaffUpdate;

/** The update a topic carries, from the topic's name (its literal or its kind). */
export type UpdateOf<Name extends string> = Name extends QuoteTopic
  ? QuoteUpdate
  : Name extends BookTopic
    ? BookUpdate
    : Name extends PtsQuoteTopic
      ? PtsQuoteUpdate
      : Name extends PtsBookTopic
        ? PtsBookUpdate
        : Name extends CandleTopic
          ? CandleUpdate
          : Name extends SessionTopic
            ? SessionUpdate
            : Name extends AccountTopic
              ? AccountUpdate
              : Name extends MemberAccountTopic
                ? MemberAccountUpdate
                : Name extends StaffTopic
                  ? StaffUpdate
                  : never;

/**
 * Narrows an update to the one its topic carries. A topic's name fixes its data's type (the
 * client checks each update against its topic's schema on arrival), so equal names are proof.
 */
export function isUpdateOf<Name extends ClientTopic | MemberAccountTopic>(
  update: Update | BusUpdate,
  topic: Name,
): update is UpdateOf<Name> {
  return update.topic === topic;
}

/** Account events are not state: the bus keeps no snapshot of them and the gateway never conflates them. */
export function isAccountEvent(update: BusUpdate): update is MemberAccountUpdate {
  return update.topic.startsWith("account:");
}

/** Events of either private kind (a member's account, the staff's inbox): no snapshot, no conflation. */
export function isEventUpdate(update: BusUpdate): update is MemberAccountUpdate | StaffUpdate {
  return isEventTopic(update.topic);
}

export const subscribeRequestSchema = z.object({
  topics: z.array(z.string().max(64)).max(topicsPerSocketMax),
});
export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export interface SubscribeAck {
  /** The current state of each topic granted, when the feed has one. */
  snapshots: MarketUpdate[];
  /** Topics refused, each with its reason. */
  errors: { topic: string; code: TopicErrorCode }[];
}

export interface UnsubscribeAck {
  ok: true;
}

/** The first message on every connection. */
export interface Hello {
  /** The gateway's `socketProtocolVersion`. */
  protocol: number;
  /** The feed's current epoch, or "" before the gateway has seen one. */
  epoch: string;
}

/** Typed Socket.IO events, used by the gateway and the client alike. */
export interface ServerToClientEvents {
  /** A frame: one or more updates, in the order the gateway received them. */
  updates: (updates: Update[]) => void;
  hello: (hello: Hello) => void;
}

export interface ClientToServerEvents {
  subscribe: (request: SubscribeRequest, ack: (ack: SubscribeAck) => void) => void;
  unsubscribe: (request: SubscribeRequest, ack: (ack: UnsubscribeAck) => void) => void;
}

/** Gateways talk to each other over the bus, never over Socket.IO's adapter: no events. */
export type InterServerEvents = Record<never, never>;

/** What the gateway keeps on each socket (`socket.data`), from its handshake. */
export interface SocketData {
  /** The signed-in member, if the handshake carried a live session. */
  memberId: string | undefined;
  /** The hash of that session's token, to disconnect the socket when the session ends. */
  sessionKey: string | undefined;
  /** The signed-in staff member, if the handshake carried a live staff session. */
  staffId?: string | undefined;
  /** The hash of that staff session's token. */
  staffSessionKey?: string | undefined;
}
