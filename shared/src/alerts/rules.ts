/**
 * Price alerts: what a member asks to hear of, and when it fires. Pure, so the API's worker, the
 * create check and the alert sheet's hint decide alike.
 *
 * - `price_above` / `price_below`: the last trade reaches the threshold (a price);
 * - `change_above` / `change_below`: the day's change from the previous close reaches +threshold %
 *   or −threshold % (a percentage, as the quote's `changePct`);
 * - `move_5m`: the price moved threshold % or more, up or down, within the last five minutes;
 * - `volume_spike`: the last five minutes traded threshold times the name's usual five minutes
 *   (its average day over the last twenty, spread evenly over the regular session) or more.
 *
 * How often: `once` (then it is done), `daily` (at most once a trading day while the condition
 * holds), or `always` (each time the condition comes true again after it stopped holding).
 */
export const alertKinds = [
  "price_above",
  "price_below",
  "change_above",
  "change_below",
  "move_5m",
  "volume_spike",
] as const;
export type AlertKind = (typeof alertKinds)[number];

export const alertFrequencies = ["once", "daily", "always"] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

/** Active alerts a member may hold at once (kabuステーション's リミットマインダー allows 50). */
export const activeAlertsMax = 50;

/** The largest day change an alert may ask for, in percent. */
export const changeThresholdMax = 100;

/** The smallest volume multiple a spike alert may ask for: less is an ordinary five minutes. */
export const volumeSpikeMin = 1.5;

/** What an alert reads of a quote. */
export interface AlertQuote {
  /** The last trade's price, a decimal string. */
  last: string;
  /** The change from the previous close in percent, a signed decimal string. */
  changePct: string;
  /** The move over the last five minutes in percent, signed; unknown until five minutes are seen. */
  move5mPct?: number | undefined;
  /** The last five minutes' volume over the usual five minutes'; unknown likewise. */
  volumeRatio5m?: number | undefined;
}

/** What the worker knows of an alert between passes. */
export interface AlertState {
  kind: AlertKind;
  threshold: string;
  frequency: AlertFrequency;
  /** `always` alerts: false after firing until the condition stops holding. */
  armed: boolean;
  /** `daily` alerts: the trading date it last fired on. */
  lastFiredDate: string | null;
}

/** Whether an alert reads the last five minutes, which the worker must have watched. */
export function readsFiveMinutes(kind: AlertKind): boolean {
  return kind === "move_5m" || kind === "volume_spike";
}

export function isPriceAlert(kind: AlertKind): boolean {
  return kind === "price_above" || kind === "price_below";
}

/** Compares two decimal strings exactly (no floating point): −1, 0 or 1. */
export function compareDecimals(a: string, b: string): number {
  const scale = Math.max(decimalsOf(a), decimalsOf(b));
  const x = scaled(a, scale);
  const y = scaled(b, scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

function decimalsOf(value: string): number {
  const point = value.indexOf(".");
  return point < 0 ? 0 : value.length - point - 1;
}

function scaled(value: string, scale: number): bigint {
  const negative = value.startsWith("-");
  const digits = negative ? value.slice(1) : value;
  const [whole = "0", fraction = ""] = digits.split(".");
  const units = BigInt(whole + fraction.padEnd(scale, "0"));
  return negative ? -units : units;
}

/** Whether the quote meets the alert's condition now. */
export function conditionHolds(kind: AlertKind, threshold: string, quote: AlertQuote): boolean {
  switch (kind) {
    case "price_above":
      return compareDecimals(quote.last, threshold) >= 0;
    case "price_below":
      return compareDecimals(quote.last, threshold) <= 0;
    case "change_above":
      return compareDecimals(quote.changePct, threshold) >= 0;
    case "change_below":
      return compareDecimals(quote.changePct, `-${threshold}`) <= 0;
    case "move_5m":
      return quote.move5mPct !== undefined && Math.abs(quote.move5mPct) >= Number(threshold);
    case "volume_spike":
      return quote.volumeRatio5m !== undefined && quote.volumeRatio5m >= Number(threshold);
  }
}

/**
 * What the worker does with an alert on a quote: `fire` it, `rearm` an `always` alert whose
 * condition stopped holding, or `wait`.
 */
export function decide(alert: AlertState, quote: AlertQuote, tradingDate: string): "fire" | "rearm" | "wait" {
  const holds = conditionHolds(alert.kind, alert.threshold, quote);
  switch (alert.frequency) {
    case "once":
      return holds ? "fire" : "wait";
    case "daily":
      return holds && alert.lastFiredDate !== tradingDate ? "fire" : "wait";
    case "always":
      if (holds) return alert.armed ? "fire" : "wait";
      return alert.armed ? "wait" : "rearm";
  }
}

/**
 * Why a threshold cannot be set, or undefined: it must be above zero (a percentage at most
 * `changeThresholdMax`), and not met already, or the alert would fire at once for nothing new.
 */
export function thresholdProblem(
  kind: AlertKind,
  threshold: string,
  quote: AlertQuote | undefined,
): "ALERT_THRESHOLD_INVALID" | "ALERT_ALREADY_MET" | undefined {
  if (compareDecimals(threshold, "0") <= 0) return "ALERT_THRESHOLD_INVALID";
  if (!isPriceAlert(kind) && compareDecimals(threshold, String(changeThresholdMax)) > 0)
    return "ALERT_THRESHOLD_INVALID";
  if (kind === "volume_spike" && Number(threshold) < volumeSpikeMin) return "ALERT_THRESHOLD_INVALID";
  if (quote && conditionHolds(kind, threshold, quote)) return "ALERT_ALREADY_MET";
  return undefined;
}

/** How far back the five-minute alerts look. */
export const fiveMinutesMs = 5 * 60_000;

/** One look at a stock by the alert worker: when, the last price and the day's volume so far. */
export interface QuoteSample {
  ms: number;
  last: number;
  volume: number;
}

/**
 * The five-minute figures from a stock's recent looks, oldest first, the newest last: the move
 * from the newest look at least five minutes old, and the volume traded since it over the usual
 * five minutes' (`usualVolume5m`, when known). Nothing until five minutes have been seen, or
 * across a new trading day (the day's volume starts again).
 */
export function fiveMinuteFigures(
  samples: readonly QuoteSample[],
  usualVolume5m: number | undefined,
): Pick<AlertQuote, "move5mPct" | "volumeRatio5m"> {
  const now = samples[samples.length - 1];
  if (!now) return {};
  let base: QuoteSample | undefined;
  for (const sample of samples) {
    if (sample.ms > now.ms - fiveMinutesMs) break;
    base = sample;
  }
  if (!base || base.last <= 0 || now.volume < base.volume) return {};
  const traded = now.volume - base.volume;
  return {
    move5mPct: ((now.last - base.last) / base.last) * 100,
    ...(usualVolume5m !== undefined && usualVolume5m > 0 ? { volumeRatio5m: traded / usualVolume5m } : {}),
  };
}
