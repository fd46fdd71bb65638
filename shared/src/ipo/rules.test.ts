import { describe, expect, it } from "vitest";
import {
  acceptsOfferPrice,
  canMove,
  costOfUnits,
  declarationCeiling,
  earlyReleasePriceMinor,
  inBand,
  isBandValid,
  isWholeUnitCount,
  lockUpEndsMs,
  type OfferingDates,
  offeringPhase,
  offeringTab,
  offeringWindows,
  scheduleProblem,
  timelineDates,
  timelineFromMinutes,
  timelineProblem,
} from "./rules.ts";

// A schedule on TSE days of December 2026: book 1–4 Dec, price 7th, payment to 10th, listing 16th.
const dates: OfferingDates = {
  bookOpenDate: "2026-12-01",
  bookCloseDate: "2026-12-04",
  priceDate: "2026-12-07",
  paymentEndDate: "2026-12-10",
  listingDate: "2026-12-16",
};

describe("an offering's schedule", () => {
  it("accepts trading days in order", () => {
    expect(scheduleProblem("JP", dates)).toBeUndefined();
  });

  it("refuses a window that closes on a holiday or weekend", () => {
    expect(scheduleProblem("JP", { ...dates, bookCloseDate: "2026-12-05" })).toEqual({
      field: "bookCloseDate",
      reason: "not_trading_day",
    });
    // 23 November 2026 is Labour Thanksgiving (observed on the 23rd, a Monday).
    expect(scheduleProblem("JP", { ...dates, bookOpenDate: "2026-11-23" })).toEqual({
      field: "bookOpenDate",
      reason: "not_trading_day",
    });
    // TSE is closed on 31 December.
    expect(scheduleProblem("JP", { ...dates, listingDate: "2026-12-31" })).toMatchObject({
      field: "listingDate",
    });
  });

  it("refuses dates out of order", () => {
    expect(scheduleProblem("JP", { ...dates, bookCloseDate: "2026-11-30" })).toMatchObject({
      field: "bookCloseDate",
    });
    expect(scheduleProblem("JP", { ...dates, priceDate: "2026-12-04" })).toMatchObject({
      field: "priceDate",
    });
    expect(scheduleProblem("JP", { ...dates, paymentEndDate: "2026-12-07" })).toMatchObject({
      field: "paymentEndDate",
    });
    // The waitlist pays on the 11th, so listing must come after it.
    expect(scheduleProblem("JP", { ...dates, listingDate: "2026-12-11" })).toMatchObject({
      field: "listingDate",
    });
  });

  it("puts the windows at Tokyo times", () => {
    const w = offeringWindows("JP", dates);
    expect(new Date(w.bookOpenMs).toISOString()).toBe("2026-12-01T01:00:00.000Z");
    expect(new Date(w.bookCloseMs).toISOString()).toBe("2026-12-04T02:00:00.000Z");
    expect(new Date(w.paymentEndMs).toISOString()).toBe("2026-12-10T06:00:00.000Z");
    expect(new Date(w.waitlistPaymentEndMs).toISOString()).toBe("2026-12-11T06:00:00.000Z");
    expect(new Date(w.listingMs).toISOString()).toBe("2026-12-15T15:00:00.000Z");
  });

  it("puts a US offering's windows at New York times", () => {
    const w = offeringWindows("US", dates);
    expect(new Date(w.bookOpenMs).toISOString()).toBe("2026-12-01T15:00:00.000Z");
  });
});

describe("phases", () => {
  const w = offeringWindows("JP", dates);
  it("follows the clock until the price is set, then the stages", () => {
    expect(offeringPhase("open", w, w.bookOpenMs - 1)).toBe("scheduled");
    expect(offeringPhase("open", w, w.bookOpenMs)).toBe("book");
    expect(offeringPhase("open", w, w.bookCloseMs)).toBe("closed");
    expect(offeringPhase("priced", w, w.bookCloseMs)).toBe("priced");
    expect(offeringPhase("drawn", w, w.paymentEndMs - 1)).toBe("payment");
    expect(offeringPhase("drawn", w, w.paymentEndMs)).toBe("allotting");
    expect(offeringPhase("listed", w, w.listingMs)).toBe("listed");
    expect(offeringTab("scheduled")).toBe("pending");
    expect(offeringTab("payment")).toBe("progress");
    expect(offeringTab("listed")).toBe("ended");
  });

  it("lets a subscription move only forwards", () => {
    expect(canMove("declared", "won")).toBe(true);
    expect(canMove("won", "paid")).toBe(true);
    expect(canMove("paid", "won")).toBe(false);
    expect(canMove("lost", "won")).toBe(false);
    expect(canMove("waitlisted", "won")).toBe(true);
    expect(canMove("cancelled", "declared")).toBe(false);
  });
});

