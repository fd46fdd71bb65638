import type { Currency } from "@kabuto/shared/symbols";

/**
 * The spec's exchange currencies (section 9), yen and dollars first because those are the
 * accounts members trade in. INR is exchanged only with USD.
 */
export const exchangeCurrencies = [
  "JPY",
  "USD",
  "CNY",
  "TWD",
  "HKD",
  "THB",
  "VND",
  "MYR",
  "KRW",
  "INR",
] as const satisfies readonly Currency[];

/** Why a pair cannot be exchanged, as an error code; undefined when it can. */
export function pairError(from: Currency, to: Currency): string | undefined {
  if (from === to) return "CURRENCIES_SAME";
  if ((from === "INR" || to === "INR") && from !== "USD" && to !== "USD") return "FX_PAIR_UNAVAILABLE";
  return undefined;
}

/**
 * The currency to receive once `from` is chosen: the one chosen so far if it still makes a pair,
 * otherwise the first that does (yen, or dollars for yen and rupees).
 */
export function counterpartFor(from: Currency, to: Currency): Currency {
  if (pairError(from, to) === undefined) return to;
  return exchangeCurrencies.find((currency) => pairError(from, currency) === undefined) ?? to;
}

/**
 * When a quote stops holding, by this browser's clock. The server stamps `expiresAtMs` by its
 * own clock, which may differ from the phone's by seconds or minutes; counting the quote's
 * stated life from the moment it was asked for needs no shared clock and ends no later than the
 * server's deadline, since the server made the quote after the request left.
 */
export function quoteDeadline(requestedAtMs: number, lifeSeconds: number): number {
  return requestedAtMs + lifeSeconds * 1000;
}

/** Whole seconds left before `deadlineMs`, rounded up (a quote with 0.2 s left shows 1), never below 0. */
export function secondsLeft(deadlineMs: number, nowMs: number): number {
  return Math.max(0, Math.ceil((deadlineMs - nowMs) / 1000));
}

/**
 * The rate the other way round, for reading (`1 USD ≈ 147.27 JPY` beside `1 JPY = 0.00679 USD`):
 * six significant digits at most, shown only where the quoted rate is below one. Display only: the
 * exchange itself uses the server's rate and amounts.
 */
export function inverseRate(rate: string): string | undefined {
  if (!/^\d+(\.\d+)?$/.test(rate)) return undefined;
  const value = Number(rate);
  if (!(value > 0 && value < 1)) return undefined;
  const inverse = (1 / value).toPrecision(6);
  if (!/^\d+(\.\d+)?$/.test(inverse)) return undefined;
  return inverse.includes(".") ? inverse.replace(/\.?0+$/, "") : inverse;
}
