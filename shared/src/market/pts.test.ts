import { describe, expect, it } from "vitest";
import { ptsSessionAt } from "./pts.ts";
import { isOnTick, priceToUnits, tickUnits } from "./ticks.ts";
import { parseWallHours, ptsTickTable } from "./venues.ts";
import { zonedWallClockMs } from "./zone-time.ts";

/** An instant in Tokyo wall-clock time. */
const tokyo = (isoDate: string, hours: number, minutes: number) =>
  zonedWallClockMs("Asia/Tokyo", isoDate, hours, minutes);

describe("the PTS's sessions", () => {
  // Monday 30 November 2026 is a TSE business day; Tuesday 1 December the next.
  const monday = "2026-11-30";

  it.each([
    [8, 19, "closed", monday],
    [8, 20, "day", monday],
    [15, 59, "day", monday],
    [16, 0, "closed", "2026-12-01"],
    [16, 29, "closed", "2026-12-01"],
    [16, 30, "night", "2026-12-01"],
    [23, 58, "night", "2026-12-01"],
    [23, 59, "closed", "2026-12-01"],
  ] as const)("at %i:%i Tokyo time is %s, counting for %s", (hours, minutes, phase, tradingDate) => {
    expect(ptsSessionAt(tokyo(monday, hours, minutes))).toMatchObject({ phase, tradingDate });
  });

  it("says when the phase next changes", () => {
    expect(ptsSessionAt(tokyo(monday, 8, 19)).nextChangeMs).toBe(tokyo(monday, 8, 20));
    expect(ptsSessionAt(tokyo(monday, 12, 0)).nextChangeMs).toBe(tokyo(monday, 16, 0));
    expect(ptsSessionAt(tokyo(monday, 16, 10)).nextChangeMs).toBe(tokyo(monday, 16, 30));
    expect(ptsSessionAt(tokyo(monday, 23, 59)).nextChangeMs).toBe(tokyo("2026-12-01", 8, 20));
  });

  it("keeps a Friday night session for Monday, and nothing at the weekend", () => {
    expect(ptsSessionAt(tokyo("2026-11-27", 20, 0))).toMatchObject({
      phase: "night",
      tradingDate: "2026-11-30",
    });
    const saturday = ptsSessionAt(tokyo("2026-11-28", 12, 0));
    expect(saturday).toMatchObject({ phase: "closed", tradingDate: monday });
    expect(saturday.nextChangeMs).toBe(tokyo(monday, 8, 20));
  });

  it("is closed on a TSE holiday, and a night before one counts for the day after it", () => {
    // Labour Thanksgiving Day, Monday 23 November 2026.
    expect(ptsSessionAt(tokyo("2026-11-23", 10, 0))).toMatchObject({
      phase: "closed",
      tradingDate: "2026-11-24",
    });
    expect(ptsSessionAt(tokyo("2026-11-23", 20, 0)).phase).toBe("closed");
    expect(ptsSessionAt(tokyo("2026-11-20", 20, 0))).toMatchObject({
      phase: "night",
      tradingDate: "2026-11-24",
    });
  });

  it("trades on a US holiday that is a TSE business day", () => {
    // Thanksgiving, Thursday 26 November 2026: New York is shut, Tokyo is not.
    expect(ptsSessionAt(tokyo("2026-11-26", 10, 0)).phase).toBe("day");
    expect(ptsSessionAt(tokyo("2026-11-26", 21, 0)).phase).toBe("night");
  });

  it("is in its day session at every instant when every session is kept open", () => {
    expect(ptsSessionAt(tokyo("2026-11-28", 3, 0), { alwaysOpen: true })).toMatchObject({
      phase: "day",
      nextChangeMs: null,
    });
  });

  it("takes other hours from a setting", () => {
    const day = parseWallHours("08:20-16:00");
    const night = parseWallHours("17:00-23:59");
    expect(night).toEqual({ from: [17, 0], to: [23, 59] });
    if (!day || !night) throw new Error("hours not read");
    expect(ptsSessionAt(tokyo(monday, 16, 45), { hours: { day, night } }).phase).toBe("closed");
    expect(ptsSessionAt(tokyo(monday, 17, 0), { hours: { day, night } }).phase).toBe("night");
    expect(parseWallHours("16:00-08:00")).toBeUndefined();
    expect(parseWallHours("8:20-16:00")).toBeUndefined();
  });
});

describe("the PTS's grid", () => {
  const units = (price: string) => priceToUnits(price, "JP") as number;

  it("is a tenth of the TSE's tick", () => {
    expect(tickUnits(ptsTickTable("tse"), units("2500"))).toBe(units("0.1"));
    expect(tickUnits(ptsTickTable("tse"), units("4000"))).toBe(units("0.5"));
    expect(tickUnits(ptsTickTable("tse"), units("12000"))).toBe(units("1"));
    expect(tickUnits(ptsTickTable("topix500"), units("20000"))).toBe(units("0.5"));
  });

  it("is never finer than 0.1 yen, as J-Market's is not", () => {
    expect(tickUnits(ptsTickTable("topix500"), units("500"))).toBe(units("0.1"));
    expect(isOnTick(ptsTickTable("topix500"), units("2950.3"))).toBe(true);
    expect(isOnTick("topix500", units("2950.3"))).toBe(false);
  });

  it("takes a price the TSE's grid refuses, and refuses one off its own", () => {
    expect(isOnTick(ptsTickTable("tse"), units("2345.6"))).toBe(true);
    expect(isOnTick("tse", units("2345.6"))).toBe(false);
    expect(isOnTick(ptsTickTable("tse"), units("4000.3"))).toBe(false);
  });
});
