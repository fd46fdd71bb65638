import { describe, expect, it } from "vitest";
import { firstValidDate, lastValidDate, orderLapsed, validDateFor } from "./validity.ts";

/** An instant given in UTC. */
const at = (iso: string) => Date.parse(iso);

// Friday 27 November 2026: 10:00 in Tokyo, then 10:00 in New York (an early-close day there).
const tokyoMorning = at("2026-11-27T01:00:00Z");
const newYorkMorning = at("2026-11-27T15:00:00Z");

describe("the first date a resting order can trade on", () => {
  it.each([
    ["Tokyo before the close", "JP", "regular", tokyoMorning, "2026-11-27"],
    ["Tokyo after the close: Monday", "JP", "regular", at("2026-11-27T07:00:00Z"), "2026-11-30"],
    ["Tokyo on a Saturday", "JP", "regular", at("2026-11-28T01:00:00Z"), "2026-11-30"],
    // Monday 30 November, 18:00 in New York: after hours.
    [
      "New York after hours, a regular order: tomorrow",
      "US",
      "regular",
      at("2026-11-30T23:00:00Z"),
      "2026-12-01",
    ],
    [
      "New York after hours, an extended one: today",
      "US",
      "extended",
      at("2026-11-30T23:00:00Z"),
      "2026-11-30",
    ],
  ] as const)("%s", (_, market, session, nowMs, expected) => {
    expect(firstValidDate(market, session, nowMs)).toBe(expected);
  });

  it("is today around the clock", () => {
    expect(firstValidDate("JP", "regular", at("2026-11-28T10:00:00Z"), { alwaysOpen: true })).toBe(
      "2026-11-28",
    );
  });
});

describe("the cap", () => {
  it.each([
    // Fifteen business days counting the first (SBI's 期間指定).
    ["Tokyo", "JP", "2026-11-27", "2026-12-17"],
    // Across the year-end closure (31 Dec to 3 Jan) and Coming of Age Day (11 Jan 2027).
    ["Tokyo across the new year", "JP", "2026-12-28", "2027-01-20"],
    // Sixty calendar days: a trading day.
    ["New York", "US", "2026-11-27", "2027-01-26"],
    // Sixty days after 2 Dec 2026 is Saturday 31 Jan 2027: the Friday before.
    ["New York, landing on a weekend", "US", "2026-12-02", "2027-01-29"],
  ] as const)("%s", (_, market, first, expected) => {
    expect(lastValidDate(market, first)).toBe(expected);
  });
});

describe("the date an order is kept to", () => {
  const limit = { session: "regular", dayOnly: false } as const;
  it.each([
    ["no date: a day order", "JP", limit, undefined, { validDate: "2026-11-27" }],
    ["today named", "JP", limit, "2026-11-27", { validDate: "2026-11-27" }],
    ["a date within the cap", "JP", limit, "2026-12-10", { validDate: "2026-12-10" }],
    ["the cap itself", "JP", limit, "2026-12-17", { validDate: "2026-12-17" }],
    [
      "a day past the cap",
      "JP",
      limit,
      "2026-12-18",
      { refusal: { code: "VALIDITY_TOO_FAR", latest: "2026-12-17" } },
    ],
    ["yesterday", "JP", limit, "2026-11-26", { refusal: { code: "VALIDITY_PAST", earliest: "2026-11-27" } }],
    ["a Saturday", "JP", limit, "2026-12-05", { refusal: { code: "VALIDITY_NOT_TRADING_DAY" } }],
    [
      "a market order kept",
      "JP",
      { session: "regular", dayOnly: true },
      "2026-12-01",
      { refusal: { code: "VALIDITY_DAY_ONLY" } },
    ],
    [
      "an extended-hours order kept",
      "US",
      { session: "extended", dayOnly: false },
      "2026-12-01",
      { refusal: { code: "VALIDITY_DAY_ONLY" } },
    ],
    [
      "Thanksgiving's Friday in New York, GTC to its cap",
      "US",
      limit,
      "2027-01-26",
      { validDate: "2027-01-26" },
    ],
    ["a New York holiday", "US", limit, "2026-12-25", { refusal: { code: "VALIDITY_NOT_TRADING_DAY" } }],
  ] as const)("%s", (_, market, input, validUntil, expected) => {
    const nowMs = market === "JP" ? tokyoMorning : newYorkMorning;
    expect(validDateFor(market, { ...input, validUntil }, nowMs)).toEqual(expected);
  });
});

describe("when a resting order lapses", () => {
  it.each([
    ["Tokyo, a minute before the close", "JP", "regular", "2026-11-27", at("2026-11-27T06:29:00Z"), false],
    ["Tokyo, at the close", "JP", "regular", "2026-11-27", at("2026-11-27T06:30:00Z"), true],
    [
      "Tokyo, kept to Monday, on Friday evening",
      "JP",
      "regular",
      "2026-11-30",
      at("2026-11-27T10:00:00Z"),
      false,
    ],
    // Monday 30 November in New York: the regular session ends at 16:00, after hours at 20:00.
    ["New York regular, at 16:00", "US", "regular", "2026-11-30", at("2026-11-30T21:00:00Z"), true],
    ["New York extended, at 16:30", "US", "extended", "2026-11-30", at("2026-11-30T21:30:00Z"), false],
    ["New York extended, at 20:00", "US", "extended", "2026-11-30", at("2026-12-01T01:00:00Z"), true],
  ] as const)("%s", (_, market, session, validDate, nowMs, lapsed) => {
    expect(orderLapsed(market, session, validDate, nowMs)).toBe(lapsed);
  });
});
