import { describe, expect, it } from "vitest";
import { accountKey, assertBalanced, type JournalDraft } from "../ledger/journal.ts";
import {
  depositJournal,
  fxConversionJournal,
  withdrawalDecisionJournal,
  withdrawalHoldJournal,
} from "./funding-drafts.ts";

const memberId = "00000000-0000-4000-8000-000000000001";

/** Each posting as `account: amount`, in the order the draft lists them. */
function moves(draft: JournalDraft): [string, bigint][] {
  assertBalanced(draft);
  return draft.postings.map((posting) => [accountKey(posting.account), posting.amount]);
}

describe("deposit", () => {
  it("credits available cash from the house clearing account, with staff's remark as the memo", () => {
    const draft = depositJournal({ id: 5, memberId, currency: "JPY", amount: 120_000n, reason: "ok" });
    expect(draft).toMatchObject({
      kind: "deposit",
      memberId,
      ref: "deposit:5",
      memo: "ok",
      description: null,
    });
    expect(moves(draft)).toEqual([
      ["house/clearing/JPY", -120_000n],
      [`${memberId}/available/JPY`, 120_000n],
    ]);
  });
});

describe("withdrawal", () => {
  const withdrawal = { id: 9, memberId, currency: "USD" as const, amount: 2_500n };

  it("holds the amount from available cash while the request is open", () => {
    const draft = withdrawalHoldJournal(withdrawal);
    expect(draft).toMatchObject({ kind: "withdrawal_hold", ref: "withdrawal:9", memo: null });
    expect(moves(draft)).toEqual([
      [`${memberId}/available/USD`, -2_500n],
      [`${memberId}/held/USD`, 2_500n],
    ]);
  });

  it("pays the held amount out to clearing on approval", () => {
    const draft = withdrawalDecisionJournal(withdrawal, true, null);
    expect(draft).toMatchObject({ kind: "withdrawal", ref: "withdrawal:9", memo: null, description: null });
    expect(moves(draft)).toEqual([
      [`${memberId}/held/USD`, -2_500n],
      ["house/clearing/USD", 2_500n],
    ]);
  });

  it("releases the held amount back to available cash on rejection, with the reason as memo", () => {
    const draft = withdrawalDecisionJournal(withdrawal, false, "card closed");
    expect(draft).toMatchObject({ kind: "withdrawal_release", memo: "card closed" });
    expect(moves(draft)).toEqual([
      [`${memberId}/held/USD`, -2_500n],
      [`${memberId}/available/USD`, 2_500n],
    ]);
  });
});

describe("exchange", () => {
  it("moves each currency through the house FX account at the quote's amounts", () => {
    const draft = fxConversionJournal(memberId, {
      id: "q-1",
      from: "JPY",
      to: "USD",
      fromAmount: "15000",
      toAmount: "9950",
      rate: "0.0066333",
      expiresAtMs: 0,
    });
    expect(draft).toMatchObject({
      kind: "fx",
      ref: "fx_quote:q-1",
      memo: "JPY→USD @ 0.0066333",
      description: { code: "fx_conversion", params: { from: "JPY", to: "USD", rate: "0.0066333" } },
    });
    expect(moves(draft)).toEqual([
      [`${memberId}/available/JPY`, -15_000n],
      ["house/fx/JPY", 15_000n],
      ["house/fx/USD", -9_950n],
      [`${memberId}/available/USD`, 9_950n],
    ]);
  });
});
