import {
  bookSchema,
  liveCandleSchema,
  quoteSchema,
  sessionStateSchema,
} from "@kabuto/shared/protocol/market-data";
import { accountEventSchema, staffEventSchema, type Update } from "@kabuto/shared/protocol/socket";
import {
  bookTopic,
  candleTopic,
  parseTopic,
  ptsBookTopic,
  ptsQuoteTopic,
  quoteTopic,
  sessionTopic,
  staffSupportTopic,
} from "@kabuto/shared/protocol/topics";

/** An update as it arrives: its fields are the server's word, not yet checked. */
export interface Unchecked {
  topic: string;
  epoch: string;
  seq: number;
  ts: number;
  data: unknown;
}

/**
 * Checks a topic's state against the shared schema of its kind before it reaches the screen,
 * and returns the update typed by its topic. Returns undefined for data that does not fit (and
 * for topics this client never asks for), which the socket then drops: a malformed tick must
 * not blank a price.
 */
export function checkUpdate(update: Unchecked): Update | undefined {
  const parsed = parseTopic(update.topic);
  const { epoch, seq, ts } = update;
  switch (parsed?.kind) {
    case "quote": {
      const data = fit(quoteSchema.safeParse(update.data), (quote) => quote.symbol === parsed.symbol);
      return data && { topic: quoteTopic(parsed.symbol), epoch, seq, ts, data };
    }
    case "book": {
      const data = fit(bookSchema.safeParse(update.data), (book) => book.symbol === parsed.symbol);
      return data && { topic: bookTopic(parsed.symbol), epoch, seq, ts, data };
    }
    case "ptsquote": {
      const data = fit(quoteSchema.safeParse(update.data), (quote) => quote.symbol === parsed.symbol);
      return data && { topic: ptsQuoteTopic(parsed.symbol), epoch, seq, ts, data };
    }
    case "ptsbook": {
      const data = fit(bookSchema.safeParse(update.data), (book) => book.symbol === parsed.symbol);
      return data && { topic: ptsBookTopic(parsed.symbol), epoch, seq, ts, data };
    }
    case "candle": {
      const data = fit(
        liveCandleSchema.safeParse(update.data),
        (candle) => candle.symbol === parsed.symbol && candle.interval === parsed.interval,
      );
      return data && { topic: candleTopic(parsed.symbol, parsed.interval), epoch, seq, ts, data };
    }
    case "session": {
      const data = fit(
        sessionStateSchema.safeParse(update.data),
        (session) => session.market === parsed.market,
      );
      return data && { topic: sessionTopic(parsed.market), epoch, seq, ts, data };
    }
    case "account": {
      const data = fit(accountEventSchema.safeParse(update.data), () => true);
      return data && { topic: "account", epoch, seq, ts, data };
    }
    case "staff": {
      const data = fit(staffEventSchema.safeParse(update.data), () => true);
      return data && { topic: staffSupportTopic, epoch, seq, ts, data };
    }
    default:
      return undefined;
  }
}

function fit<T>(result: { success: true; data: T } | { success: false }, belongs: (data: T) => boolean) {
  return result.success && belongs(result.data) ? result.data : undefined;
}
