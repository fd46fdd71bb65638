import type { BookLevel, StampedBook } from "../protocol/market-data.ts";
import type { Market } from "../symbols.ts";
import { type Fill, type Side, walkBook } from "./rules.ts";

/** The book a fill was priced against, as the fill stores it (`fill_books`). */
export interface FillSource {
  /** The feed's epoch and seq of the update that carried the book. */
  epoch: string;
  seq: number;
  /** The side of the book the fill walked, as it stood: asks for a buy, bids for a sell, best first. */
  seen: BookLevel[];
  /** What the fill took of each level of `seen`, best first: the levels it consumed. */
  taken: BookLevel[];
}

/** A fill priced against a stamped book, carrying what it was priced against. */
export interface BookFill extends Fill {
  source: FillSource;
}

/**
 * `walkBook` on a book the feed stamped: the same fill, with the levels it walked and the book's
 * epoch and seq, for the fill's record.
 */
export function walkStampedBook(
  book: StampedBook,
  market: Market,
  side: Side,
  shares: number,
): BookFill | undefined {
  const fill = walkBook(book, market, side, shares);
  if (!fill) return undefined;
  const seen = side === "long" ? book.asks : book.bids;
  return { ...fill, source: { epoch: book.epoch, seq: book.seq, seen, taken: takenLevels(seen, shares) } };
}

/** What taking `shares` from `levels` in their order consumes of each, best first; only the levels it reaches. */
export function takenLevels(levels: readonly BookLevel[], shares: number): BookLevel[] {
  const taken: BookLevel[] = [];
  let remaining = shares;
  for (const level of levels) {
    if (remaining <= 0) break;
    const size = Math.min(remaining, level.size);
    taken.push({ price: level.price, size });
    remaining -= size;
  }
  return taken;
}
