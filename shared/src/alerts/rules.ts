/**
 * Price alerts: what a member asks to hear of, and when it fires. Pure, so the API's worker, the
 * create check and the alert sheet's hint decide alike.
 *
 * - `price_above` / `price_below`: the last trade reaches the threshold (a price);
 * - `change_above` / `change_below`: the day's change from the previous close reaches +threshold %
 *   or −threshold % (a percentage, as the quote's `changePct`).
 *
 * How often: `once` (then it is done), `daily` (at most once a trading day while the condition
 * holds), or `always` (each time the condition comes true again after it stopped holding).
 */
export const alertKinds = ["price_above", "price_below", "change_above", "change_below"] as const;
export type AlertKind = (typeof alertKinds)[number];

export const alertFrequencies = ["once", "daily", "always"] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];

/** Active alerts a member may hold at once (kabuステーション's リミットマインダー allows 50). */
export const activeAlertsMax = 50;

/** The largest day change an alert may ask for, in percent. */
export const changeThresholdMax = 100;

/** What an alert reads of a quote. */
export interface AlertQuote {
  /** The last trade's price, a decimal string. */
  last: string;
  /** The change from the previous close in percent, a signed decimal string. */
  changePct: string;
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
  if (quote && conditionHolds(kind, threshold, quote)) return "ALERT_ALREADY_MET";
  return undefined;
}
