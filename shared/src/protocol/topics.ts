import { type InstrumentSymbol, type Market, markets, symbolKind } from "../symbols.ts";
import { type CandleInterval, candleIntervals } from "./market-data.ts";

export type Topic =
  | { kind: "quote"; symbol: InstrumentSymbol }
  | { kind: "book"; symbol: InstrumentSymbol }
  | { kind: "candle"; symbol: InstrumentSymbol; interval: CandleInterval }
  | { kind: "session"; market: Market }
  | { kind: "account" };

/** Parses `quote:JP:7203`, `book:US:AAPL`, `candle:JP:7203:5m`, `session:JP`, `account`. */
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
    case "candle": {
      const last = rest.lastIndexOf(":");
      const symbol = rest.slice(0, last);
      const interval = rest.slice(last + 1) as CandleInterval;
      if (last < 0 || !candleIntervals.includes(interval) || !symbolKind(symbol)) return undefined;
      return { kind, symbol: symbol as InstrumentSymbol, interval };
    }
    case "session":
      return (markets as readonly string[]).includes(rest) ? { kind, market: rest as Market } : undefined;
    default:
      return undefined;
  }
}

export function topicName(topic: Topic): string {
  switch (topic.kind) {
    case "quote":
    case "book":
      return `${topic.kind}:${topic.symbol}`;
    case "candle":
      return `candle:${topic.symbol}:${topic.interval}`;
    case "session":
      return `session:${topic.market}`;
    case "account":
      return "account";
  }
}

export function quoteTopic(symbol: string): string {
  return `quote:${symbol}`;
}
export function bookTopic(symbol: string): string {
  return `book:${symbol}`;
}
export function candleTopic(symbol: string, interval: CandleInterval): string {
  return `candle:${symbol}:${interval}`;
}
export function sessionTopic(market: Market): string {
  return `session:${market}`;
}
