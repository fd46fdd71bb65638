import { describe, expect, it } from "vitest";
import type { Book } from "../protocol/market-data.ts";
import {
  acceptsAddedMargin,
  breachesMaintenance,
  ceilDiv,
  charge,
  closingCharges,
  initialMargin,
  limitHoldNotional,
  profit,
  toMinor,
  walkBook,
} from "./rules.ts";

const book = (bids: [string, number][], asks: [string, number][]): Book =>
  ({
    symbol: "JP:7203",
    bids: bids.map(([price, size]) => ({ price, size })),
    asks: asks.map(([price, size]) => ({ price, size })),
  }) as Book;

const toyota = book(
  [
    ["2650", 300],
    ["2649.5", 500],
  ],
  [
    ["2650.5", 200],
    ["2651", 400],
    ["2652", 1_000],
  ],
);

describe("walkBook", () => {
  it("fills a buy from the best ask up, at the volume-weighted price", () => {
    const fill = walkBook(toyota, "JP", "long", 500);
    // 200 at 2650.5 and 300 at 2651 = 530,100 + 795,300 = 1,325,400 yen.
    expect(fill && toMinor(fill.scaledNotional, "JP")).toBe(1_325_400n);
    expect(fill?.averageUnits).toBeCloseTo(26_508, 5);
  });

  it("fills a sell into the bids", () => {
    const fill = walkBook(toyota, "JP", "short", 300);
    expect(fill && toMinor(fill.scaledNotional, "JP")).toBe(795_000n);
  });

  it("refuses an order larger than the visible book", () => {
    expect(walkBook(toyota, "JP", "short", 900)).toBeUndefined();
  });

  it("keeps US sub-cent prices exact and rounds the notional to the cent half up", () => {
    const penny = { ...book([["0.5123", 3]], [["0.5125", 3]]), symbol: "US:OPEN" } as Book;
    const fill = walkBook(penny, "US", "long", 3);
    expect(fill?.scaledNotional).toBe(15_375n); // 3 × 5125 units of $0.0001
    expect(fill && toMinor(fill.scaledNotional, "US")).toBe(154n); // $1.5375 → $1.54
  });
});

describe("margin, charges and profit", () => {
  it("rounds margin and charges up, never in the member's favour at the house's expense", () => {
    expect(initialMargin(1_000_001n, 3)).toBe(333_334n);
    expect(charge(1_325_400n, 1_000)).toBe(1_326n);
    expect(charge(0n, 1_000)).toBe(0n);
  });

  it("gives longs the rise and shorts the fall", () => {
    expect(profit("long", 1_000n, 1_200n)).toBe(200n);
    expect(profit("short", 1_000n, 1_200n)).toBe(-200n);
  });

  it("calls a position whose equity fell below half its initial margin", () => {
    expect(breachesMaintenance(1_000n, 500n, 50)).toBe(false);
    expect(breachesMaintenance(1_000n, 499n, 50)).toBe(true);
  });
});

describe("added margin", () => {
  it("is taken only by a leveraged position, never by one bought outright at 1×", () => {
    expect(acceptsAddedMargin({ leverage: 1 })).toBe(false);
    expect(acceptsAddedMargin({ leverage: 2 })).toBe(true);
    // A day trade keeps the whole part of its leverage (3.3× as 3).
    expect(acceptsAddedMargin({ leverage: 3 })).toBe(true);
  });
});

describe("rounding is the same for either sign", () => {
  it("ceilDiv is the ceiling for negative numerators too", () => {
    expect(ceilDiv(5n, 3n)).toBe(2n);
    expect(ceilDiv(6n, 3n)).toBe(2n);
    expect(ceilDiv(0n, 3n)).toBe(0n);
    expect(ceilDiv(-5n, 3n)).toBe(-1n);
    expect(ceilDiv(-3n, 3n)).toBe(-1n);
    expect(() => ceilDiv(1n, 0n)).toThrow();
  });

  it("toMinor rounds half away from zero, so a loss and a gain of one size match", () => {
    expect(toMinor(15n, "JP")).toBe(2n);
    expect(toMinor(-15n, "JP")).toBe(-2n);
    expect(toMinor(-14n, "JP")).toBe(-1n);
    expect(toMinor(-1_874_050n, "US")).toBe(-18_741n);
  });

  it("a short limit order holds for a 10% better fill, a long for its limit", () => {
    expect(limitHoldNotional("long", 1_000n)).toBe(1_000n);
    expect(limitHoldNotional("short", 1_000n)).toBe(1_100n);
    expect(limitHoldNotional("short", 9n)).toBe(9n);
  });

  it("the tax falls on the selling side: a long's close, a short's open", () => {
    const terms = { feePpm: 1_000, taxPpm: 1_000 };
    expect(closingCharges("long", 1_000_000n, 2_000_000n, terms)).toEqual({ fee: 2_000n, tax: 2_000n });
    expect(closingCharges("short", 1_000_000n, 2_000_000n, terms)).toEqual({ fee: 2_000n, tax: 1_000n });
  });
});
