import { estimateOrder } from "@kabuto/shared/trading/estimate";
import {
  ceilDiv,
  charge,
  initialMargin,
  priceNotional,
  toMinor,
  walkLevels,
} from "@kabuto/shared/trading/rules";
import { defaultTerms } from "@kabuto/shared/trading/terms";
import { orderCases } from "@kabuto/shared/trading-cases";
import { describe, expect, it } from "vitest";
import { estimateSheet } from "./order-estimate.ts";

describe("the estimate runs the server's cases through the shared rules", () => {
  // The API's drafts.test.ts runs the same table through the journals it posts.
  it.each(orderCases)("$name", ({ input, expected }) => {
    expect(estimateOrder(input)).toEqual(expected);
  });

  it("estimates what a stop holds as the server holds it", () => {
    const base = {
      market: "JP",
      terms: defaultTerms.JP,
      side: "long",
      leverage: 2,
      last: "2650",
      levels: undefined,
      shares: 100,
      limitUp: "3150",
    } as const;
    // The figures api/src/trading/stops.int.test.ts reads from the server's hold: a stop-market
    // buy at the 3,150 upper limit, a stop-limit at its 2,710 limit.
    expect(estimateSheet({ ...base, type: "stop", trigger: "2700", price: "" })?.required).toBe(157_815n);
    expect(estimateSheet({ ...base, type: "stop_limit", trigger: "2700", price: "2710" })?.required).toBe(
      135_771n,
    );
    expect(estimateSheet({ ...base, type: "stop", trigger: "", price: "" })).toBeUndefined();
  });

  it("estimates a limit order at its price and a market order along the book", () => {
    const base = {
      market: "JP",
      terms: defaultTerms.JP,
      side: "long",
      leverage: 2,
      last: undefined,
    } as const;
    const limit = estimateSheet({
      ...base,
      type: "limit",
      shares: 100,
      price: " 2651.5 ",
      levels: undefined,
    });
    expect(limit?.required).toBe(132_841n);
    const levels = [{ price: "2651.5", size: 100 }];
    const market = estimateSheet({ ...base, type: "market", shares: 100, price: "", levels });
    expect(market?.required).toBe(132_841n);
    // Too thin a book: the last price gives an idea; without one there is no estimate.
    expect(estimateSheet({ ...base, type: "market", shares: 200, price: "", levels })).toBeUndefined();
    expect(
      estimateSheet({ ...base, type: "market", shares: 100, price: "", levels: [], last: "2651.5" })
        ?.required,
    ).toBe(132_841n);
    expect(
      estimateSheet({ ...base, type: "limit", shares: undefined, price: "2651.5", levels }),
    ).toBeUndefined();
  });
});

describe("money arithmetic matches the server's rounding", () => {
  it("rounds a notional half up to the minor unit", () => {
    // 0.1 yen per JP price unit: 2651.5 × 100 shares = 265,150 yen exactly.
    expect(toMinor(26515n * 100n, "JP")).toBe(265150n);
    // 15 units (1.5 yen) round up to 2 yen, 14 down to 1.
    expect(toMinor(15n, "JP")).toBe(2n);
    expect(toMinor(14n, "JP")).toBe(1n);
    // $0.0001 per US unit: $187.405 × 1 = 18,740.5 cents → 18,741.
    expect(toMinor(1_874_050n, "US")).toBe(18_741n);
  });

  it("rounds margin and charges up, never down", () => {
    expect(initialMargin(265150n, 2)).toBe(132575n);
    expect(initialMargin(265151n, 2)).toBe(132576n);
    expect(charge(265150n, 1_000)).toBe(266n); // 265.15 yen
    expect(charge(1_000_000n, 1_000)).toBe(1_000n); // exact: no extra yen
    expect(charge(0n, 1_000)).toBe(0n);
    expect(ceilDiv(0n, 3n)).toBe(0n);
  });

  it("refuses prices that are not decimals on the market's scale", () => {
    expect(priceNotional("2651.5", 100, "JP")).toBe(2_651_500n);
    expect(priceNotional("2651.55", 100, "JP")).toBeUndefined();
    expect(priceNotional("abc", 100, "JP")).toBeUndefined();
    expect(priceNotional("0", 100, "JP")).toBeUndefined();
    expect(priceNotional("187.4", 3, "US")).toBe(5_622_000n);
  });
});

