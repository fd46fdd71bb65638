import { describe, expect, it } from "vitest";
import type { StampedBook } from "../protocol/market-data.ts";
import { walkStampedBook } from "./fill-book.ts";
import { walkBook } from "./rules.ts";

const toyota: StampedBook = {
  symbol: "JP:7203" as StampedBook["symbol"],
  epoch: "e1",
  seq: 42,
  bids: [
    { price: "2650", size: 300 },
    { price: "2649.5", size: 500 },
  ],
  asks: [
    { price: "2650.5", size: 200 },
    { price: "2651", size: 400 },
    { price: "2652", size: 1_000 },
  ],
};

describe("a fill on a stamped book", () => {
  it("is walkBook's fill, with the book's epoch and seq, the side it walked and what it took", () => {
    const fill = walkStampedBook(toyota, "JP", "long", 500);
    expect(fill).toMatchObject(walkBook(toyota, "JP", "long", 500) ?? {});
    expect(fill?.source).toEqual({
      epoch: "e1",
      seq: 42,
      seen: toyota.asks,
      taken: [
        { price: "2650.5", size: 200 },
        { price: "2651", size: 300 },
      ],
    });
    expect(walkStampedBook(toyota, "JP", "short", 300)?.source.taken).toEqual([{ price: "2650", size: 300 }]);
  });

  it("is nothing where the book cannot fill it", () => {
    expect(walkStampedBook(toyota, "JP", "short", 900)).toBeUndefined();
  });
});
