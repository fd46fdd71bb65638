import { describe, expect, it } from "vitest";
import {
  buildOrder,
  ifdStart,
  initialLimitPrice,
  limitPriceError,
  type OrderContext,
  type OrderForm,
  orderErrorField,
  orderErrorsFromServer,
  parseLots,
  stepPrice,
} from "./order-form.ts";

const toyota: OrderContext = {
  market: "JP",
  lotSize: 100,
  tickTable: "topix500",
  limitUp: "3153",
  limitDown: "2153.5",
};
const apple: OrderContext = { market: "US", lotSize: 1, tickTable: "us", limitUp: null, limitDown: null };

function form(overrides: Partial<OrderForm> = {}): OrderForm {
  return {
    symbol: "JP:7203",
    side: "long",
    type: "market",
    session: "regular",
    lots: "1",
    leverage: 2,
    price: "",
    trigger: "",
    ...overrides,
  };
}

describe("buildOrder turns lots into shares and checks the form with the server's rules", () => {
  it("sends a market order in shares: 1 lot of a TSE stock is 100 shares", () => {
    expect(buildOrder(form(), toyota)).toEqual({
      order: {
        symbol: "JP:7203",
        side: "long",
        type: "market",
        quantity: 100,
        leverage: 2,
        session: "regular",
      },
    });
  });

  it("sends a limit order with its price, and no price with a market order", () => {
    const limit = buildOrder(form({ type: "limit", price: "2651.5", lots: "3" }), toyota);
    expect(limit.order).toMatchObject({ type: "limit", price: "2651.5", quantity: 300 });
    expect(buildOrder(form({ price: "2651.5" }), toyota).order).not.toHaveProperty("price");
  });

  it("sends a stop with its trigger, and a stop-limit with its trigger and limit", () => {
    const at = { ...toyota, last: "2650" };
    expect(buildOrder(form({ type: "stop", side: "short", trigger: "2600" }), at).order).toEqual({
      symbol: "JP:7203",
      side: "short",
      type: "stop",
      quantity: 100,
      leverage: 2,
      session: "regular",
      triggerPrice: "2600",
    });
    expect(buildOrder(form({ type: "stop_limit", trigger: "2700", price: "2710" }), at).order).toMatchObject({
      type: "stop_limit",
      triggerPrice: "2700",
      price: "2710",
    });
  });

  it("checks a stop's trigger at the field as the server does", () => {
    const at = { ...toyota, last: "2650" };
    const cases: [Partial<OrderForm>, string][] = [
      [{ trigger: "" }, "TRIGGER_REQUIRED"],
      [{ trigger: "2700.3" }, "TRIGGER_OFF_TICK"],
      [{ trigger: "3200" }, "TRIGGER_LIMIT_EXCEEDED"],
      [{ trigger: "2600" }, "TRIGGER_WRONG_SIDE"],
      [{ side: "short", trigger: "2700" }, "TRIGGER_WRONG_SIDE"],
    ];
    for (const [change, code] of cases) {
      expect(buildOrder(form({ type: "stop", ...change }), at).errors).toEqual({ trigger: code });
    }
    expect(orderErrorField("TRIGGER_WRONG_SIDE")).toBe("trigger");
  });

  it("refuses lots that are not a positive whole number", () => {
    for (const lots of ["", "0", "-1", "1.5", "abc", "1000000"]) {
      expect(buildOrder(form({ lots }), toyota).errors).toEqual({ quantity: "QUANTITY_INVALID" });
    }
  });

  it("makes an extended-hours order a limit order, and refuses extended hours outside the US", () => {
    const us = buildOrder(
      form({ symbol: "US:AAPL", session: "extended", type: "market", price: "187.40" }),
      apple,
    );
    expect(us.order).toMatchObject({ type: "limit", session: "extended", quantity: 1, price: "187.40" });
    expect(buildOrder(form({ session: "extended", price: "2651.5" }), toyota).errors).toEqual({
      session: "SESSION_INVALID",
    });
  });

  it("keeps a resting order to the chosen date; a market or extended-hours order lives one day", () => {
    const until = { validUntil: "2026-12-10" };
    expect(buildOrder(form({ type: "limit", price: "2651.5", ...until }), toyota).order).toMatchObject(until);
    expect(
      buildOrder(form({ type: "stop", trigger: "2700", ...until }), { ...toyota, last: "2650" }).order,
    ).toMatchObject(until);
    expect(buildOrder(form(until), toyota).order).not.toHaveProperty("validUntil");
    expect(
      buildOrder(form({ symbol: "US:AAPL", session: "extended", price: "187.40", ...until }), apple).order,
    ).not.toHaveProperty("validUntil");
    expect(
      buildOrder(form({ type: "limit", price: "2651.5", validUntil: "10/12/2026" }), toyota).errors,
    ).toEqual({
      validity: "VALIDITY_INVALID",
    });
  });
});

