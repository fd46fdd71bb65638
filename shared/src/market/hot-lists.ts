import type { Quote } from "../protocol/market-data.ts";

/** The spec's hot lists: top gainers, top losers, most traded by shares and by value. */
export const hotListKinds = ["gainers", "losers", "volume", "turnover"] as const;
export type HotListKind = (typeof hotListKinds)[number];

/** Names one hot list shows by default: a phone's screenful and a little more. */
export const hotListLimitDefault = 20;
/** Names one hot list shows at most: past fifty a ranking stops being "hot". */
export const hotListLimitMax = 50;

interface Ranked {
  symbol: string;
  quote: Quote | null;
}

/**
 * How far up a quote belongs on a list, higher first; undefined where it does not belong at
 * all. A gainer must have gained and a loser lost: on a flat morning the lists are short
 * rather than padded with names that did not move. Volume and turnover count only names that
 * traded. Prices and percentages are decimal strings on a grid of two decimals at most, so
 * `Number` compares them exactly enough to rank.
 */
function score(kind: HotListKind, quote: Quote): number | undefined {
  switch (kind) {
    case "gainers": {
      const pct = Number(quote.changePct);
      return pct > 0 ? pct : undefined;
    }
    case "losers": {
      const pct = Number(quote.changePct);
      return pct < 0 ? -pct : undefined;
    }
    case "volume":
      return quote.volume > 0 ? quote.volume : undefined;
    case "turnover":
      return quote.turnover > 0 ? quote.turnover : undefined;
  }
}

/**
 * The top `limit` of `items` for one hot list, best first. Ties go to the name that traded
 * more value, then to the symbol's order, so every process ranks the same quotes the same way
 * and a refreshed list does not shuffle names that stand level.
 */
export function rankHotList<T extends Ranked>(items: readonly T[], kind: HotListKind, limit: number): T[] {
  const scored: { item: T; score: number; turnover: number }[] = [];
  for (const item of items) {
    if (!item.quote) continue;
    const value = score(kind, item.quote);
    if (value === undefined || !Number.isFinite(value)) continue;
    scored.push({ item, score: value, turnover: item.quote.turnover });
  }
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      b.turnover - a.turnover ||
      (a.item.symbol < b.item.symbol ? -1 : a.item.symbol > b.item.symbol ? 1 : 0),
  );
  return scored.slice(0, Math.max(0, limit)).map((entry) => entry.item);
}