describe("walkLevels walks the visible levels like the server's market fill", () => {
  const asks = [
    { price: "2652", size: 100 },
    { price: "2652.5", size: 200 },
  ];

  it("takes the best level first and the next ones as needed", () => {
    expect(walkLevels(asks, "JP", 100)).toBe(26520n * 100n);
    expect(walkLevels(asks, "JP", 300)).toBe(26520n * 100n + 26525n * 200n);
  });

  it("gives nothing when the book is too thin or a price is malformed", () => {
    expect(walkLevels(asks, "JP", 400)).toBeUndefined();
    expect(walkLevels([], "JP", 100)).toBeUndefined();
    expect(walkLevels([{ price: "x", size: 100 }], "JP", 100)).toBeUndefined();
  });
});

const jp = defaultTerms.JP;
const us = defaultTerms.US;

describe("estimateOrder", () => {
  it("estimates a JP market buy: 0.1% fee, margin = notional ÷ leverage, no tax", () => {
    const estimate = estimateOrder({
      market: "JP",
      terms: jp,
      side: "long",
      type: "market",
      leverage: 2,
      scaled: 2_651_500n,
    });
    expect(estimate).toEqual({
      notional: 265150n,
      margin: 132575n,
      fee: 266n,
      saleTax: 0n,
      reserve: 0n,
      required: 132841n,
    });
  });

  it("matches what the server took for the same fill (available 10,000,000 → 9,867,159)", () => {
    const { required } = estimateOrder({
      market: "JP",
      terms: jp,
      side: "long",
      type: "market",
      leverage: 2,
      scaled: 2_651_500n,
    });
    expect(10_000_000n - required).toBe(9_867_159n);
  });

  it("estimates a US order in cents: 0.45% fee and the 0.0028% SEC fee on the sale", () => {
    // 10 shares at $187.40 = $1,874.00.
    const estimate = estimateOrder({
      market: "US",
      terms: us,
      side: "long",
      type: "limit",
      leverage: 4,
      scaled: 18_740_000n,
    });
    expect(estimate.notional).toBe(187_400n);
    expect(estimate.margin).toBe(46_850n);
    expect(estimate.fee).toBe(844n); // 843.3 cents, rounded up
    expect(estimate.saleTax).toBe(6n); // 5.2472 cents, rounded up
    expect(estimate.required).toBe(46_850n + 844n);
  });

  it("holds a short limit order for a 10% better fill, as the server does", () => {
    // The server held 106,653 yen for a 3× short of 100 shares at 2,900 yen.
    const estimate = estimateOrder({
      market: "JP",
      terms: jp,
      side: "short",
      type: "limit",
      leverage: 3,
      scaled: 2_900_000n,
    });
    expect(estimate.required).toBe(106_653n);
    expect(estimate.reserve).toBe(106_653n - estimate.margin - estimate.fee);
    expect(estimate.reserve > 0n).toBe(true);
  });

  it("uses the terms it is given: the server's may differ from the defaults", () => {
    const estimate = estimateOrder({
      market: "JP",
      terms: { feePpm: 2_000, taxPpm: 1_000 },
      side: "long",
      type: "market",
      leverage: 1,
      scaled: 1_000_000n,
    });
    expect(estimate.fee).toBe(200n);
    expect(estimate.saleTax).toBe(100n);
    expect(estimate.required).toBe(100_200n);
  });

  it("holds no reserve for a long limit or a short at market", () => {
    expect(
      estimateOrder({ market: "JP", terms: jp, side: "long", type: "limit", leverage: 1, scaled: 2_700_000n })
        .reserve,
    ).toBe(0n);
    expect(
      estimateOrder({
        market: "JP",
        terms: jp,
        side: "short",
        type: "market",
        leverage: 3,
        scaled: 2_900_000n,
      }).reserve,
    ).toBe(0n);
  });
});
