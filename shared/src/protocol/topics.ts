import { type InstrumentSymbol, type Market, markets, symbolKind } from "../symbols.ts";
import { type CandleInterval, candleIntervals } from "./market-data.ts";

/**
 * Topic names as types: the kind is the name's prefix, so an update's `topic` discriminates what
 * its `data` is (see protocol/socket.ts) without a second field on the wire.
 */
export type QuoteTopic = `quote:${string}`;
export type BookTopic = `book:${string}`;
/** A Japanese equity's quote and book at the PTS, the second venue (`market/pts.ts`). */
export type PtsQuoteTopic = `ptsquote:${string}`;
export type PtsBookTopic = `ptsbook:${string}`;
export type CandleTopic = `candle:${string}:${CandleInterval}`;
export type SessionTopic = `session:${Market}`;
export type MarketTopic = QuoteTopic | BookTopic | PtsQuoteTopic | PtsBookTopic | CandleTopic | SessionTopic;
/** The member's private topic as a client names it. */
export type AccountTopic = "account";
/** The same topic on the bus, where it carries the member's id; clients never see this name. */
export type MemberAccountTopic = `account:${string}`;
/**
 * The staff's private topic: events of the support inbox (a conversation changed). The same
 * name on the bus and on a staff socket; only sockets whose handshake carried a live staff
 * session may hold it.
 */
export type StaffTopic = "staff:support";
/** What a client may subscribe to. */
export type ClientTopic = MarketTopic | AccountTopic | StaffTopic;

/** The staff's support inbox topic. */
export const staffSupportTopic: StaffTopic = "staff:support";

/**
 * Whether a topic carries events rather than state: a member's account (`account` as the client
 * names it, `account:<id>` on the bus) or the staff's inbox. Events are never conflated or kept
 * as a snapshot; the one place that says which topics are private.
 */
export function isEventTopic(name: string): boolean {
  return name === "account" || name.startsWith("account:") || name.startsWith("staff:");
}

/** Whether a topic carries market state (not a member's account events, nor the staff's). */
export function isMarketTopic(name: ClientTopic | MemberAccountTopic): name is MarketTopic {
  return !isEventTopic(name);
}

export type Topic =
  | { kind: "quote"; symbol: InstrumentSymbol }
  | { kind: "book"; symbol: InstrumentSymbol }
  | { kind: "ptsquote"; symbol: InstrumentSymbol }
  | { kind: "ptsbook"; symbol: InstrumentSymbol }
  | { kind: "candle"; symbol: InstrumentSymbol; interval: CandleInterval }
  | { kind: "session"; market: Market }
  | { kind: "account" }
  | { kind: "staff"; name: "support" };

/** Parses `quote:JP:7203`, `book:US:AAPL`, `ptsquote:JP:7203`, `ptsbook:JP:7203`, `candle:JP:7203:5m`, `session:JP`, `account`, `staff:support`. */
export function parseTopic(topic: string): Topic | undefined {
  if (topic === "account") return { kind: "account" };
  const colon = topic.indexOf(":");
  if (colon < 0) return undefined;
  const kind = topic.slice(0, colon);
  const rest = topic.slice(colon + 1);
  switch (kind) {
    case "quote":
      return symbolKind(rest) ? { kind, symbol: rest as InstrumentSymbol } : undefined;
    case "book":
      return symbolKind(rest) === "equity" ? { kind, symbol: rest as InstrumentSymbol } : undefined;
    case "ptsquote":
    case "ptsbook":
      // Only Tokyo's names trade at the PTS.
      return symbolKind(rest) === "equity" && rest.startsWith("JP:")
        ? { kind, symbol: rest as InstrumentSymbol }
        : undefined;
    case "candle": {
      const last = rest.lastIndexOf(":");
      const symbol = rest.slice(0, last);
      const interval = rest.slice(last + 1) as CandleInterval;
      if (last < 0 || !candleIntervals.includes(interval) || !symbolKind(symbol)) return undefined;
      return { kind, symbol: symbol as InstrumentSymbol, interval };
    }
    case "session":
      return (markets as readonly string[]).includes(rest) ? { kind, market: rest as Market } : undefined;
    case "staff":
      return rest === "support" ? { kind, name: rest } : undefined;
    default:
      return undefined;
  }
}

export function topicName(topic: Topic): ClientTopic {
  switch (topic.kind) {
    case "quote":
    case "book":
    case "ptsquote":
    case "ptsbook":
      return `${topic.kind}:${topic.symbol}`;
    case "candle":
      return `candle:${topic.symbol}:${topic.interval}`;
    case "session":
      return `session:${topic.market}`;
    case "account":
      return "account";
    case "staff":
      return staffSupportTopic;
  }
}

export function quoteTopic(symbol: string): QuoteTopic {
  return `quote:${symbol}`;
}
export function bookTopic(symbol: string): BookTopic {
  return `book:${symbol}`;
}
export function ptsQuoteTopic(symbol: string): PtsQuoteTopic {
  return `ptsquote:${symbol}`;
}
export function ptsBookTopic(symbol: string): PtsBookTopic {
  return `ptsbook:${symbol}`;
}
export function candleTopic(symbol: string, interval: CandleInterval): CandleTopic {
  return `candle:${symbol}:${interval}`;
}
export function sessionTopic(market: Market): SessionTopic {
  return `session:${market}`;
}
/** The bus topic of a member's account events. */
export function memberAccountTopic(memberId: string): MemberAccountTopic {
  return `account:${memberId}`;
}
