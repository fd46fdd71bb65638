import type { Offering } from "@kabuto/shared/api/ipo";
import { describe, expect, it } from "vitest";
import { timelineTimes } from "./ipo-times.ts";

/** 06:00 in Tokyo on Saturday 28 November 2026: an always-open demo's first start. */
const startMs = Date.parse("2026-11-28T06:00:00+09:00");
const minute = 60_000;

/** The dates of an offering on the demo time scale (the default schedule), and of one by days. */
const inMinutes: Offering["dates"] = {
  bookOpenMs: startMs + 2 * minute,
  bookCloseMs: startMs + 15 * minute,
  priceDate: "2026-11-28",
  priceMs: startMs + 18 * minute,
  paymentEndMs: startMs + 35 * minute,
  waitlistPaymentEndMs: startMs + 37.5 * minute,
  listingDate: "2026-11-28",
  listingMs: startMs + 40 * minute,
  lockUpEndMs: startMs + 55 * minute,
  inMinutes: true,
};
const byDays: Offering["dates"] = {
  bookOpenMs: Date.parse("2026-12-01T10:00:00+09:00"),
  bookCloseMs: Date.parse("2026-12-04T11:00:00+09:00"),
  priceDate: "2026-12-07",
  priceMs: null,
  paymentEndMs: Date.parse("2026-12-10T15:00:00+09:00"),
  waitlistPaymentEndMs: Date.parse("2026-12-11T15:00:00+09:00"),
  listingDate: "2026-12-16",
  listingMs: Date.parse("2026-12-16T00:00:00+09:00"),
  lockUpEndMs: Date.parse("2027-03-16T00:00:00+09:00"),
  inMinutes: false,
};
const offering = (dates: Offering["dates"]) => ({ market: "JP", dates }) as Offering;

describe("the new share's timeline", () => {
  it("gives every step of the demo time scale its time, the lock-up's end included", () => {
    expect(timelineTimes(offering(inMinutes), "ja")).toEqual({
      book: "2026/11/28 06:02 – 06:15",
      price: "2026/11/28 06:18",
      payment: "2026/11/28 06:35",
      listing: "2026/11/28 06:40",
      lockUpEnd: "2026/11/28 06:55",
    });
  });

  it("keeps days for the steps of an offering scheduled by trading days", () => {
    expect(timelineTimes(offering(byDays), "en")).toEqual({
      book: "12/01/2026 10:00 – 12/04/2026 11:00",
      price: "12/07/2026",
      payment: "12/10/2026 15:00",
      listing: "12/16/2026",
      lockUpEnd: null,
    });
  });
});
