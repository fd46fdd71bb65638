import { describe, expect, it } from "vitest";
import type { Market } from "../symbols.ts";
import { AssertionError } from "./assert.ts";
import {
  isEarlyClose,
  isTradingDay,
  marketDate,
  nextTradingDay,
  previousTradingDay,
  tradingDays,
} from "./calendar.ts";
import { addDays, isoDate, isWeekend } from "./iso-date.ts";
import { nysePublished } from "./nyse-published.ts";
import { nyseHolidays } from "./nyse-rules.ts";

function datesOfYear(year: number): string[] {
  const dates: string[] = [];
  for (let date = isoDate(year, 1, 1); date < isoDate(year + 1, 1, 1); date = addDays(date, 1))
    dates.push(date);
  return dates;
}

/** Weekdays on which the exchange is closed: what an exchange's holiday list shows. */
function closedWeekdays(market: Market, year: number): string[] {
  return datesOfYear(year).filter((date) => !isWeekend(date) && !isTradingDay(market, date));
}

/** Weekday closures as JPX publishes them (national holidays, substitutes, 31 Dec–3 Jan). */
const tsePublished: Record<number, string[]> = {
  2025: [
    "2025-01-01",
    "2025-01-02",
    "2025-01-03",
    "2025-01-13",
    "2025-02-11",
    "2025-02-24",
    "2025-03-20",
    "2025-04-29",
    "2025-05-05",
    "2025-05-06",
    "2025-07-21",
    "2025-08-11",
    "2025-09-15",
    "2025-09-23",
    "2025-10-13",
    "2025-11-03",
    "2025-11-24",
    "2025-12-31",
  ],
  2026: [
    "2026-01-01",
    "2026-01-02",
    "2026-01-12",
    "2026-02-11",
    "2026-02-23",
    "2026-03-20",
    "2026-04-29",
    "2026-05-04",
    "2026-05-05",
    "2026-05-06",
    "2026-07-20",
    "2026-08-11",
    "2026-09-21",
    "2026-09-22",
    "2026-09-23",
    "2026-10-12",
    "2026-11-03",
    "2026-11-23",
    "2026-12-31",
  ],
  2027: [
    "2027-01-01",
    "2027-01-11",
    "2027-02-11",
    "2027-02-23",
    "2027-03-22",
    "2027-04-29",
    "2027-05-03",
    "2027-05-04",
    "2027-05-05",
    "2027-07-19",
    "2027-08-11",
    "2027-09-20",
    "2027-09-23",
    "2027-10-11",
    "2027-11-03",
    "2027-11-23",
    "2027-12-31",
  ],
};

describe("TSE calendar", () => {
  it.each([2025, 2026, 2027])("closes on exactly the published weekdays of %i", (year) => {
    expect(closedWeekdays("JP", year)).toEqual(tsePublished[year]);
  });

  it("closes on substitute holidays and the citizens' holiday between two holidays", () => {
    expect(isTradingDay("JP", "2025-02-24")).toBe(false); // Emperor's Birthday fell on a Sunday.
    expect(isTradingDay("JP", "2026-05-06")).toBe(false); // Constitution Day fell on a Sunday.
    expect(isTradingDay("JP", "2026-09-22")).toBe(false); // Between Respect for the Aged and the equinox.
  });

  it("closes 31 December to 3 January whatever the weekday, and opens on 4 January", () => {
    expect(["2025-12-31", "2026-01-01", "2026-01-02"].map((date) => isTradingDay("JP", date))).toEqual([
      false,
      false,
      false,
    ]);
    expect(isTradingDay("JP", "2029-01-03")).toBe(false); // A Wednesday, and no national holiday.
    expect(isTradingDay("JP", "2029-01-04")).toBe(true);
  });

  it("never trades on a weekend", () => {
    expect(isTradingDay("JP", "2026-03-07")).toBe(false);
    expect(isTradingDay("JP", "2026-03-08")).toBe(false);
  });

  it("has no early closes", () => {
    expect(datesOfYear(2026).filter((date) => isEarlyClose("JP", date))).toEqual([]);
  });
});

