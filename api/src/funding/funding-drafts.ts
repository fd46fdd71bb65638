import type { FxQuote } from "@kabuto/shared/api/funding";
import type { Currency } from "@kabuto/shared/symbols";
import { houseAccount, type JournalDraft, memberAccount, transfer } from "../ledger/journal.ts";

/**
 * The journals of funding, decided here: pure functions from a request and a decision to the
 * postings. The services write them in the transaction that records the decision; the database
 * only refuses what breaks an invariant (a negative balance, an unbalanced journal).
 */

/** An approved deposit: the house clearing account credits the member's available cash. */
export function depositJournal(deposit: {
  id: number;
  memberId: string;
  currency: Currency;
  amount: bigint;
  /** Staff's remark on the approval, if any. */
  reason: string | null;
}): JournalDraft {
  return {
    kind: "deposit",
    memberId: deposit.memberId,
    ref: `deposit:${deposit.id}`,
    memo: deposit.reason,
    // Staff's own words (the remark on an approval), read as they wrote them.
    description: null,
    postings: transfer(
      houseAccount("clearing", deposit.currency),
      memberAccount(deposit.memberId, "available", deposit.currency),
      deposit.amount,
    ),
  };
}

/** A withdrawal request: its amount moves from available cash to held until it is decided. */
export function withdrawalHoldJournal(withdrawal: {
  id: number;
  memberId: string;
  currency: Currency;
  amount: bigint;
}): JournalDraft {
  const { memberId, currency } = withdrawal;
  return {
    kind: "withdrawal_hold",
    memberId,
    ref: `withdrawal:${withdrawal.id}`,
    memo: null,
    description: null,
    postings: transfer(
      memberAccount(memberId, "available", currency),
      memberAccount(memberId, "held", currency),
      withdrawal.amount,
    ),
  };
}

/**
 * A decided withdrawal: approved, the held money is paid out to the house clearing account;
 * rejected, it goes back to available cash.
 */
export function withdrawalDecisionJournal(
  withdrawal: { id: number; memberId: string; currency: Currency; amount: bigint },
  approve: boolean,
  reason: string | null,
): JournalDraft {
  const { memberId, currency, amount } = withdrawal;
  const held = memberAccount(memberId, "held", currency);
  return {
    kind: approve ? "withdrawal" : "withdrawal_release",
    memberId,
    ref: `withdrawal:${withdrawal.id}`,
    memo: reason,
    // Staff's own words (a rejection's reason), read as they wrote them.
    description: null,
    postings: approve
      ? transfer(held, houseAccount("clearing", currency), amount)
      : transfer(held, memberAccount(memberId, "available", currency), amount),
  };
}

/** An exchange at a quote: `from` to the house FX account, `to` from it. No fee (spec). */
export function fxConversionJournal(memberId: string, quote: FxQuote): JournalDraft {
  return {
    kind: "fx",
    memberId,
    ref: `fx_quote:${quote.id}`,
    memo: `${quote.from}→${quote.to} @ ${quote.rate}`,
    description: {
      code: "fx_conversion",
      params: { from: quote.from, to: quote.to, rate: quote.rate },
    },
    postings: [
      ...transfer(
        memberAccount(memberId, "available", quote.from),
        houseAccount("fx", quote.from),
        BigInt(quote.fromAmount),
      ),
      ...transfer(
        houseAccount("fx", quote.to),
        memberAccount(memberId, "available", quote.to),
        BigInt(quote.toAmount),
      ),
    ],
  };
}
