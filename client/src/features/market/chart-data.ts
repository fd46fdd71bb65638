import { zoneOffsetMs } from "@kabuto/shared/format";
import type { Candle, CandleInterval } from "@kabuto/shared/protocol/market-data";

/**
 * Candles as lightweight-charts wants them. The chart counts seconds and draws every time as
 * UTC, so this adapter (and only this one) converts: epoch ms become seconds, shifted by the
 * exchange zone's offset at that instant, so the axis shows the exchange's wall clock (Tokyo's
 * 09:00 open reads 09:00 everywhere) and day, week and month bars fall on their exchange date.
 */

export interface Bar {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export interface VolumeBar {
  time: number;
  value: number;
  /** Closed at or above its open: drawn in the rise colour. */
  rising: boolean;
}

export function chartTime(epochMs: number, zone: string): number {
  return Math.floor((epochMs + zoneOffsetMs(zone, epochMs)) / 1000);
}

export function isIntraday(interval: CandleInterval): boolean {
  return interval.endsWith("m");
}

export function toBar(candle: Candle, zone: string): Bar {
  return {
    time: chartTime(candle.t, zone),
    open: Number(candle.o),
    high: Number(candle.h),
    low: Number(candle.l),
    close: Number(candle.c),
  };
}

export function toVolume(candle: Candle, zone: string): VolumeBar {
  return { time: chartTime(candle.t, zone), value: candle.v, rising: Number(candle.c) >= Number(candle.o) };
}

/**
 * Merges candles into one strictly ascending series, a later copy of a bucket replacing an
 * earlier one (history pages overlap; the live candle repeats the last bucket).
 */
export function mergeCandles(older: Candle[], newer: Candle[]): Candle[] {
  const byStart = new Map<number, Candle>();
  for (const candle of older) byStart.set(candle.t, candle);
  for (const candle of newer) byStart.set(candle.t, candle);
  return [...byStart.values()].sort((a, b) => a.t - b.t);
}

/**
 * How a live candle meets the history: it replaces the last bar, follows it, or is older than
 * it (a late state) and is ignored; the chart refuses updates older than its last bar.
 */
export function liveCandlePlacement(history: Candle[], live: Candle): "replace" | "append" | "ignore" {
  const last = history.at(-1);
  if (!last || live.t > last.t) return "append";
  return live.t === last.t ? "replace" : "ignore";
}
