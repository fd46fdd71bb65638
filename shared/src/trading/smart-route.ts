import { priceToUnits } from "../market/ticks.ts";
import type { StampedBook } from "../protocol/market-data.ts";
import type { Market } from "../symbols.ts";
import { type BookFill, type FillLevel, ptsShares, takenLevels } from "./fill-book.ts";
import { type Side, toMinor, walkLevels } from "./rules.ts";

/**
 * The smart route (SOR), Monex style: a market order compares the TSE's and the PTS's books as it
 * arrives and takes the better prices wherever they are, the rest at the TSE. A PTS level is
 * taken only where it is strictly better than the TSE level it displaces (a tie goes to the TSE),
 * so what the route saves is real, and all of it is the member's.
 */
export interface SmartRoute {
  /** The routed fill: its levels are both books' merged by price, each naming its venue. */
  fill: BookFill;
  /** Shares done at the PTS; the rest at the TSE. */
  ptsQuantity: number;
  /**
   * What the route saved against the TSE's own book, in minor units: the TSE-only fill's
   * notional less the routed one's for a buy, the reverse for a sell; never negative, and 0 when
   * the TSE alone could not have filled it.
   */
  savedMinor: bigint;
}

/**
 * Routes `shares` over both books: their sides merged best first, the TSE's level before the
 * PTS's at the same price, walked in that order. Undefined when both together cannot fill it;
 * filled where the TSE alone could not, with nothing saved. No PTS book routes at the TSE alone.
 */
export function smartRoute(
  tse: StampedBook,
  pts: StampedBook | undefined,
  market: Market,
  side: Side,
  shares: number,
): SmartRoute | undefined {
  const sideOf = (book: StampedBook) => (side === "long" ? book.asks : book.bids);
  const tseLevels: FillLevel[] = sideOf(tse).map((level) => ({ ...level, venue: "tse" }));
  const ptsLevels: FillLevel[] = pts ? sideOf(pts).map((level) => ({ ...level, venue: "pts" })) : [];
  const units = (level: FillLevel) => priceToUnits(level.price, market) ?? Number.NaN;
  // A stable sort of the TSE's levels then the PTS's keeps the TSE's first at a tie.
  const seen = [...tseLevels, ...ptsLevels].sort((a, b) =>
    side === "long" ? units(a) - units(b) : units(b) - units(a),
  );
  const routed = walkLevels(seen, market, shares);
  if (routed === undefined) return undefined;
  const taken = takenLevels(seen, shares);
  const tseOnly = walkLevels(sideOf(tse), market, shares);
  const saving =
    tseOnly === undefined
      ? 0n
      : side === "long"
        ? toMinor(tseOnly, market) - toMinor(routed, market)
        : toMinor(routed, market) - toMinor(tseOnly, market);
  return {
    fill: {
      shares,
      scaledNotional: routed,
      averageUnits: Number(routed) / shares,
      source: {
        epoch: tse.epoch,
        seq: tse.seq,
        ...(pts ? { pts: { epoch: pts.epoch, seq: pts.seq } } : {}),
        seen,
        taken,
      },
    },
    ptsQuantity: ptsShares(taken),
    savedMinor: saving > 0n ? saving : 0n,
  };
}
