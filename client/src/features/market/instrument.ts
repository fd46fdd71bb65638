import type { LocalizedName } from "@kabuto/shared/api/market";
import type { Market } from "@kabuto/shared/symbols";
import { marketZone, symbolKind } from "@kabuto/shared/symbols";
import type { AppLocale } from "../../i18n/locale.ts";

export function localName(name: LocalizedName, locale: AppLocale): string {
  switch (locale) {
    case "ja":
      return name.ja;
    case "en":
      return name.en;
    case "zh-Hant":
      return name.zhHant;
  }
}

/** The market's zone for intraday times; indices and FX use Tokyo, the app's home market. */
export function symbolZone(symbol: string): string {
  return symbol.startsWith("US:") ? marketZone.US : marketZone.JP;
}

export function symbolMarketOf(symbol: string): Market | undefined {
  if (symbol.startsWith("JP:")) return "JP";
  if (symbol.startsWith("US:")) return "US";
  return undefined;
}

/** The highest price each Tokyo grid ticks in fractions of a yen (0.1 or 0.5). */
const tenthsUpTo: Record<string, number> = { topix500: 3000, pts_tse: 5000, pts_topix500: 30_000 };

/**
 * Fewest decimals to show for a price so a column does not jump as the price moves across
 * ticks: TOPIX 500 names tick in 0.1 and 0.5 yen up to 3,000 yen, other TSE names in whole yen
 * (the PTS in tenths further up: to 5,000 and 30,000 yen),
 * US names in cents (sub-dollar in hundredths of a cent), indices in hundredths, FX in
 * thousandths. The price's own digits are always shown in full anyway.
 */
export function priceDigits(
  symbol: string,
  tickTable: string | undefined,
  price: string | undefined,
): number {
  const kind = symbolKind(symbol);
  if (kind === "index") return 2;
  if (kind === "fx") return 3;
  const value = price === undefined ? Number.NaN : Number(price);
  if (symbol.startsWith("US:")) return value < 1 ? 4 : 2;
  return value <= (tenthsUpTo[tickTable ?? ""] ?? 0) ? 1 : 0;
}

export type Direction = "rise" | "fall" | "flat";

/** The colour class of a change: its sign, from the decimal string itself. */
export function direction(change: string | undefined): Direction {
  if (change === undefined || !/[1-9]/.test(change)) return "flat";
  return change.startsWith("-") ? "fall" : "rise";
}

export function detailPath(symbol: string): string {
  return `/market/marketDetail?${new URLSearchParams({ symbol }).toString()}`;
}
