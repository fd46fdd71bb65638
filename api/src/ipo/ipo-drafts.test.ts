import { describe, expect, it } from "vitest";
import { assertBalanced } from "../ledger/journal.ts";
import type { OfferingRow, SubscriptionRow } from "./ipo.repo.ts";
import { allotmentJournal, amountDue, paymentJournal } from "./ipo-drafts.ts";

const offering: OfferingRow = {
  id: 7,
  code: "9991",
  market: "JP",
  currency: "JPY",
  nameJa: "テスト",
  nameEn: "Test",
  nameZhHant: "測試",
  sector: "Services",
  bandLowMinor: 1_200n,
  bandHighMinor: 1_400n,
  offerPriceMinor: 1_350n,
  unitsOffered: 10,
  bookOpenDate: "2026-12-01",
  bookCloseDate: "2026-12-04",
  priceDate: "2026-12-07",
  paymentEndDate: "2026-12-10",
  listingDate: "2026-12-16",
  lockupDays: 0,
  releaseMultiplePpm: null,
  stage: "drawn",
  seed: "0".repeat(64),
  commitment: "c",
  lapsedAtMs: null,
  timeline: null,
  createdAtMs: 0,
  updatedAtMs: 0,
};

const won: SubscriptionRow = {
  id: 3,
  offeringId: 7,
  memberId: "m",
  priceMinor: null,
  units: 3,
  salt: "s",
  state: "won",
  exclusion: null,
  unitsWon: 2,
  waitlistPlace: null,
  payByMs: 1,
  paidMinor: null,
  paymentJournalId: null,
  positionId: null,
  createdAtMs: 0,
  updatedAtMs: 0,
};

describe("new-share journals", () => {
  it("holds units won × 100 shares × the offer price from available cash", () => {
    expect(amountDue(offering, won)).toBe(270_000n);
    const journal = paymentJournal(offering, won);
    assertBalanced(journal);
    expect(journal.kind).toBe("ipo_payment");
    expect(journal.description).toEqual({
      code: "ipo_payment",
      params: { symbol: "JP:9991", quantity: 200, price: "1350" },
    });
    expect(journal.postings.map((p) => [p.account.purpose, p.amount])).toEqual([
      ["available", -270_000n],
      ["held", 270_000n],
    ]);
  });

  it("turns the paid hold into the position's margin on listing day", () => {
    const paid = { ...won, state: "paid" as const, paidMinor: 270_000n, paymentJournalId: 9 };
    const journal = allotmentJournal(offering, paid);
    assertBalanced(journal);
    expect(journal.postings.map((p) => [p.account.purpose, p.amount])).toEqual([
      ["held", -270_000n],
      ["margin", 270_000n],
    ]);
  });

  it("refuses to pay what was not won, or to allot what was not paid", () => {
    expect(() => paymentJournal(offering, { ...won, state: "lost", unitsWon: 0 })).toThrow();
    expect(() => allotmentJournal(offering, won)).toThrow();
    expect(() => paymentJournal({ ...offering, offerPriceMinor: null }, won)).toThrow();
  });
});
