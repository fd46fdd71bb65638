import { z } from "zod";
import { anySymbolSchema, marketSchema } from "../symbols.ts";

/** Candle intervals of the spec's chart (1, 5, 10, 30 minutes, day, week, month). */
export const candleIntervals = ["1m", "5m", "10m", "30m", "1d", "1w", "1M"] as const;
export type CandleInterval = (typeof candleIntervals)[number];
export const candleIntervalSchema = z.enum(candleIntervals, { error: "INTERVAL_INVALID" });

/** A price on the wire: a decimal string on the instrument's tick grid, never a float. */
export const priceSchema = z.string().regex(/^-?\d+(\.\d+)?$/);

/** Trading phases. `break` is the TSE lunch break. */
export const sessionPhases = ["closed", "pre", "regular", "break", "after"] as const;
export type SessionPhase = (typeof sessionPhases)[number];
export const sessionPhaseSchema = z.enum(sessionPhases);

/**
 * Phases of the PTS, the second venue for Tokyo's names (`market/pts.ts`): its day session
 * (08:20–16:00 Tokyo time) and its night session (16:30–23:59), or closed.
 */
export const ptsPhases = ["closed", "day", "night"] as const;
export type PtsPhase = (typeof ptsPhases)[number];
export const ptsPhaseSchema = z.enum(ptsPhases);

export const ptsSessionStateSchema = z.object({
  phase: ptsPhaseSchema,
  /**
   * The TSE business day a trade now counts for (YYYY-MM-DD): today in the day session, the next
   * business day at night; while closed, that of the next session.
   */
  tradingDate: z.string(),
  /** When the phase next changes, epoch ms; null when every session is kept open. */
  nextChangeMs: z.number().nullable(),
});
export type PtsSessionState = z.infer<typeof ptsSessionStateSchema>;

export const sessionStateSchema = z.object({
  market: marketSchema,
  phase: sessionPhaseSchema,
  /** The exchange-zone date (YYYY-MM-DD) of the trading day this phase belongs to, or of the next one while closed. */
  tradingDate: z.string(),
  /** When the phase next changes, epoch ms; null if the calendar does not say. */
  nextChangeMs: z.number().nullable(),
  /** `session:JP` only: the PTS's own phase beside the TSE's. */
  pts: ptsSessionStateSchema.optional(),
});
export type SessionState = z.infer<typeof sessionStateSchema>;

export const quoteSchema = z.object({
  symbol: anySymbolSchema,
  last: priceSchema,
  open: priceSchema,
  high: priceSchema,
  low: priceSchema,
  prevClose: priceSchema,
  change: priceSchema,
  /** Change against the previous close in percent, two decimals, as a decimal string. */
  changePct: priceSchema,
  /** Shares (equities) or 0 (indices, FX). */
  volume: z.number().int().nonnegative(),
  /** Traded value in the instrument's currency units (not minor units); display only. */
  turnover: z.number().nonnegative(),
  /** Daily limits (JP equities); null where the market has none. */
  limitUp: priceSchema.nullable(),
  limitDown: priceSchema.nullable(),
  /** Time of the last trade, epoch ms. */
  tradeMs: z.number(),
  /**
   * A Tokyo equity's last trade was an auction (itayose): the day's opening cross at 9:00 or its
   * closing cross at 15:30, for the trading date named, at `last` for `volume` shares. Absent
   * after a continuous trade, and everywhere else.
   */
  cross: z
    .object({
      kind: z.enum(["open", "close"]),
      tradingDate: z.string(),
      price: priceSchema,
      volume: z.number().int().positive(),
    })
    .optional(),
});
export type Quote = z.infer<typeof quoteSchema>;
export type CrossPrint = NonNullable<Quote["cross"]>;

export const bookLevelSchema = z.object({
  price: priceSchema,
  /** Shares, always a whole multiple of the instrument's trading unit. */
  size: z.number().int().positive(),
});
export type BookLevel = z.infer<typeof bookLevelSchema>;

export const bookDepth = 5;

export const bookSchema = z.object({
  symbol: anySymbolSchema,
  /** Best first: bids descending, asks ascending; up to five each. */
  bids: z.array(bookLevelSchema).max(bookDepth),
  asks: z.array(bookLevelSchema).max(bookDepth),
});
export type Book = z.infer<typeof bookSchema>;

/**
 * A book as the feed published it, with the epoch and seq of the update that carried it: what a
 * fill priced against it records, so the fill can be replayed (`fill_books`, docs/ledger.md).
 */
export type StampedBook = Book & { epoch: string; seq: number };

export const candleSchema = z.object({
  /** Bucket start, epoch ms; day, week and month buckets start at 00:00 in the exchange zone. */
  t: z.number(),
  o: priceSchema,
  h: priceSchema,
  l: priceSchema,
  c: priceSchema,
  v: z.number().int().nonnegative(),
});
export type Candle = z.infer<typeof candleSchema>;

export const liveCandleSchema = candleSchema.extend({
  symbol: anySymbolSchema,
  interval: candleIntervalSchema,
});
export type LiveCandle = z.infer<typeof liveCandleSchema>;