describe("a Tokyo order's venue, checked as the server does", () => {
  const night = { ...toyota, tseInSession: false };
  const pts = form({ type: "limit", price: "2651.3", leverage: 1, venue: "pts" });

  it("sends a PTS limit order on the PTS's grid, a tenth of the TSE's, with no date and no IFD", () => {
    expect(
      buildOrder({ ...pts, validUntil: "2026-12-10", ifd: { takeProfit: "2700" } }, night).order,
    ).toEqual({
      symbol: "JP:7203",
      side: "long",
      type: "limit",
      quantity: 100,
      leverage: 1,
      session: "regular",
      price: "2651.3",
      venue: "pts",
    });
  });

  it("refuses a price off the PTS's grid at the price field", () => {
    // A name off TOPIX 500 at 4,000 yen: the TSE ticks in 1 yen there, the PTS in 0.5 yen.
    const other = { ...night, tickTable: "tse" as const, limitUp: "5000", limitDown: "3000" };
    expect(buildOrder({ ...pts, price: "4000.5" }, other).order).toMatchObject({ price: "4000.5" });
    expect(buildOrder({ ...pts, price: "4000.3" }, other).errors).toEqual({ price: "PTS_PRICE_OFF_TICK" });
    expect(buildOrder({ ...pts, price: "4000.5", venue: "tse" }, other).errors).toEqual({
      price: "PRICE_OFF_TICK",
    });
  });

  it("refuses a market or stop order at the PTS, and leverage there outside the TSE's session", () => {
    expect(buildOrder({ ...pts, type: "market" }, night).errors).toEqual({ type: "PTS_MARKET_ORDER" });
    expect(buildOrder({ ...pts, type: "stop", trigger: "2700" }, { ...night, last: "2650" }).errors).toEqual({
      type: "PTS_STOP_ORDER",
    });
    expect(buildOrder({ ...pts, leverage: 2 }, night).errors).toEqual({ leverage: "PTS_MARGIN_CLOSED" });
    expect(buildOrder({ ...pts, leverage: 2 }, { ...toyota, tseInSession: true }).order).toMatchObject({
      leverage: 2,
      venue: "pts",
    });
  });

  it("sends the smart route with market orders only, and no venue for a US name", () => {
    expect(buildOrder(form({ venue: "smart" }), toyota).order).toMatchObject({
      type: "market",
      venue: "smart",
    });
    expect(buildOrder(form({ venue: "smart", type: "limit", price: "2651.5" }), toyota).errors).toEqual({
      venue: "SMART_ROUTE_MARKET_ONLY",
    });
    expect(buildOrder(form({ symbol: "US:AAPL", venue: "pts" }), apple).order).not.toHaveProperty("venue");
  });

  it("puts the venue's refusals at their fields", () => {
    expect(orderErrorField("PTS_CLOSED")).toBe("venue");
    expect(orderErrorField("SMART_ROUTE_CLOSED")).toBe("venue");
    expect(orderErrorField("PTS_MARKET_ORDER")).toBe("type");
    expect(orderErrorField("PTS_PRICE_OFF_TICK")).toBe("price");
    expect(orderErrorField("PTS_MARGIN_CLOSED")).toBe("leverage");
  });
});

