import { costOfUnits, unitShares } from "@kabuto/shared/ipo/rules";
import { minorToDecimal } from "@kabuto/shared/money";
import { type Market, makeSymbol } from "@kabuto/shared/symbols";
import { type JournalDraft, memberAccount, transfer } from "../ledger/journal.ts";
import type { OfferingRow, SubscriptionRow } from "./ipo.repo.ts";

/**
 * The journals of a new share, decided here and only written by the service. A winner's payment
 * holds units × unit shares × offer price (available → held); on listing day the same amount
 * becomes the position's margin (held → margin) at leverage 1, with no purchase fee.
 */

function offerOf(offering: OfferingRow): bigint {
  if (offering.offerPriceMinor === null) throw new Error(`offering ${offering.id} has no offer price`);
  return offering.offerPriceMinor;
}

/** The offer price as the ledger writes a price: a plain decimal of the currency's major units. */
export function offerPriceText(offering: OfferingRow): string {
  return minorToDecimal(offerOf(offering), offering.currency);
}

export function symbolOf(offering: { market: Market; code: string }): string {
  return makeSymbol(offering.market, offering.code);
}

/** What a won subscription costs to pay. */
export function amountDue(offering: OfferingRow, subscription: SubscriptionRow): bigint {
  return costOfUnits(offering.market, subscription.unitsWon, offerOf(offering));
}

export function paymentJournal(offering: OfferingRow, subscription: SubscriptionRow): JournalDraft {
  if (subscription.state !== "won" || subscription.unitsWon < 1) {
    throw new Error(`paying a ${subscription.state} subscription`);
  }
  const amount = amountDue(offering, subscription);
  return {
    kind: "ipo_payment",
    memberId: subscription.memberId,
    ref: `ipo_subscription:${subscription.id}`,
    memo: `IPO ${offering.code} ${subscription.unitsWon} units at ${offerPriceText(offering)}`,
    description: {
      code: "ipo_payment",
      params: {
        symbol: symbolOf(offering),
        quantity: subscription.unitsWon * unitShares(offering.market),
        price: offerPriceText(offering),
      },
    },
    postings: transfer(
      memberAccount(subscription.memberId, "available", offering.currency),
      memberAccount(subscription.memberId, "held", offering.currency),
      amount,
    ),
  };
}

export function allotmentJournal(offering: OfferingRow, subscription: SubscriptionRow): JournalDraft {
  if (subscription.state !== "paid" || subscription.paidMinor === null) {
    throw new Error(`allotting a ${subscription.state} subscription`);
  }
  return {
    kind: "ipo_allotment",
    memberId: subscription.memberId,
    ref: `ipo_subscription:${subscription.id}`,
    memo: `IPO ${offering.code} allotted at ${offerPriceText(offering)}`,
    description: {
      code: "ipo_allotment",
      params: {
        symbol: symbolOf(offering),
        quantity: subscription.unitsWon * unitShares(offering.market),
        price: offerPriceText(offering),
      },
    },
    postings: transfer(
      memberAccount(subscription.memberId, "held", offering.currency),
      memberAccount(subscription.memberId, "margin", offering.currency),
      subscription.paidMinor,
    ),
  };
}