describe("NYSE calendar", () => {
  it.each(nysePublished)("the rule alone gives the ten scheduled holidays of $year", ({ year, holidays }) => {
    expect(nyseHolidays(year)).toEqual(holidays);
  });

  it.each(nysePublished)("closes on exactly the published days of $year", ({ year, holidays, closures }) => {
    expect(closedWeekdays("US", year)).toEqual([...holidays, ...closures].sort());
  });

  it.each(nysePublished)("closes early on exactly the published days of $year", ({ year, earlyCloses }) => {
    expect(datesOfYear(year).filter((date) => isEarlyClose("US", date))).toEqual(earlyCloses);
  });

  it("closed for the national day of mourning for President Carter, 2025-01-09", () => {
    expect(isTradingDay("US", "2025-01-09")).toBe(false);
    expect(previousTradingDay("US", "2025-01-10")).toBe("2025-01-08");
  });

  it("does not observe a Saturday New Year's Day on the Friday before", () => {
    expect(isTradingDay("US", "2021-12-31")).toBe(true); // 2022-01-01 was a Saturday.
    expect(isTradingDay("US", "2027-12-31")).toBe(true); // 2028-01-01 is a Saturday.
    expect(nyseHolidays(2022)).not.toContain("2021-12-31");
    expect(nyseHolidays(2022)[0]).toBe("2022-01-17"); // MLK Day comes first that year.
  });

  it("observes a Sunday New Year's Day on the Monday after", () => {
    expect(isTradingDay("US", "2023-01-02")).toBe(false);
  });

  it("observes Christmas 2027, a Saturday, on Friday 24 December, with no early close that week", () => {
    expect(isTradingDay("US", "2027-12-24")).toBe(false);
    expect(isEarlyClose("US", "2027-12-24")).toBe(false);
    expect(isEarlyClose("US", "2027-12-23")).toBe(false);
    expect(isTradingDay("US", "2027-12-23")).toBe(true);
  });

  it("closes early on 3 July only when 3 July trades", () => {
    expect(isEarlyClose("US", "2025-07-03")).toBe(true); // Thursday before a Friday holiday.
    expect(isEarlyClose("US", "2026-07-02")).toBe(false); // 3 July 2026 is the observed holiday.
    expect(isEarlyClose("US", "2027-07-02")).toBe(false); // 4 July 2027 is a Sunday.
    expect(isEarlyClose("US", "2023-07-03")).toBe(true); // Monday before a Tuesday holiday.
  });

  it("did not close for Juneteenth before 2022", () => {
    expect(isTradingDay("US", "2021-06-18")).toBe(true);
    expect(isTradingDay("US", "2022-06-20")).toBe(false);
  });

  it("computes unpublished years by the same rule without throwing (2024 as history had it)", () => {
    expect(closedWeekdays("US", 2024)).toEqual([
      "2024-01-01",
      "2024-01-15",
      "2024-02-19",
      "2024-03-29",
      "2024-05-27",
      "2024-06-19",
      "2024-07-04",
      "2024-09-02",
      "2024-11-28",
      "2024-12-25",
    ]);
    expect(datesOfYear(2024).filter((date) => isEarlyClose("US", date))).toEqual([
      "2024-07-03",
      "2024-11-29",
      "2024-12-24",
    ]);
    expect(nyseHolidays(2040)).toHaveLength(10);
  });
});

describe("trading-day navigation", () => {
  it("next and previous skip weekends, holidays and the TSE year end", () => {
    expect(nextTradingDay("JP", "2025-12-30")).toBe("2026-01-05");
    expect(previousTradingDay("JP", "2026-01-05")).toBe("2025-12-30");
    expect(nextTradingDay("JP", "2026-05-01")).toBe("2026-05-07");
    expect(nextTradingDay("US", "2025-07-03")).toBe("2025-07-07");
    expect(nextTradingDay("US", "2026-03-06")).toBe("2026-03-09");
  });

  it("next and previous are strict: a trading day is not its own neighbour", () => {
    expect(nextTradingDay("US", "2026-03-09")).toBe("2026-03-10");
    expect(previousTradingDay("US", "2026-03-10")).toBe("2026-03-09");
  });

  it("tradingDays includes both ends and lists only trading days", () => {
    expect(tradingDays("JP", "2026-09-18", "2026-09-25")).toEqual(["2026-09-18", "2026-09-24", "2026-09-25"]);
    expect(tradingDays("US", "2026-03-07", "2026-03-08")).toEqual([]);
    expect(tradingDays("US", "2026-03-09", "2026-03-09")).toEqual(["2026-03-09"]);
  });

  it("a year has its weekdays less its weekday holidays", () => {
    // 2026 has 261 weekdays; all ten NYSE holidays and all 19 TSE closures fall on weekdays.
    expect(tradingDays("US", "2026-01-01", "2026-12-31")).toHaveLength(251);
    expect(tradingDays("JP", "2026-01-01", "2026-12-31")).toHaveLength(242);
  });

  it("rejects a reversed or over-long range", () => {
    expect(() => tradingDays("JP", "2026-01-02", "2026-01-01")).toThrow(AssertionError);
    expect(() => tradingDays("JP", "2000-01-01", "2026-01-01")).toThrow(AssertionError);
  });
});

describe("marketDate", () => {
  it("gives the date in the exchange's zone, not the host's", () => {
    const instant = Date.UTC(2026, 0, 1, 15, 30); // 00:30 on 2 January in Tokyo.
    expect(marketDate("JP", instant)).toBe("2026-01-02");
    expect(marketDate("US", instant)).toBe("2026-01-01");
  });

  it("turns the New York date at midnight local time on both sides of a DST change", () => {
    expect(marketDate("US", Date.parse("2026-03-08T04:59:59.999Z"))).toBe("2026-03-07");
    expect(marketDate("US", Date.parse("2026-03-08T05:00:00Z"))).toBe("2026-03-08");
    expect(marketDate("US", Date.parse("2026-11-02T04:59:59.999Z"))).toBe("2026-11-01");
    expect(marketDate("US", Date.parse("2026-11-02T05:00:00Z"))).toBe("2026-11-02");
  });

  it("rejects an instant that is not a number", () => {
    expect(() => marketDate("JP", Number.NaN)).toThrow(AssertionError);
  });
});

describe("invalid dates", () => {
  it.each([
    "2025-1-01",
    "2025-02-30",
    "2025-13-01",
    "20250101",
    "2025/01/06",
    "",
    " 2025-01-06",
    "0099-01-01",
  ])("rejects %j as a programmer error", (text) => {
    expect(() => isTradingDay("US", text)).toThrow(AssertionError);
    expect(() => isTradingDay("JP", text)).toThrow(AssertionError);
    expect(() => nextTradingDay("JP", text)).toThrow(AssertionError);
  });
});
