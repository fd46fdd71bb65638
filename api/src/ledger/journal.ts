import type { JournalMemo } from "@kabuto/shared/api/journal-memo";
import type { Currency } from "@kabuto/shared/symbols";

/**
 * A member's money by purpose: spendable, held for pending orders, posted as margin, owed to the
 * house after a loss (`deficit`), owed on credit loans (`loan`), put into copies of lead traders
 * (`copy`, shared out between the member's copies by the journals' `copy:<id>` refs). `deficit`
 * and `loan` are negative by what is owed.
 */
export const memberPurposes = ["available", "held", "margin", "deficit", "loan", "copy"] as const;
export type MemberPurpose = (typeof memberPurposes)[number];
/** The house's side of every movement; `adjustments` carries operations' adjusting journals. */
export const housePurposes = [
  "fees",
  "tax",
  "clearing",
  "fx",
  "loans",
  "rewards",
  "adjustments",
  "dividends",
  /** A profit share on its way from a follower's copy to the lead: every share passes through at once. */
  "follow",
] as const;
export type HousePurpose = (typeof housePurposes)[number];

export type AccountRef =
  | { memberId: string; purpose: MemberPurpose; currency: Currency }
  | { memberId: null; purpose: HousePurpose; currency: Currency };

export interface Posting {
  account: AccountRef;
  /** Signed minor units; an account's balance is the sum of its postings. */
  amount: bigint;
}

/** Why a journal exists. Members see these in their fund records. */
export const journalKinds = [
  "deposit",
  /** A withdrawal request moves its amount from available to held; approval pays it out (`withdrawal`), rejection releases it. */
  "withdrawal_hold",
  "withdrawal",
  "withdrawal_release",
  "order_hold",
  "order_release",
  "open",
  "close",
  "margin_add",
  "margin_call",
  "fee",
  "tax",
  "adjustment",
  "fx",
  /** An approved credit loan: from the member's loan account (owed) to available cash. */
  "loan_draw",
  /** A day's interest on a loan: the member owes more, the house's loans account earns it. */
  "loan_interest",
  /** Available cash back to the loan account: interest first, then principal. */
  "loan_repayment",
  /** Reward cash (converted check-in points, invitation rewards): from the house rewards account. */
  "reward",
  /**
   * A dividend on a position held across an ex-date: a long receives it from the house dividends
   * account less the tax withheld (to the house tax account); a short pays it in full.
   */
  "dividend",
  /** A new share's winner pays: available → held until listing day. */
  "ipo_payment",
  /** Listing day: the paid hold becomes the allotted position's margin (held → margin). */
  "ipo_allotment",
  /** A block-trade application's money: available → held at once (shares × price + fee). */
  "block_hold",
  /** The hold back to available: before the fill, or on rejection, withdrawal or a lost draw. */
  "block_release",
  /** Money from available cash into a copy of a lead trader (starting it, or adding). */
  "copy_in",
  /** Money from a copy back to available cash (taking some out, or what is left when it stops). */
  "copy_out",
  /** A copy's cash paying for a mirrored opening (copy → available), or a mirror's proceeds back (available → copy). */
  "copy_mirror",
  /**
   * A lead's share of a copy's profit above its high-water mark: the follower's copy → house
   * follow, then house follow → the lead's available cash, one journal each, in one transaction.
   */
  "profit_share",
] as const;
export type JournalKind = (typeof journalKinds)[number];

export interface JournalDraft {
  kind: JournalKind;
  memberId: string | null;
  /** The business row it belongs to, e.g. `order:12`. */
  ref: string | null;
  /** The description in words: English for the server's own journals, staff's words for theirs. */
  memo: string | null;
  /**
   * The server's own description as a code and parameters, rendered in each member's language;
   * null where the memo is staff's words (a reason) or there is none.
   */
  description: JournalMemo | null;
  postings: Posting[];
}

export function memberAccount(memberId: string, purpose: MemberPurpose, currency: Currency): AccountRef {
  return { memberId, purpose, currency };
}

export function houseAccount(purpose: HousePurpose, currency: Currency): AccountRef {
  return { memberId: null, purpose, currency };
}

/** Moves `amount` from one account to another: two postings, or none for a zero amount. */
export function transfer(from: AccountRef, to: AccountRef, amount: bigint): Posting[] {
  if (amount < 0n) throw new Error(`transfer of a negative amount: ${amount}`);
  if (amount === 0n) return [];
  if (from.currency !== to.currency)
    throw new Error(`transfer across currencies: ${from.currency} → ${to.currency}`);
  return [
    { account: from, amount: -amount },
    { account: to, amount },
  ];
}

/** A programmer error if the postings do not sum to zero in every currency, or there are none. */
export function assertBalanced(draft: JournalDraft): void {
  if (draft.postings.length === 0) throw new Error(`journal ${draft.kind} has no postings`);
  const sums = new Map<Currency, bigint>();
  for (const posting of draft.postings) {
    sums.set(posting.account.currency, (sums.get(posting.account.currency) ?? 0n) + posting.amount);
  }
  for (const [currency, sum] of sums) {
    if (sum !== 0n) throw new Error(`journal ${draft.kind} is off by ${sum} ${currency}`);
  }
}

export function accountKey(account: AccountRef): string {
  return `${account.memberId ?? "house"}/${account.purpose}/${account.currency}`;
}
