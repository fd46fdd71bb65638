import type { JournalMemo } from "@kabuto/shared/api/journal-memo";
import type { JournalKind, MemberPurpose } from "@kabuto/shared/ledger";
import type { Currency } from "@kabuto/shared/symbols";

// The member's purposes and the journal kinds live in shared: the member's fund records and the
// console name each of them in words, so a kind added there must be named on both screens.
export type { JournalKind, MemberPurpose };

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
