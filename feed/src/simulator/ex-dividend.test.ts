import { dividendsBetween } from "@kabuto/shared/dividends/schedule";
import { unitsToPrice } from "@kabuto/shared/market/ticks";
import { describe, expect, it } from "vitest";
import { createCatalog } from "../catalog.ts";
import type { SimInstrument } from "./instruments.ts";
import { createSessionClock } from "./session-clock.ts";
import { MarketSimulator } from "./simulator.ts";

const catalog = createCatalog();

/** The first print of a session that starts at `openMs`, from a close the day before at the reference price. */
function openingPrint(instrument: SimInstrument, previousDate: string, openMs: number) {
  const simulator = new MarketSimulator({
    instruments: [instrument],
    seed: "ex-dividend",
    clock: createSessionClock({ alwaysOpen: false }),
    startMs: openMs - 500,
    start: () => ({
      last: instrument.refUnits,
      prevClose: instrument.refUnits,
      open: 0,
      high: 0,
      low: 0,
      volume: 0,
      turnover: 0,
      tradingDate: previousDate,
      tradeMs: 0,
      candles: {},
    }),
  });
  for (let step = 0; step < 200; step += 1) {
    simulator.step(openMs + step * 500);
    const state = simulator.states.get(instrument.symbol);
    if (state && state.open > 0) return { open: state.open, prevClose: state.prevClose };
  }
  throw new Error(`${instrument.symbol} did not print`);
}

describe("ex-dividend opening", () => {
  it("opens Toyota lower by its dividend on its March ex-date, and not on an ordinary day", () => {
    const toyota = catalog.bySymbol.get("JP:7203") as SimInstrument;
    const policy = catalog.dividendPolicy("JP:7203");
    if (!policy) throw new Error("Toyota pays dividends");
    const [dividend] = dividendsBetween("JP:7203", "JP", policy, "2027-03-01", "2027-03-31");
    // Record date Wednesday 31 March 2027, ex-date the business day before.
    expect(dividend?.exDate).toBe("2027-03-30");
    expect(unitsToPrice(policy.perShareUnits, "JP")).toBe("47.8");
    const { exDividendUnits: _, ...plain } = toyota;
    const exOpenMs = Date.parse("2027-03-30T00:00:00Z"); // 09:00 in Tokyo
    const withDividend = openingPrint(toyota, "2027-03-29", exOpenMs);
    const without = openingPrint(plain, "2027-03-29", exOpenMs);
    const tick = toyota.grid.tickAt(toyota.refUnits);
    expect(Math.abs(without.open - withDividend.open - policy.perShareUnits)).toBeLessThanOrEqual(2 * tick);
    // The previous close stays what it was: the change shows the drop, nothing is adjusted back.
    expect(withDividend.prevClose).toBe(toyota.refUnits);

    const ordinaryOpenMs = Date.parse("2027-03-29T00:00:00Z");
    expect(openingPrint(toyota, "2027-03-26", ordinaryOpenMs).open).toBe(
      openingPrint(plain, "2027-03-26", ordinaryOpenMs).open,
    );
  });

  it("opens Apple lower by its quarterly dividend in the pre-market of its ex-date", () => {
    const apple = catalog.bySymbol.get("US:AAPL") as SimInstrument;
    const policy = catalog.dividendPolicy("US:AAPL");
    if (!policy) throw new Error("Apple pays dividends");
    // Record (and, at T+1, ex-) date Thursday 11 February 2027, $0.26 a share.
    expect(dividendsBetween("US:AAPL", "US", policy, "2027-02-01", "2027-02-28")[0]?.exDate).toBe(
      "2027-02-11",
    );
    expect(unitsToPrice(policy.perShareUnits, "US")).toBe("0.26");
    const { exDividendUnits: _, ...plain } = apple;
    const preMarketMs = Date.parse("2027-02-11T09:00:00Z"); // 04:00 in New York
    const drop =
      openingPrint(plain, "2027-02-10", preMarketMs).open -
      openingPrint(apple, "2027-02-10", preMarketMs).open;
    expect(Math.abs(drop - policy.perShareUnits)).toBeLessThanOrEqual(2 * apple.grid.tickAt(apple.refUnits));
  });

  it("gives every listed payer a policy and none to indices or pairs", () => {
    expect(catalog.dividendPolicy("US:AAPL")?.recordMonths).toEqual([2, 5, 8, 11]);
    expect(catalog.dividendPolicy("US:AMZN")).toBeUndefined();
    expect(catalog.dividendPolicy("IDX:N225")).toBeUndefined();
    const payers = catalog.instruments.filter((instrument) => catalog.dividendPolicy(instrument.symbol));
    expect(payers.length).toBeGreaterThan(250);
    for (const instrument of payers) {
      expect(catalog.dividendPolicy(instrument.symbol)?.perShareUnits).toBeGreaterThan(0);
    }
  });
});
