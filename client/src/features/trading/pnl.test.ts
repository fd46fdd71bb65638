import type { Balance, Position } from "@kabuto/shared/api/trading";
import { describe, expect, it } from "vitest";
import {
  accountTotals,
  holdingTotals,
  marketValue,
  pnlPercent,
  shownLeverage,
  unrealizedPnl,
} from "./pnl.ts";

function position(overrides: Partial<Position> = {}): Position {
  return {
    id: "1",
    symbol: "JP:7203" as Position["symbol"],
    currency: "JPY",
    side: "long",
    quantity: 100,
    leverage: 2,
    openOrderId: "1",
    openPrice: "2651.5",
    openNotional: "265150",
    initialMargin: "132575",
    margin: "132575",
    openFee: "266",
    status: "holding",
    lockedUntilMs: null,
    dayTrade: false,
    closePrice: null,
    closeNotional: null,
    closeFee: null,
    closeTax: null,
    realized: null,
    closeReason: null,
    openedAtMs: 0,
    closedAtMs: null,
    ...overrides,
  };
}

function balance(overrides: Partial<Balance> = {}): Balance {
  return {
    currency: "JPY",
    available: "0",
    held: "0",
    margin: "0",
    deficit: "0",
    loan: "0",
    realized: "0",
    ...overrides,
  };
}

describe("unrealised P&L follows the side: long gains when the price rises, short when it falls", () => {
  it("values the shares at the last price", () => {
    expect(marketValue(position(), "2660")).toBe(266000n);
    expect(marketValue(position({ symbol: "US:AAPL" as Position["symbol"], quantity: 3 }), "187.41")).toBe(
      56223n,
    );
  });

  it("long: (last − open) × shares", () => {
    expect(unrealizedPnl(position(), "2660")).toBe(850n);
    expect(unrealizedPnl(position(), "2650")).toBe(-150n);
  });

  it("short: (open − last) × shares", () => {
    expect(unrealizedPnl(position({ side: "short" }), "2660")).toBe(-850n);
    expect(unrealizedPnl(position({ side: "short" }), "2650")).toBe(150n);
  });

  it("is zero at the opening price", () => {
    expect(unrealizedPnl(position(), "2651.5")).toBe(0n);
  });

  it("counts against the recorded notional, not the rounded average price", () => {
    // Filled across levels: the server recorded 265,175 yen for an average shown as 2651.75.
    expect(unrealizedPnl(position({ openPrice: "2651.75", openNotional: "265175" }), "2652")).toBe(25n);
  });

  it("gives nothing for a price it cannot read", () => {
    expect(unrealizedPnl(position(), "")).toBeUndefined();
    expect(unrealizedPnl(position(), "2651.55")).toBeUndefined();
  });
});

describe("pnlPercent", () => {
  it("is the P&L over the initial margin, to the hundredth of a percent", () => {
    expect(pnlPercent(850n, "132575")).toBe("0.64");
    expect(pnlPercent(-13258n, "132575")).toBe("-10.00");
    expect(pnlPercent(0n, "132575")).toBe("0.00");
  });

  it("has no percentage without a margin", () => {
    expect(pnlPercent(10n, "0")).toBeUndefined();
  });
});

