import type { Venue } from "../market/venues.ts";
import type { BookLevel, StampedBook } from "../protocol/market-data.ts";
import type { Market } from "../symbols.ts";
import { type Fill, type Side, walkBook } from "./rules.ts";

/**
 * A level a fill walked. A fill that walked the PTS's book names each level's venue; a fill of
 * the one market book (the TSE's, a US book) leaves it out, as every fill did before the PTS.
 */
export type FillLevel = BookLevel & { venue?: Venue };

/** The book a fill was priced against, as the fill stores it (`fill_books`). */
export interface FillSource {
  /** The feed's epoch and seq of the market's (the TSE's) book it walked; null for a fill at the PTS alone. */
  epoch: string | null;
  seq: number | null;
  /** The PTS book's epoch and seq, where the fill walked it (a PTS order, a smart route). */
  pts?: { epoch: string; seq: number };
  /**
   * The levels the fill walked, in the order it took them, best first: one side of one book (asks
   * for a buy, bids for a sell), or both books' sides merged by price for a smart route.
   */
  seen: FillLevel[];
  /** What the fill took of each level of `seen`, in that order: the levels it consumed. */
  taken: FillLevel[];
}

/** A fill priced against a stamped book, carrying what it was priced against. */
export interface BookFill extends Fill {
  source: FillSource;
}

/**
 * `walkBook` on a book the feed stamped: the same fill, with the levels it walked and the book's
 * epoch and seq, for the fill's record. `venue` "pts" says the book is the PTS's: its stamp is
 * kept as the PTS's and each level names the venue.
 */
export function walkStampedBook(
  book: StampedBook,
  market: Market,
  side: Side,
  shares: number,
  venue?: "pts",
): BookFill | undefined {
  const fill = walkBook(book, market, side, shares);
  if (!fill) return undefined;
  const levels = side === "long" ? book.asks : book.bids;
  if (venue === "pts") {
    const seen = levels.map((level) => ({ ...level, venue }));
    const source = { epoch: null, seq: null, pts: { epoch: book.epoch, seq: book.seq } };
    return { ...fill, source: { ...source, seen, taken: takenLevels(seen, shares) } };
  }
  return {
    ...fill,
    source: { epoch: book.epoch, seq: book.seq, seen: levels, taken: takenLevels(levels, shares) },
  };
}

/** What taking `shares` from `levels` in their order consumes of each, best first; only the levels it reaches. */
export function takenLevels(levels: readonly FillLevel[], shares: number): FillLevel[] {
  const taken: FillLevel[] = [];
  let remaining = shares;
  for (const level of levels) {
    if (remaining <= 0) break;
    const size = Math.min(remaining, level.size);
    taken.push(level.venue === undefined ? { price: level.price, size } : { ...level, size });
    remaining -= size;
  }
  return taken;
}

/** The shares of a fill's taken levels done at the PTS. */
export function ptsShares(taken: readonly FillLevel[]): number {
  return taken.reduce((sum, level) => sum + (level.venue === "pts" ? level.size : 0), 0);
}
