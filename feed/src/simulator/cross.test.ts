import { describe, expect, it } from "vitest";
import { createCatalog } from "../catalog.ts";
import type { SimInstrument } from "./instruments.ts";
import { createSessionClock } from "./session-clock.ts";
import { crossAt, MarketSimulator, toQuote } from "./simulator.ts";

const catalog = createCatalog();
const toyota = catalog.bySymbol.get("JP:7203") as SimInstrument;

/** An instant as Tokyo's wall clock reads it. */
const tokyo = (date: string, time: string) => Date.parse(`${date}T${time}+09:00`);

/** Toyota simulated from `fromMs`, stepped at each instant; the cross each step's quote carries. */
function crossesAt(fromMs: number, instants: number[], alwaysOpen = false) {
  const simulator = new MarketSimulator({
    instruments: [toyota],
    seed: "cross",
    clock: createSessionClock({ alwaysOpen }),
    startMs: fromMs,
    start: () => ({
      last: toyota.refUnits,
      prevClose: toyota.refUnits,
      open: 0,
      high: 0,
      low: 0,
      volume: 0,
      turnover: 0,
      tradingDate: "2026-11-25",
      tradeMs: 0,
      candles: {},
    }),
  });
  simulator.step(fromMs);
  return instants.map((nowMs) => {
    const moved = simulator.step(nowMs).moved.includes("JP:7203");
    const state = simulator.states.get("JP:7203");
    return { moved, cross: state && toQuote(state).cross, quote: state && toQuote(state) };
  });
}

describe("the TSE's opening and closing crosses", () => {
  it("are the day's open from closed and its close into closed, not the lunch break's", () => {
    expect(crossAt("closed", "regular")).toBe("open");
    expect(crossAt("regular", "closed")).toBe("close");
    expect(crossAt("break", "regular")).toBeUndefined();
    expect(crossAt("regular", "break")).toBeUndefined();
    expect(crossAt(undefined, "regular")).toBeUndefined();
    expect(crossAt("regular", "regular")).toBeUndefined();
  });

  it("print once each trading day, at 9:00 and 15:30, marked with their date, price and volume", () => {
    // Thursday 26 November 2026.
    const day = "2026-11-26";
    const steps = crossesAt(tokyo(day, "08:59:50"), [
      tokyo(day, "08:59:55"),
      tokyo(day, "09:00:00"),
      tokyo(day, "09:00:05"),
      tokyo(day, "11:30:00"),
      tokyo(day, "12:30:00"),
      tokyo(day, "15:29:55"),
      tokyo(day, "15:30:00"),
      tokyo(day, "15:30:05"),
    ]);
    const kinds = steps.map((step) => step.cross?.kind);
    expect(kinds[1]).toBe("open");
    expect(kinds[6]).toBe("close");
    // No other step prints a cross: the lunch break's edges are not auctions here.
    expect(kinds.slice(0, 7).filter((kind) => kind !== undefined)).toHaveLength(2);
    const [open, close] = [steps[1], steps[6]];
    expect(open?.moved && close?.moved).toBe(true);
    expect(open?.cross).toMatchObject({ tradingDate: day, price: open?.quote?.last });
    expect(close?.cross).toMatchObject({ tradingDate: day, price: close?.quote?.last });
    // The closing auction is the larger, and each is a whole number of lots.
    expect((close?.cross?.volume ?? 0) > (open?.cross?.volume ?? 0)).toBe(true);
    expect((open?.cross?.volume ?? 0) % toyota.lot).toBe(0);
    // The opening cross is the day's first trade: the day's open.
    expect(open?.quote?.open).toBe(open?.quote?.last);
    // The closing cross stays the quote's last trade until the next day's open.
    expect(steps[7]?.cross?.kind).toBe("close");
  });

  it("never prints around the clock (MARKET_HOURS=always)", () => {
    const day = "2026-11-26";
    const instants = ["09:00:00", "15:30:00", "23:59:55", "00:00:00"].map((time) =>
      tokyo(time === "00:00:00" ? "2026-11-27" : day, time),
    );
    const steps = crossesAt(tokyo(day, "08:59:55"), instants, true);
    expect(steps.every((step) => step.cross === undefined)).toBe(true);
  });
});
