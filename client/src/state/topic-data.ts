import {
  type AccountEvent,
  bookSchema,
  liveCandleSchema,
  parseTopic,
  quoteSchema,
  sessionStateSchema,
} from "@kabuto/shared";
import { z } from "zod";

/**
 * The private `account` topic's event. The shared package declares it as a type only
 * (protocol/socket.ts), so its check lives here until shared exports a schema.
 */
const accountEventSchema = z.object({
  type: z.enum(["order", "position", "balance"]),
  id: z.string(),
}) satisfies z.ZodType<AccountEvent>;

/**
 * Checks a topic's state against the shared schema of its kind before it reaches the screen.
 * Returns undefined for data that does not fit (and for topics this client never asks for),
 * which the socket then drops: a malformed tick must not blank a price.
 */
export function parseTopicData(topic: string, data: unknown): unknown {
  const parsed = parseTopic(topic);
  switch (parsed?.kind) {
    case "quote":
      return fit(quoteSchema.safeParse(data), (quote) => quote.symbol === parsed.symbol);
    case "book":
      return fit(bookSchema.safeParse(data), (book) => book.symbol === parsed.symbol);
    case "candle":
      return fit(
        liveCandleSchema.safeParse(data),
        (candle) => candle.symbol === parsed.symbol && candle.interval === parsed.interval,
      );
    case "session":
      return fit(sessionStateSchema.safeParse(data), (session) => session.market === parsed.market);
    case "account":
      return fit(accountEventSchema.safeParse(data), () => true);
    default:
      return undefined;
  }
}

function fit<T>(result: { success: true; data: T } | { success: false }, belongs: (data: T) => boolean) {
  return result.success && belongs(result.data) ? result.data : undefined;
}
