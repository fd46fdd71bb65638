export type { CandleStore, StoredCandle } from "./candle-store.ts";
export { aggregate, bucketStart, toWireCandle, type UnitCandle } from "./candles/buckets.ts";
export { type Catalog, createCatalog } from "./catalog.ts";
export { Feed, type FeedOptions, type FeedPublisher } from "./feed.ts";
export type { PriceGrid, SimInstrument } from "./simulator/instruments.ts";