describe("prices and units", () => {
  const band = { lowMinor: 1_200n, highMinor: 1_400n };
  it("checks the band and declared prices", () => {
    expect(isBandValid(band)).toBe(true);
    expect(isBandValid({ lowMinor: 1_500n, highMinor: 1_400n })).toBe(false);
    expect(isBandValid({ lowMinor: 0n, highMinor: 1n })).toBe(false);
    expect(inBand(band, 1_199n)).toBe(false);
    expect(inBand(band, 1_200n)).toBe(true);
    expect(inBand(band, 1_400n)).toBe(true);
    expect(inBand(band, 1_401n)).toBe(false);
  });

  it("costs units at 100 shares in Tokyo and 1 in New York", () => {
    expect(costOfUnits("JP", 3, 1_350n)).toBe(405_000n);
    expect(costOfUnits("US", 3, 1_850n)).toBe(5_550n);
    expect(declarationCeiling("JP", band, 2, null)).toBe(280_000n);
    expect(declarationCeiling("JP", band, 2, 1_300n)).toBe(260_000n);
  });

  it("takes whole units only", () => {
    expect(isWholeUnitCount(1, 10)).toBe(true);
    expect(isWholeUnitCount(0, 10)).toBe(false);
    expect(isWholeUnitCount(1.5, 10)).toBe(false);
    expect(isWholeUnitCount(11, 10)).toBe(false);
  });

  it("excludes declarations below the offer price, never the strike", () => {
    expect(acceptsOfferPrice(null, 1_400n)).toBe(true);
    expect(acceptsOfferPrice(1_400n, 1_400n)).toBe(true);
    expect(acceptsOfferPrice(1_300n, 1_400n)).toBe(false);
  });
});

describe("lock-up", () => {
  it("ends the given days after listing, at the day's start in the exchange's zone", () => {
    expect(lockUpEndsMs("JP", "2026-12-16", { days: 0, releaseMultiplePpm: null })).toBeNull();
    expect(
      new Date(lockUpEndsMs("JP", "2026-12-16", { days: 90, releaseMultiplePpm: null }) ?? 0).toISOString(),
    ).toBe("2027-03-15T15:00:00.000Z");
  });

  it("releases early at a multiple of the offer price, rounded up", () => {
    expect(earlyReleasePriceMinor(1_333n, { days: 90, releaseMultiplePpm: 1_500_000 })).toBe(2_000n);
    expect(earlyReleasePriceMinor(1_000n, { days: 90, releaseMultiplePpm: null })).toBeNull();
  });
});

describe("the demo time scale's timeline", () => {
  // Saturday 28 November 2026, 21:00 in Tokyo: a demo runs on any day at any hour.
  const startMs = Date.parse("2026-11-28T12:00:00Z");
  const minute = 60_000;
  const timeline = timelineFromMinutes(startMs, {
    open: 2,
    close: 15,
    price: 18,
    draw: 20,
    paymentEnd: 35,
    listing: 40,
    lockUpEnd: 55,
  });

  it("lays every step out in minutes from the start, the waitlist's turn midway to listing", () => {
    expect(timeline).toEqual({
      bookOpenMs: startMs + 2 * minute,
      bookCloseMs: startMs + 15 * minute,
      priceMs: startMs + 18 * minute,
      drawMs: startMs + 20 * minute,
      paymentEndMs: startMs + 35 * minute,
      waitlistPaymentEndMs: startMs + 37.5 * minute,
      listingMs: startMs + 40 * minute,
      lockUpEndMs: startMs + 55 * minute,
    });
    expect(timelineProblem(timeline, startMs)).toBeUndefined();
  });

  it("windows the offering by its instants rather than its dates, lock-up included", () => {
    const w = offeringWindows("JP", dates, timeline);
    expect(w).toEqual({
      bookOpenMs: timeline.bookOpenMs,
      bookCloseMs: timeline.bookCloseMs,
      paymentEndMs: timeline.paymentEndMs,
      waitlistPaymentEndMs: timeline.waitlistPaymentEndMs,
      listingMs: timeline.listingMs,
    });
    expect(offeringPhase("open", w, startMs + 14 * minute)).toBe("book");
    expect(offeringPhase("open", w, startMs + 15 * minute)).toBe("closed");
    expect(offeringPhase("drawn", w, startMs + 36 * minute)).toBe("allotting");
    expect(lockUpEndsMs("JP", "2026-11-28", { days: 1, releaseMultiplePpm: null }, timeline)).toBe(
      timeline.lockUpEndMs,
    );
    expect(lockUpEndsMs("JP", "2026-11-28", { days: 0, releaseMultiplePpm: null }, timeline)).toBeNull();
    // The dates are the Tokyo days the instants fall on, for what shows days.
    expect(timelineDates("JP", timeline)).toEqual({
      bookOpenDate: "2026-11-28",
      bookCloseDate: "2026-11-28",
      priceDate: "2026-11-28",
      paymentEndDate: "2026-11-28",
      listingDate: "2026-11-28",
    });
  });

  it("refuses a timeline that starts in the past or whose steps do not follow each other", () => {
    expect(timelineProblem(timeline, startMs + 3 * minute)).toEqual({
      field: "bookOpenMs",
      reason: "in_the_past",
    });
    expect(timelineProblem({ ...timeline, drawMs: timeline.priceMs }, startMs)).toEqual({
      field: "drawMs",
      reason: "out_of_order",
    });
    expect(timelineProblem({ ...timeline, lockUpEndMs: timeline.bookOpenMs }, startMs)).toEqual({
      field: "lockUpEndMs",
      reason: "out_of_order",
    });
    expect(timelineProblem({ ...timeline, listingMs: Number.NaN }, startMs)?.field).toBe("listingMs");
  });
});
