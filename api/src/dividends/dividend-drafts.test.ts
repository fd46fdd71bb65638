import { entitlementOf } from "@kabuto/shared/dividends/schedule";
import { describe, expect, it } from "vitest";
import { accountKey, assertBalanced } from "../ledger/journal.ts";
import { dividendJournal, type PaymentDraft } from "./dividend-drafts.ts";

const memberId = "00000000-0000-4000-8000-000000000001";

function draft(side: "long" | "short", quantity: number): PaymentDraft {
  return {
    memberId,
    positionId: 7,
    symbol: "JP:7203",
    market: "JP",
    currency: "JPY",
    exDate: "2027-03-30",
    side,
    quantity,
    perShareUnits: 478,
    entitlement: entitlementOf("JP", side, quantity, 478, 153_150),
  };
}

function moves(side: "long" | "short", available: bigint) {
  const journal = dividendJournal(draft(side, 300), available);
  assertBalanced(journal);
  const sums: Record<string, bigint> = {};
  for (const posting of journal.postings) {
    const key = accountKey(posting.account);
    sums[key] = (sums[key] ?? 0n) + posting.amount;
  }
  return sums;
}

describe("dividend journals", () => {
  it("credits a long the net and sends the withholding to the house tax account", () => {
    expect(moves("long", 0n)).toEqual({
      "house/dividends/JPY": -14_340n,
      [`${memberId}/available/JPY`]: 12_144n,
      "house/tax/JPY": 2_196n,
    });
  });

  it("charges a short the gross from available cash", () => {
    expect(moves("short", 100_000n)).toEqual({
      [`${memberId}/available/JPY`]: -14_340n,
      "house/dividends/JPY": 14_340n,
    });
  });

  it("owes what a short's available cash cannot cover, in plain view in the deficit account", () => {
    expect(moves("short", 4_000n)).toEqual({
      [`${memberId}/available/JPY`]: -4_000n,
      [`${memberId}/deficit/JPY`]: -10_340n,
      "house/dividends/JPY": 14_340n,
    });
  });

  it("describes itself with a code the fund records render", () => {
    expect(dividendJournal(draft("long", 300), 0n).description).toEqual({
      code: "dividend",
      params: {
        side: "long",
        quantity: 300,
        symbol: "JP:7203",
        perShare: "47.8",
        exDate: "2027-03-30",
        gross: "14340",
        withheld: "2196",
      },
    });
  });
});