describe("a Tokyo order's execution condition, checked as the server does", () => {
  const limit = form({ type: "limit", price: "2651.5", venue: "tse" });

  it("sends IOC and 不成 with a TSE limit order", () => {
    expect(buildOrder({ ...limit, condition: "ioc" }, toyota).order).toMatchObject({ condition: "ioc" });
    expect(buildOrder({ ...limit, condition: "funari" }, toyota).order).toMatchObject({
      condition: "funari",
    });
    for (const condition of ["open", "close"] as const) {
      expect(buildOrder({ ...limit, condition }, toyota).order).toMatchObject({ condition });
    }
    expect(buildOrder(limit, toyota).order).not.toHaveProperty("condition");
  });

  it("refuses a condition at the condition field where the server would", () => {
    expect(buildOrder({ ...limit, type: "market", condition: "ioc" }, toyota).errors).toEqual({
      condition: "CONDITION_MARKET_ORDER",
    });
    expect(buildOrder({ ...limit, venue: "pts", price: "2651.3", condition: "ioc" }, toyota).errors).toEqual({
      condition: "CONDITION_TSE_ONLY",
    });
    expect(buildOrder({ ...limit, condition: "funari", ifd: { takeProfit: "2700" } }, toyota).errors).toEqual(
      { condition: "CONDITION_ATTACHED_ORDER" },
    );
    expect(buildOrder({ ...limit, condition: "funari", validUntil: "2026-12-10" }, toyota).errors).toEqual({
      condition: "VALIDITY_DAY_ONLY",
    });
    expect(orderErrorField("CONDITION_STOP_ORDER")).toBe("condition");
    expect(orderErrorField("CONDITION_NO_AUCTION")).toBe("condition");
  });

  it("sends no condition for a US name", () => {
    const order = buildOrder(
      form({ symbol: "US:AAPL", type: "limit", price: "190.00", condition: "ioc" }),
      apple,
    );
    expect(order.order).not.toHaveProperty("condition");
  });
});

describe("limitPriceError", () => {
  it("accepts a price on the grid inside the day's limits", () => {
    expect(limitPriceError("2651.5", toyota)).toBeUndefined();
    expect(limitPriceError("187.41", apple)).toBeUndefined();
  });

  it("names what is wrong", () => {
    expect(limitPriceError("", toyota)).toBe("PRICE_REQUIRED");
    expect(limitPriceError("abc", toyota)).toBe("PRICE_INVALID");
    expect(limitPriceError("0", toyota)).toBe("PRICE_INVALID");
    expect(limitPriceError("-5", toyota)).toBe("PRICE_INVALID");
    expect(limitPriceError("2651.2", toyota)).toBe("PRICE_OFF_TICK"); // 0.5 yen ticks above 1,000 yen
    expect(limitPriceError("187.405", apple)).toBe("PRICE_OFF_TICK");
    expect(limitPriceError("3154", toyota)).toBe("PRICE_LIMIT_EXCEEDED");
    expect(limitPriceError("2153", toyota)).toBe("PRICE_LIMIT_EXCEEDED");
  });
});

describe("stepPrice moves by the tick of the band it is in", () => {
  it("steps 0.5 yen at 2,651.5 and 1 yen above 3,000 (TOPIX 500 table)", () => {
    expect(stepPrice("2651.5", "topix500", "JP", 1)).toBe("2652");
    expect(stepPrice("2651.5", "topix500", "JP", -1)).toBe("2651");
    expect(stepPrice("3000", "topix500", "JP", 1)).toBe("3001");
    expect(stepPrice("3001", "topix500", "JP", -1)).toBe("3000");
  });

  it("snaps a price off the grid onto it in the step's direction", () => {
    expect(stepPrice("2651.2", "topix500", "JP", 1)).toBe("2651.5");
    expect(stepPrice("2651.2", "topix500", "JP", -1)).toBe("2651");
  });

  it("has nothing below the lowest tick or for text that is no price", () => {
    expect(stepPrice("0.1", "topix500", "JP", -1)).toBeUndefined();
    expect(stepPrice("x", "topix500", "JP", 1)).toBeUndefined();
  });

  it("steps cents in the US", () => {
    expect(stepPrice("187.40", "us", "US", 1)).toBe("187.41");
  });
});

