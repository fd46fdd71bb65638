import { describe, expect, it } from "vitest";
import { type AttachedInput, attachedKind, checkAttached } from "./attached.ts";

// Toyota on the TOPIX 500 grid (0.5 yen under 3,000), prices in tenths of a yen: a buy limit at 2,600.
const long = { side: "long", priceUnits: 26_000, market: "JP", table: "topix500" } as const;
const short = { ...long, side: "short" } as const;

describe("an IFD's legs against the order that opens the position", () => {
  it.each<[string, typeof long | typeof short, AttachedInput, ReturnType<typeof checkAttached>]>([
    [
      "a take-profit above a buy",
      long,
      { takeProfit: { price: "2700" } },
      { legs: { takeProfitUnits: 27_000 } },
    ],
    [
      "a stop-loss below a buy",
      long,
      { stopLoss: { triggerPrice: "2500" } },
      { legs: { stopLossTriggerUnits: 25_000 } },
    ],
    [
      "both (IFDOCO), the stop-loss as a stop-limit",
      long,
      { takeProfit: { price: "2700" }, stopLoss: { triggerPrice: "2500", price: "2490.5" } },
      { legs: { takeProfitUnits: 27_000, stopLossTriggerUnits: 25_000, stopLossLimitUnits: 24_905 } },
    ],
    [
      "a take-profit below a sell",
      short,
      { takeProfit: { price: "2500" } },
      { legs: { takeProfitUnits: 25_000 } },
    ],
    ["no leg", long, {}, { refusal: "IFD_INVALID" }],
    [
      "a take-profit at the buy price",
      long,
      { takeProfit: { price: "2600" } },
      { refusal: "IFD_TAKE_PROFIT_INVALID" },
    ],
    [
      "a take-profit below a buy",
      long,
      { takeProfit: { price: "2550" } },
      { refusal: "IFD_TAKE_PROFIT_INVALID" },
    ],
    [
      "a take-profit off the grid",
      long,
      { takeProfit: { price: "2700.3" } },
      { refusal: "IFD_TAKE_PROFIT_INVALID" },
    ],
    [
      "a stop-loss at the buy price",
      long,
      { stopLoss: { triggerPrice: "2600" } },
      { refusal: "IFD_STOP_LOSS_INVALID" },
    ],
    [
      "a stop-loss above a buy",
      long,
      { stopLoss: { triggerPrice: "2650" } },
      { refusal: "IFD_STOP_LOSS_INVALID" },
    ],
    [
      "a stop-loss below a sell",
      short,
      { stopLoss: { triggerPrice: "2500" } },
      { refusal: "IFD_STOP_LOSS_INVALID" },
    ],
    [
      "a stop-loss limit off the grid",
      long,
      { stopLoss: { triggerPrice: "2500", price: "2490.2" } },
      { refusal: "IFD_STOP_LOSS_INVALID" },
    ],
  ])("%s", (_, parent, input, expected) => {
    expect(checkAttached(input, parent)).toEqual(expected);
  });

  it("is an IFD with one leg and an IFDOCO with both", () => {
    expect(attachedKind({ takeProfit: { price: "1" }, stopLoss: null })).toBe("IFD");
    expect(attachedKind({ takeProfit: { price: "1" }, stopLoss: { triggerPrice: "1" } })).toBe("IFDOCO");
  });
});
