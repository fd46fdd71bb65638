import { z } from "zod";
import { hotListKinds, hotListLimitDefault, hotListLimitMax } from "../market/hot-lists.ts";
import { venues } from "../market/venues.ts";
import {
  candleIntervalSchema,
  candleSchema,
  quoteSchema,
  sessionStateSchema,
} from "../protocol/market-data.ts";
import { anySymbolSchema, currencySchema, marketSchema } from "../symbols.ts";
import { safeText } from "../text.ts";

export const localizedNameSchema = z.object({ ja: z.string(), en: z.string(), zhHant: z.string() });
export type LocalizedName = z.infer<typeof localizedNameSchema>;

/**
 * Tick tables: the TSE's two (TOPIX 500 names and the rest), the US one, and the PTS's two, a
 * tenth of the TSE's (`ptsTickTable`); an instrument lists its own market's table.
 */
export const tickTables = ["topix500", "tse", "us", "pts_topix500", "pts_tse"] as const;

export const instrumentSchema = z.object({
  symbol: anySymbolSchema,
  market: marketSchema,
  code: z.string(),
  name: localizedNameSchema,
  sector: z.string(),
  currency: currencySchema,
  /** Shares in one trading unit (TSE 100, US 1). */
  lotSize: z.number().int().positive(),
  tickTable: z.enum(tickTables),
  /**
   * The exchange-zone date (YYYY-MM-DD) it was first listed; absent for the names that were
   * already trading when the market's history begins (the simulator's whole universe today).
   */
  listedOn: z.iso.date().optional(),
});
export type Instrument = z.infer<typeof instrumentSchema>;

export const instrumentWithQuoteSchema = instrumentSchema.extend({ quote: quoteSchema.nullable() });
export type InstrumentWithQuote = z.infer<typeof instrumentWithQuoteSchema>;

/** Most instruments one search returns: a phone shows a screenful, and the list is scrolled, not paged. */
export const instrumentSearchLimitMax = 200;

export const instrumentQuerySchema = z.object({
  market: marketSchema.optional(),
  q: safeText().trim().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(instrumentSearchLimitMax).default(instrumentSearchLimitMax),
});

export const instrumentListSchema = z.object({ items: z.array(instrumentWithQuoteSchema) });
export type InstrumentList = z.infer<typeof instrumentListSchema>;

/** Candles one request returns at most: about a year of daily bars, or two days of minute bars. */
export const candlesLimitMax = 1000;

export const candleQuerySchema = z.object({
  interval: candleIntervalSchema,
  /** Only candles that start before this instant, epoch ms; for scrolling back. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(candlesLimitMax).default(300),
});

export const candleListSchema = z.object({
  symbol: anySymbolSchema,
  interval: candleIntervalSchema,
  /** Oldest first. */
  items: z.array(candleSchema),
});
export type CandleList = z.infer<typeof candleListSchema>;

export const indexInfoSchema = z.object({
  symbol: anySymbolSchema,
  name: localizedNameSchema,
  market: marketSchema,
  quote: quoteSchema.nullable(),
});
export const indexListSchema = z.object({ items: z.array(indexInfoSchema) });
export type IndexInfo = z.infer<typeof indexInfoSchema>;

export const fxRateSchema = z.object({
  symbol: anySymbolSchema,
  base: currencySchema,
  quote: currencySchema,
  bid: z.string(),
  ask: z.string(),
  mid: z.string(),
  ts: z.number(),
});
export const fxRateListSchema = z.object({ items: z.array(fxRateSchema) });
export type FxRate = z.infer<typeof fxRateSchema>;

/** A watchlist holds at most this many names: more than one screen of quotes helps nobody. */
export const watchlistMax = 100;

export const watchlistSchema = z.object({
  items: z.array(z.object({ symbol: anySymbolSchema, addedAtMs: z.number() })),
});
export type Watchlist = z.infer<typeof watchlistSchema>;

export const hotListQuerySchema = z.object({
  market: marketSchema,
  kind: z.enum(hotListKinds),
  /**
   * Whose quotes rank: the TSE's (or the US market's), or for Tokyo's names the PTS's (`pts`):
   * the night's movers against their base price, and what traded in the PTS's session.
   */
  venue: z.enum(venues, { error: "VENUE_INVALID" }).default("tse"),
  limit: z.coerce.number().int().min(1).max(hotListLimitMax).default(hotListLimitDefault),
});
export type HotListQuery = z.infer<typeof hotListQuerySchema>;

export const hotListSchema = z.object({
  market: marketSchema,
  kind: z.enum(hotListKinds),
  venue: z.enum(venues),
  /** The market's phase as the feed last announced it; null before the feed has said. */
  session: sessionStateSchema.nullable(),
  /** Best first. */
  items: z.array(instrumentWithQuoteSchema),
  /** When the ranking was taken from the newest quotes, epoch ms. */
  rankedAtMs: z.number(),
});
export type HotList = z.infer<typeof hotListSchema>;

/** How far back "newly listed" looks by default, and at most: a quarter, and a year. */
export const newListingDaysDefault = 90;
export const newListingDaysMax = 365;

export const newListingQuerySchema = z.object({
  market: marketSchema.optional(),
  days: z.coerce.number().int().min(1).max(newListingDaysMax).default(newListingDaysDefault),
});

export const newListingListSchema = z.object({
  /** The first listing date the list looks at (exchange-zone date of the oldest market asked for). */
  sinceDate: z.iso.date(),
  /** Newest listing first. */
  items: z.array(instrumentWithQuoteSchema.extend({ listedOn: z.iso.date() })),
});
export type NewListingList = z.infer<typeof newListingListSchema>;