describe("initialLimitPrice", () => {
  it("starts at the last price on the grid", () => {
    expect(initialLimitPrice("2651.5", "topix500", "JP")).toBe("2651.5");
    expect(initialLimitPrice("187.4", "us", "US")).toBe("187.40");
    expect(initialLimitPrice(undefined, "us", "US")).toBe("");
  });
});

describe("an IFD's legs on the order sheet", () => {
  const limit = form({ type: "limit", price: "2651.5" });
  it("sends a take-profit and a stop-loss with a limit order (IFDOCO)", () => {
    expect(
      buildOrder({ ...limit, ifd: { takeProfit: "2700", stopLoss: "2600" } }, toyota).order,
    ).toMatchObject({
      ifd: { takeProfit: { price: "2700" }, stopLoss: { triggerPrice: "2600" } },
    });
  });

  it("checks each leg at its field against the order's own price, as the server does", () => {
    expect(buildOrder({ ...limit, ifd: { takeProfit: "2600" } }, toyota).errors).toEqual({
      ifdProfit: "IFD_TAKE_PROFIT_INVALID",
    });
    expect(buildOrder({ ...limit, ifd: { stopLoss: "2700" } }, toyota).errors).toEqual({
      ifdLoss: "IFD_STOP_LOSS_INVALID",
    });
  });

  it("starts each leg 2% from the order's price on its side, on the tick grid", () => {
    expect(ifdStart("2651.5", "takeProfit", "long", "topix500", "JP")).toBe("2704.5");
    expect(ifdStart("2651.5", "stopLoss", "long", "topix500", "JP")).toBe("2598.5");
    expect(ifdStart("2651.5", "takeProfit", "short", "topix500", "JP")).toBe("2598.5");
    expect(ifdStart("", "takeProfit", "long", "topix500", "JP")).toBe("");
  });

  it("sends no legs with a market order or when none is asked for", () => {
    expect(buildOrder(form({ ifd: { takeProfit: "2700" } }), toyota).order).not.toHaveProperty("ifd");
    expect(buildOrder({ ...limit, ifd: {} }, toyota).order).not.toHaveProperty("ifd");
  });
});

describe("server refusals map onto the form's fields", () => {
  it("puts each trading code at its field", () => {
    expect(orderErrorField("PRICE_OFF_TICK")).toBe("price");
    expect(orderErrorField("QUANTITY_INVALID")).toBe("quantity");
    expect(orderErrorField("LEVERAGE_INVALID")).toBe("leverage");
    expect(orderErrorField("INSUFFICIENT_BALANCE")).toBe("required");
    expect(orderErrorField("SESSION_INVALID")).toBe("session");
    expect(orderErrorField("VALIDITY_TOO_FAR")).toBe("validity");
    expect(orderErrorField("OUTSIDE_TRADING_HOURS")).toBeUndefined();
  });

  it("keeps the codes the server gave per field", () => {
    expect(
      orderErrorsFromServer("VALIDATION_FAILED", { price: "PRICE_INVALID", side: "SIDE_INVALID" }),
    ).toEqual({
      price: "PRICE_INVALID",
    });
    expect(orderErrorsFromServer("QUANTITY_INVALID", {})).toEqual({ quantity: "QUANTITY_INVALID" });
  });
});

describe("parseLots", () => {
  it("reads whole lots and nothing else", () => {
    expect(parseLots(" 12 ")).toBe(12);
    expect(parseLots("1e3")).toBeUndefined();
    expect(parseLots("100001")).toBeUndefined();
  });
});
