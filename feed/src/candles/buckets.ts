import { tzOffset } from "@date-fns/tz";
import type { UnitCandle } from "@kabuto/shared/market/catalog";
import type { CandleInterval } from "@kabuto/shared/protocol/market-data";

const minuteMs = 60_000;
const fixedIntervalMs: Partial<Record<CandleInterval, number>> = {
  "1m": minuteMs,
  "5m": 5 * minuteMs,
  "10m": 10 * minuteMs,
  "30m": 30 * minuteMs,
};

/**
 * The start of the bucket holding `epochMs`, in the exchange's zone. Minute buckets up to 30m
 * align with UTC because Tokyo and New York are whole hours from it; days, weeks (from Monday)
 * and months start at local midnight, so daylight saving never splits or merges a bar.
 */
export function bucketStart(interval: CandleInterval, zone: string, epochMs: number): number {
  const fixed = fixedIntervalMs[interval];
  if (fixed !== undefined) return epochMs - (epochMs % fixed);
  // Wall-clock arithmetic on a "local as UTC" timestamp, then back through the zone's offset.
  const local = epochMs + offsetMs(zone, epochMs);
  let startLocal = local - (((local % dayMs) + dayMs) % dayMs);
  if (interval === "1w") startLocal -= ((new Date(startLocal).getUTCDay() + 6) % 7) * dayMs;
  if (interval === "1M") {
    const date = new Date(startLocal);
    startLocal = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
  }
  // Midnight may sit on the other side of a DST change from the trade: read the offset there.
  return startLocal - offsetMs(zone, startLocal - offsetMs(zone, startLocal));
}

const dayMs = 86_400_000;
const hourMs = 3_600_000;
/**
 * Offsets cached per zone and UTC hour: they change only on whole-hour DST boundaries. Keyed
 * by the hour number in one map per zone, so a lookup builds no string (back-fill makes
 * millions of them).
 */
const offsetCache = new Map<string, Map<number, number>>();
/** Per zone: a few hours a day over more than five years of history, touched once each. */
const offsetCacheMax = 50_000;

function offsetMs(zone: string, epochMs: number): number {
  let zoneCache = offsetCache.get(zone);
  if (!zoneCache) {
    zoneCache = new Map();
    offsetCache.set(zone, zoneCache);
  }
  const hour = Math.floor(epochMs / hourMs);
  let offset = zoneCache.get(hour);
  if (offset === undefined) {
    offset = tzOffset(zone, new Date(epochMs)) * 60_000;
    if (zoneCache.size >= offsetCacheMax) zoneCache.clear();
    zoneCache.set(hour, offset);
  }
  return offset;
}

export function openCandle(t: number, price: number, volume: number): UnitCandle {
  return { t, o: price, h: price, l: price, c: price, v: volume };
}

/** Folds one trade into a candle in place. */
export function applyTrade(candle: UnitCandle, price: number, volume: number): void {
  if (price > candle.h) candle.h = price;
  if (price < candle.l) candle.l = price;
  candle.c = price;
  candle.v += volume;
}

/** Folds a finer bar into a coarser one in place (bars must arrive oldest first). */
export function applyBar(candle: UnitCandle, bar: UnitCandle): void {
  if (bar.h > candle.h) candle.h = bar.h;
  if (bar.l < candle.l) candle.l = bar.l;
  candle.c = bar.c;
  candle.v += bar.v;
}

/**
 * The traded value of bars whose single trades are not kept, in currency units: each bar's
 * volume at its typical price (the mean of open, high, low and close). The value per share then
 * lies inside the bars' range, so turnover and volume describe the same trades.
 */
export function valueTraded(bars: readonly UnitCandle[], scale: number): number {
  let value = 0;
  for (const bar of bars) value += ((bar.o + bar.h + bar.l + bar.c) / 4 / scale) * bar.v;
  return value;
}

/** Aggregates bars (oldest first) into coarser buckets. */
export function aggregate(bars: readonly UnitCandle[], interval: CandleInterval, zone: string): UnitCandle[] {
  const out: UnitCandle[] = [];
  let current: UnitCandle | undefined;
  for (const bar of bars) {
    const t = bucketStart(interval, zone, bar.t);
    if (current?.t !== t) {
      current = { ...bar, t };
      out.push(current);
    } else {
      applyBar(current, bar);
    }
  }
  return out;
}
