import { describe, expect, it } from "vitest";
import type { BookLevel, StampedBook } from "../protocol/market-data.ts";
import { walkBook } from "./rules.ts";
import { smartRoute } from "./smart-route.ts";

const symbol = "JP:7203" as StampedBook["symbol"];

/** A stamped book of these asks and bids. */
function book(epoch: string, asks: BookLevel[], bids: BookLevel[] = []): StampedBook {
  return { symbol, epoch, seq: 7, asks, bids };
}

const tse = book(
  "tse",
  [
    { price: "2650", size: 300 },
    { price: "2651", size: 400 },
  ],
  [
    { price: "2649", size: 300 },
    { price: "2648", size: 400 },
  ],
);

describe("the smart route", () => {
  it("takes all at the PTS where its prices are better, and saves the difference", () => {
    const pts = book("pts", [{ price: "2649.5", size: 500 }]);
    const route = smartRoute(tse, pts, "JP", "long", 300);
    expect(route?.ptsQuantity).toBe(300);
    // 300 × 2650 at the TSE against 300 × 2649.5 at the PTS: ¥150.
    expect(route?.savedMinor).toBe(150n);
    expect(route?.fill.source.taken).toEqual([{ price: "2649.5", size: 300, venue: "pts" }]);
    expect(route?.fill.source).toMatchObject({ epoch: "tse", pts: { epoch: "pts", seq: 7 } });
  });

  it("takes all at the TSE where its prices are better", () => {
    const pts = book("pts", [{ price: "2650.5", size: 500 }], [{ price: "2648.5", size: 500 }]);
    expect(smartRoute(tse, pts, "JP", "long", 300)).toMatchObject({ ptsQuantity: 0, savedMinor: 0n });
    expect(smartRoute(tse, pts, "JP", "short", 300)).toMatchObject({ ptsQuantity: 0, savedMinor: 0n });
  });

  it("splits an order where the PTS is better for part of it", () => {
    // The PTS's 100 at 2650.5 beats the TSE's second level at 2651, not its first at 2650.
    const pts = book("pts", [{ price: "2650.5", size: 100 }]);
    const route = smartRoute(tse, pts, "JP", "long", 500);
    expect(route?.ptsQuantity).toBe(100);
    expect(route?.fill.source.taken).toEqual([
      { price: "2650", size: 300, venue: "tse" },
      { price: "2650.5", size: 100, venue: "pts" },
      { price: "2651", size: 100, venue: "tse" },
    ]);
    // TSE alone: 300 × 2650 + 200 × 2651 = 1,325,200; routed: 1,325,150.
    expect(route?.savedMinor).toBe(50n);
  });

  it("sells into the better bids, saving the higher proceeds", () => {
    const pts = book("pts", [], [{ price: "2649.5", size: 200 }]);
    const route = smartRoute(tse, pts, "JP", "short", 300);
    expect(route?.ptsQuantity).toBe(200);
    // 200 × 2649.5 + 100 × 2649 against 300 × 2649: ¥100 more.
    expect(route?.savedMinor).toBe(100n);
  });

  it("leaves a tie at the TSE", () => {
    const pts = book("pts", [{ price: "2650", size: 1_000 }]);
    const route = smartRoute(tse, pts, "JP", "long", 300);
    expect(route).toMatchObject({ ptsQuantity: 0, savedMinor: 0n });
    // Past the TSE's first level the PTS's 2650 is better than its 2651.
    expect(smartRoute(tse, pts, "JP", "long", 500)?.ptsQuantity).toBe(200);
  });

  it("fills where the TSE alone is too thin, saving nothing against a fill that could not happen", () => {
    const pts = book("pts", [{ price: "2652", size: 1_000 }]);
    const route = smartRoute(tse, pts, "JP", "long", 1_000);
    expect(route).toMatchObject({ ptsQuantity: 300, savedMinor: 0n });
    expect(smartRoute(tse, pts, "JP", "long", 2_000)).toBeUndefined();
  });

  it("walks to the same price when its stored levels are walked again", () => {
    const pts = book("pts", [{ price: "2650.5", size: 100 }]);
    const route = smartRoute(tse, pts, "JP", "long", 500);
    const again = walkBook({ symbol, asks: route?.fill.source.seen ?? [], bids: [] }, "JP", "long", 500);
    expect(again?.scaledNotional).toBe(route?.fill.scaledNotional);
  });

  it("routes at the TSE alone without a PTS book", () => {
    expect(smartRoute(tse, undefined, "JP", "long", 300)).toMatchObject({ ptsQuantity: 0, savedMinor: 0n });
  });
});
