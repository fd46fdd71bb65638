import { describe, expect, it } from "vitest";
import { replayFill, type StoredFill } from "./fill-replay.ts";

// A buy of 500 Toyota against asks 2650.5 × 200, 2651 × 400: 200 × 26,505 + 300 × 26,510 price units.
const bought: StoredFill = {
  positionId: "10",
  kind: "open",
  orderId: "20",
  market: "JP",
  symbol: "JP:7203",
  side: "long",
  quantity: 500,
  offBook: false,
  epoch: "e1",
  seq: 42,
  seen: [
    { price: "2650.5", size: 200 },
    { price: "2651", size: 400 },
    { price: "2652", size: 1_000 },
  ],
  taken: [
    { price: "2650.5", size: 200 },
    { price: "2651", size: 300 },
  ],
  scaledNotional: 13_254_000n,
  averageUnits: "26508",
  price: "2650.8",
  filledAtMs: 0,
  recorded: {
    quantity: 500,
    positionPrice: "2650.8",
    positionNotional: 1_325_400n,
    orderPrice: "2650.8",
    journalPrice: "2650.8",
    orderPtsQuantity: 0,
  },
};

describe("replaying a stored fill", () => {
  it("finds no difference in a fill that walks its stored book to what was recorded", () => {
    expect(replayFill(bought)).toEqual([]);
  });

  it("names the fill and both values where a stored level was changed", () => {
    const seen = [{ price: "2650", size: 200 }, ...bought.seen.slice(1)];
    const differences = replayFill({ ...bought, seen });
    expect(differences.map((d) => d.what)).toEqual([
      "levels",
      "notional",
      "average",
      "price",
      "position price",
      "position notional",
      "order price",
      "journal price",
    ]);
    expect(differences[0]).toMatchObject({
      positionId: "10",
      orderId: "20",
      recorded: "2650.5×200 2651×300",
      replayed: "2650×200 2651×300",
    });
  });

  it("names a recorded price the book does not give", () => {
    const differences = replayFill({ ...bought, recorded: { ...bought.recorded, orderPrice: "2600" } });
    expect(differences).toEqual([
      expect.objectContaining({ what: "order price", recorded: "2600", replayed: "2650.8" }),
    ]);
  });

  it("says so when the stored book cannot fill the quantity", () => {
    expect(replayFill({ ...bought, quantity: 5_000 }).map((d) => d.what)).toEqual(["quantity", "walk"]);
  });

  it("compares only the agreed price of an off-book fill, as price units", () => {
    const block: StoredFill = {
      ...bought,
      offBook: true,
      epoch: null,
      seq: null,
      seen: [],
      taken: [],
      price: "2500",
      recorded: { ...bought.recorded, positionPrice: "2500.0", orderPrice: "2500", journalPrice: null },
    };
    expect(replayFill(block)).toEqual([]);
    expect(replayFill({ ...block, recorded: { ...block.recorded, positionPrice: "2400" } })).toEqual([
      expect.objectContaining({ what: "position price", recorded: "2400", replayed: "2500" }),
    ]);
  });

  it("replays a smart route's fill over both books' levels to its price and its shares at the PTS", () => {
    // 300 at the TSE's 2650, 100 at the PTS's 2650.5, 100 at the TSE's 2651: 500 at 2650.3.
    const seen = [
      { price: "2650", size: 300, venue: "tse" as const },
      { price: "2650.5", size: 100, venue: "pts" as const },
      { price: "2651", size: 400, venue: "tse" as const },
    ];
    const routed: StoredFill = {
      ...bought,
      seen,
      taken: [seen[0], seen[1], { ...seen[2], size: 100 }] as StoredFill["taken"],
      scaledNotional: 13_251_500n,
      averageUnits: "26503",
      price: "2650.3",
      recorded: {
        ...bought.recorded,
        positionPrice: "2650.3",
        positionNotional: 1_325_150n,
        orderPrice: "2650.3",
        journalPrice: "2650.3",
        orderPtsQuantity: 100,
      },
    };
    expect(replayFill(routed)).toEqual([]);
    expect(replayFill({ ...routed, recorded: { ...routed.recorded, orderPtsQuantity: 0 } })).toEqual([
      expect.objectContaining({ what: "route", recorded: "0", replayed: "100" }),
    ]);
  });
});
