import { describe, expect, it } from "vitest";
import { assertBalanced } from "../ledger/journal.ts";
import type { BlockApplicationRow } from "./block.repo.ts";
import { blockFill, blockHoldJournal, blockReleaseJournal } from "./block-drafts.ts";

const memberId = "00000000-0000-4000-8000-000000000001";
const application: BlockApplicationRow = {
  id: 7,
  kind: "bid",
  side: "buy",
  offeringId: null,
  sourcePositionId: null,
  memberId,
  symbol: "JP:7203",
  market: "JP",
  currency: "JPY",
  shares: 200,
  price: "2600",
  heldMinor: 520_520n,
  feeMinor: 520n,
  day: "2026-06-10",
  state: "pending",
  sharesFilled: 0,
  reason: null,
  salt: "00",
  positionId: null,
  lockedUntilMs: null,
  createdAtMs: 0,
  decidedAtMs: null,
};

const amountOn = (postings: { account: { purpose: string }; amount: bigint }[], purpose: string) =>
  postings
    .filter((posting) => posting.account.purpose === purpose)
    .reduce((sum, posting) => sum + posting.amount, 0n);

describe("block-trade journals", () => {
  it("holds the whole cost at once and releases exactly it, each coded for the fund records", () => {
    const hold = blockHoldJournal(7, application);
    const release = blockReleaseJournal(7, application);
    assertBalanced(hold);
    assertBalanced(release);
    expect(hold).toMatchObject({ kind: "block_hold", ref: "block_application:7" });
    expect(hold.description).toEqual({
      code: "block_hold",
      params: { symbol: "JP:7203", quantity: 200, price: "2600" },
    });
    expect(amountOn(hold.postings, "held")).toBe(520_520n);
    expect(amountOn(release.postings, "held")).toBe(-520_520n);
    expect(amountOn(release.postings, "available")).toBe(520_520n);
  });

  it("fills at the agreed price into a cash position: the notional as margin and the fee, which the hold covered", () => {
    const fill = blockFill(application, 200, 1_000);
    expect(fill).toMatchObject({ notional: 520_000n, margin: 520_000n, fee: 520n, priceUnits: 26_000 });
    for (const journal of fill.journals) assertBalanced({ ...journal, ref: "position:1" });
    expect(fill.notional + fill.fee).toBe(application.heldMinor);
    // A draw that allots fewer shares fills only those.
    expect(blockFill(application, 100, 1_000)).toMatchObject({ notional: 260_000n, fee: 260n });
  });
});
