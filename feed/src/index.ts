export type { CandleStore, StoredCandle } from "./candle-store.ts";
export { aggregate, bucketStart } from "./candles/buckets.ts";
export { createPgCandleStore, type SqlExecutor } from "./candles/pg-candle-store.ts";
export { type Catalog, createCatalog } from "./catalog.ts";
export { type FeedConfig, loadFeedConfig } from "./config.ts";
export { Feed, type FeedOptions, type FeedPublisher } from "./feed.ts";
export type { PriceGrid, SimInstrument } from "./simulator/instruments.ts";
