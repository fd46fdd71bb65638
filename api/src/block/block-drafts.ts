import { priceToUnits } from "@kabuto/shared/market/ticks";
import { type Fill, priceNotional } from "@kabuto/shared/trading/rules";
import { type JournalDraft, memberAccount, transfer } from "../ledger/journal.ts";
import { openJournals } from "../trading/drafts.ts";
import type { BlockApplicationRow } from "./block.repo.ts";

/**
 * The journals of a block trade, decided here and only written by the service. An application
 * holds its whole cost at once (available → held); when it is decided the hold comes back
 * (held → available) in one journal, and a fill then opens the position from available cash at the
 * agreed price with its purchase fee, as an order would. A rejection, a withdrawal or a lost draw
 * is the release alone.
 */

type Money = Pick<BlockApplicationRow, "memberId" | "symbol" | "currency" | "shares" | "price" | "heldMinor">;

const refOf = (id: number) => `block_application:${id}`;

export function blockHoldJournal(id: number, application: Money): JournalDraft {
  return {
    kind: "block_hold",
    memberId: application.memberId,
    ref: refOf(id),
    memo: `block ${application.shares} ${application.symbol} @ ${application.price}`,
    description: {
      code: "block_hold",
      params: { symbol: application.symbol, quantity: application.shares, price: application.price },
    },
    postings: transfer(
      memberAccount(application.memberId, "available", application.currency),
      memberAccount(application.memberId, "held", application.currency),
      application.heldMinor,
    ),
  };
}

export function blockReleaseJournal(id: number, application: Money): JournalDraft {
  return {
    kind: "block_release",
    memberId: application.memberId,
    ref: refOf(id),
    memo: `block ${application.shares} ${application.symbol} released`,
    description: {
      code: "block_release",
      params: { symbol: application.symbol, quantity: application.shares },
    },
    postings: transfer(
      memberAccount(application.memberId, "held", application.currency),
      memberAccount(application.memberId, "available", application.currency),
      application.heldMinor,
    ),
  };
}

/** The fill of `shares` at the application's price: the position's opening journals (leverage 1). */
export function blockFill(application: BlockApplicationRow, shares: number, feePpm: number) {
  const units = priceToUnits(application.price, application.market);
  const scaled = priceNotional(application.price, shares, application.market);
  if (units === undefined || scaled === undefined)
    throw new Error(`block price off the scale: ${application.price}`);
  const fill: Fill = { shares, scaledNotional: scaled, averageUnits: units };
  const opening = openJournals({
    memberId: application.memberId,
    market: application.market,
    terms: { feePpm },
    symbol: application.symbol,
    side: "long",
    quantity: shares,
    leverage: 1,
    fill,
  });
  return { ...opening, priceUnits: units };
}
