import { z } from "zod";
import { safeText } from "./text.ts";

/** Equity markets a member can trade. */
export const markets = ["JP", "US"] as const;
export type Market = (typeof markets)[number];
export const marketSchema = z.enum(markets);

/** Currencies of the spec's exchange screen (INR trades only against USD). */
export const currencies = ["JPY", "USD", "CNY", "TWD", "HKD", "THB", "VND", "MYR", "KRW", "INR"] as const;
export type Currency = (typeof currencies)[number];
export const currencySchema = z.enum(currencies);

export const marketCurrency: Record<Market, Currency> = { JP: "JPY", US: "USD" };

/** IANA zone each market keeps its dates in. */
export const marketZone: Record<Market, string> = { JP: "Asia/Tokyo", US: "America/New_York" };

/**
 * `JP:7203`, `US:AAPL`, `US:BRK.B`, `IDX:N225`, `FX:USDJPY`. Codes are upper case; the client
 * normalises user input before it builds a symbol.
 */
const equitySymbolPattern = /^(JP|US):[0-9A-Z][0-9A-Z.-]{0,9}$/;
const indexSymbolPattern = /^IDX:[0-9A-Z]{1,10}$/;
const fxSymbolPattern = /^FX:[A-Z]{6}$/;

export type InstrumentSymbol = string & { readonly __brand: "InstrumentSymbol" };

export const equitySymbolSchema = safeText({ error: "SYMBOL_INVALID" })
  .regex(equitySymbolPattern, { error: "SYMBOL_INVALID" })
  .transform((value) => value as InstrumentSymbol);

export const anySymbolSchema = safeText({ error: "SYMBOL_INVALID" })
  .refine(
    (value) =>
      equitySymbolPattern.test(value) || indexSymbolPattern.test(value) || fxSymbolPattern.test(value),
    { error: "SYMBOL_INVALID" },
  )
  .transform((value) => value as InstrumentSymbol);

export type SymbolKind = "equity" | "index" | "fx";

export function symbolKind(symbol: string): SymbolKind | undefined {
  if (equitySymbolPattern.test(symbol)) return "equity";
  if (indexSymbolPattern.test(symbol)) return "index";
  if (fxSymbolPattern.test(symbol)) return "fx";
  return undefined;
}

export function makeSymbol(market: Market, code: string): InstrumentSymbol {
  const symbol = `${market}:${code.toUpperCase()}`;
  if (!equitySymbolPattern.test(symbol)) throw new Error(`not a symbol: ${symbol}`);
  return symbol as InstrumentSymbol;
}

export function symbolMarket(symbol: InstrumentSymbol): Market | undefined {
  const prefix = symbol.slice(0, symbol.indexOf(":"));
  return prefix === "JP" || prefix === "US" ? prefix : undefined;
}

export function symbolCode(symbol: InstrumentSymbol): string {
  return symbol.slice(symbol.indexOf(":") + 1);
}