describe("accountTotals: the account centre's figures per currency", () => {
  const balances = [
    balance({ available: "9867159", margin: "132575", held: "1000", realized: "-632" }),
    balance({ currency: "USD", available: "5000000" }),
  ];

  it("adds available, frozen, margin and the live unrealised P&L into total assets", () => {
    const [jpy, usd] = accountTotals(balances, [position()], () => "2660");
    expect(jpy).toMatchObject({
      currency: "JPY",
      available: 9_867_159n,
      frozen: 1000n,
      margin: 132_575n,
      unrealized: 850n,
      totalAssets: 9_867_159n + 1000n + 132_575n + 850n,
      profit: -632n + 850n,
      priced: true,
    });
    expect(usd).toMatchObject({ currency: "USD", totalAssets: 5_000_000n, profit: 0n, priced: true });
  });

  it("moves with the price and nothing else: a tick changes total assets and profit by the same amount", () => {
    const [before] = accountTotals(balances, [position()], () => "2660");
    const [after] = accountTotals(balances, [position()], () => "2661");
    expect((after?.totalAssets ?? 0n) - (before?.totalAssets ?? 0n)).toBe(100n);
    expect((after?.profit ?? 0n) - (before?.profit ?? 0n)).toBe(100n);
  });

  it("subtracts what is owed, whichever sign the deficit account carries", () => {
    const owing = [balance({ available: "0", deficit: "-5000" })];
    expect(accountTotals(owing, [], () => undefined)[0]?.totalAssets).toBe(-5000n);
    const owingPositive = [balance({ available: "0", deficit: "5000" })];
    expect(accountTotals(owingPositive, [], () => undefined)[0]?.totalAssets).toBe(-5000n);
  });

  it("does not count borrowed cash as the member's: a loan's debt comes off total assets", () => {
    const borrowed = [balance({ available: "300000", loan: "-200000" })];
    const [jpy] = accountTotals(borrowed, [], () => undefined);
    expect(jpy).toMatchObject({ available: 300_000n, loans: 200_000n, totalAssets: 100_000n });
  });

  it("marks the figures incomplete while a holding position has no price yet", () => {
    const [jpy] = accountTotals(balances, [position()], () => undefined);
    expect(jpy?.priced).toBe(false);
    expect(jpy?.unrealized).toBe(0n);
  });

  it("ignores closed positions and positions in other currencies", () => {
    const closed = position({ status: "closed" });
    const us = position({
      symbol: "US:AAPL" as Position["symbol"],
      currency: "USD",
      openNotional: "18740",
      quantity: 1,
    });
    const [jpy, usd] = accountTotals(balances, [closed, us], (symbol) =>
      symbol === "US:AAPL" ? "190" : "1",
    );
    expect(jpy?.unrealized).toBe(0n);
    expect(usd?.unrealized).toBe(19000n - 18740n);
  });
});

describe("shownLeverage", () => {
  it("shows a day trade's leverage to a tenth from its margin, an ordinary position's as stored", () => {
    expect(shownLeverage(position())).toBe(2);
    expect(
      shownLeverage(
        position({ dayTrade: true, leverage: 3, openNotional: "265050", initialMargin: "79515" }),
      ),
    ).toBe(3.3);
  });
});

describe("holdingTotals: the holdings list's summary per currency", () => {
  const apple = position({
    id: "2",
    symbol: "US:AAPL" as Position["symbol"],
    currency: "USD",
    quantity: 10,
    leverage: 1,
    openPrice: "200.00",
    openNotional: "200000",
    initialMargin: "200000",
  });
  const prices: Record<string, string> = { "JP:7203": "2660", "US:AAPL": "210.50" };

  it("adds each currency's market values and unrealised P&L apart, yen first", () => {
    const shortToyota = position({ id: "3", side: "short", initialMargin: "132575" });
    const totals = holdingTotals([apple, position(), shortToyota], (symbol) => prices[symbol]);
    expect(totals).toEqual([
      {
        currency: "JPY",
        // Two positions of 100 shares at 2,660: the long gains 850, the short loses as much.
        marketValue: 532_000n,
        unrealized: 0n,
        initialMargin: 265_150n,
        priced: true,
      },
      { currency: "USD", marketValue: 210_500n, unrealized: 10_500n, initialMargin: 200_000n, priced: true },
    ]);
  });

  it("lists only the currencies with holding positions", () => {
    expect(holdingTotals([], () => "1")).toEqual([]);
    expect(holdingTotals([position({ status: "closed" })], () => "2660")).toEqual([]);
    expect(holdingTotals([apple], (symbol) => prices[symbol]).map((each) => each.currency)).toEqual(["USD"]);
  });

  it("marks a currency unpriced while one of its positions has no live price", () => {
    const [jpy, usd] = holdingTotals([position(), apple], (symbol) =>
      symbol === "US:AAPL" ? "210.50" : undefined,
    );
    expect(jpy).toMatchObject({ currency: "JPY", priced: false, initialMargin: 132_575n });
    expect(usd).toMatchObject({ currency: "USD", priced: true, unrealized: 10_500n });
  });

  it("is a position's own figures when it is the only one", () => {
    const [jpy] = holdingTotals([position()], () => "2660");
    expect(jpy?.marketValue).toBe(marketValue(position(), "2660"));
    expect(jpy?.unrealized).toBe(unrealizedPnl(position(), "2660"));
  });
});
