import { describe, expect, it } from "vitest";
import type { Side } from "./rules.ts";
import {
  checkNewStop,
  dayOrderDate,
  dayOrderExpired,
  dayOrdersLapsedThrough,
  quoteStaleAfterMs,
  type StopMarket,
  type StopRefusalCode,
  stopHoldUnits,
  stopTriggered,
  trailedTrigger,
  trailStart,
} from "./stops.ts";

const nowMs = Date.parse("2026-11-20T02:00:00Z");
/** Toyota at 2,650 yen (26,500 units of 0.1 yen) with its 2,150.5–3,150 band, quoted a second ago. */
const toyota: StopMarket = {
  market: "JP",
  table: "topix500",
  lastUnits: 26_500,
  quoteMs: nowMs - 1_000,
  limit: { upUnits: 31_500, downUnits: 21_505 },
  phase: "regular",
};
/** Apple at $200.00 (2,000,000 units of $0.0001), no daily limits. */
const apple: StopMarket = {
  market: "US",
  table: "us",
  lastUnits: 2_000_000,
  quoteMs: nowMs - 1_000,
  limit: null,
  phase: "regular",
};

describe("stopTriggered: the last trade crossing the trigger fires it", () => {
  const cases: [string, Side, number, number, boolean][] = [
    ["a buy stop below its trigger waits", "long", 26_495, 26_500, false],
    ["a buy stop at its trigger fires", "long", 26_500, 26_500, true],
    ["a buy stop above its trigger fires", "long", 26_600, 26_500, true],
    ["a sell stop above its trigger waits", "short", 26_505, 26_500, false],
    ["a sell stop at its trigger fires", "short", 26_500, 26_500, true],
    ["a sell stop below its trigger fires", "short", 26_000, 26_500, true],
  ];
  for (const [what, side, last, trigger, fires] of cases) {
    it(what, () => expect(stopTriggered(side, last, trigger)).toBe(fires));
  }
});

describe("checkNewStop: each bad stop is refused with its own code", () => {
  const cases: [string, Side, number, StopMarket, StopRefusalCode | undefined][] = [
    ["a sell stop below the last trade is taken", "short", 26_000, toyota, undefined],
    ["a buy stop above the last trade is taken", "long", 27_000, toyota, undefined],
    ["a sell stop above the last trade would fire at once", "short", 27_000, toyota, "TRIGGER_WRONG_SIDE"],
    ["a buy stop below the last trade would fire at once", "long", 26_000, toyota, "TRIGGER_WRONG_SIDE"],
    ["a trigger at the last trade would fire at once", "short", 26_500, toyota, "TRIGGER_WRONG_SIDE"],
    ["a trigger off the tick grid", "short", 26_003, toyota, "TRIGGER_OFF_TICK"],
    ["a trigger above the day's upper limit", "long", 32_000, toyota, "TRIGGER_LIMIT_EXCEEDED"],
    ["a trigger below the day's lower limit", "short", 21_000, toyota, "TRIGGER_LIMIT_EXCEEDED"],
    ["a zero trigger", "short", 0, toyota, "TRIGGER_INVALID"],
    [
      "a quote older than the bound",
      "short",
      26_000,
      { ...toyota, quoteMs: nowMs - quoteStaleAfterMs - 1 },
      "QUOTE_STALE",
    ],
    [
      "a quote exactly at the bound is fresh",
      "short",
      26_000,
      { ...toyota, quoteMs: nowMs - quoteStaleAfterMs },
      undefined,
    ],
    [
      "a Tokyo stop while the market is shut, on the day's last quote",
      "short",
      26_000,
      { ...toyota, phase: "closed", quoteMs: nowMs - 3_600_000 },
      undefined,
    ],
    ["a US stop in the regular session", "short", 1_990_000, apple, undefined],
    ["a US stop off the cent grid", "short", 1_990_050, apple, "TRIGGER_OFF_TICK"],
    ["a US stop in the pre-market", "short", 1_990_000, { ...apple, phase: "pre" }, "STOP_OUTSIDE_REGULAR"],
    ["a US stop after hours", "long", 2_010_000, { ...apple, phase: "after" }, "STOP_OUTSIDE_REGULAR"],
  ];
  for (const [what, side, trigger, market, code] of cases) {
    it(what, () => expect(checkNewStop(side, trigger, market, nowMs)?.code).toBe(code));
  }

  it("names the band of a trigger outside it", () => {
    expect(checkNewStop("long", 32_000, toyota, nowMs)).toEqual({
      code: "TRIGGER_LIMIT_EXCEEDED",
      params: { limitUpUnits: 31_500, limitDownUnits: 21_505 },
    });
  });
});

describe("stopHoldUnits: what a waiting stop holds money at", () => {
  it("holds a stop-limit at its limit", () => {
    expect(stopHoldUnits("long", { triggerUnits: 27_000, limitUnits: 27_100 }, 31_500)).toBe(27_100);
  });
  it("holds a stop-market buy at the day's upper limit, the most it can fill at", () => {
    expect(stopHoldUnits("long", { triggerUnits: 27_000, limitUnits: null }, 31_500)).toBe(31_500);
  });
  it("holds a US stop-market buy at 110% of its trigger", () => {
    expect(stopHoldUnits("long", { triggerUnits: 2_010_000, limitUnits: null }, null)).toBe(2_211_000);
  });
  it("holds a stop-market sell at its trigger", () => {
    expect(stopHoldUnits("short", { triggerUnits: 26_000, limitUnits: null }, 31_500)).toBe(26_000);
  });
});

describe("day orders: valid for one trading date, lapsing when its last session ends", () => {
  // Friday 20 November 2026: Tokyo's afternoon session ends at 15:30 JST (06:30 UTC).
  it("is valid for today while Tokyo trades, and for Monday once Friday's session is over", () => {
    expect(dayOrderDate("JP", Date.parse("2026-11-20T02:00:00Z"))).toBe("2026-11-20");
    expect(dayOrderDate("JP", Date.parse("2026-11-20T07:00:00Z"))).toBe("2026-11-24");
  });
  it("lapses at the close, not at the lunch break", () => {
    expect(dayOrderExpired("JP", "2026-11-20", Date.parse("2026-11-20T03:00:00Z"))).toBe(false);
    expect(dayOrderExpired("JP", "2026-11-20", Date.parse("2026-11-20T06:29:59Z"))).toBe(false);
    expect(dayOrderExpired("JP", "2026-11-20", Date.parse("2026-11-20T06:30:00Z"))).toBe(true);
  });
  it("lapses in New York at 16:00, before after hours", () => {
    expect(dayOrderExpired("US", "2026-11-20", Date.parse("2026-11-20T20:59:00Z"))).toBe(false);
    expect(dayOrderExpired("US", "2026-11-20", Date.parse("2026-11-20T21:00:00Z"))).toBe(true);
  });
  it("bounds the lapsed dates for the database: before today, and today once its close has passed", () => {
    expect(dayOrdersLapsedThrough("JP", Date.parse("2026-11-20T03:00:00Z"))).toEqual({
      date: "2026-11-20",
      inclusive: false,
    });
    expect(dayOrdersLapsedThrough("JP", Date.parse("2026-11-20T07:00:00Z"))).toEqual({
      date: "2026-11-20",
      inclusive: true,
    });
  });
  it("around the clock, lapses when the exchange's calendar day moves on", () => {
    const always = { alwaysOpen: true };
    expect(dayOrderExpired("JP", "2026-11-20", Date.parse("2026-11-20T14:59:00Z"), always)).toBe(false);
    expect(dayOrderExpired("JP", "2026-11-20", Date.parse("2026-11-20T15:00:00Z"), always)).toBe(true);
  });
});

describe("trailedTrigger: a trailing stop follows the best price and never moves back", () => {
  // Toyota on the TOPIX 500 grid (0.5 yen = 5 units around 2,650), trailing by 20 yen (200 units).
  const cases: [string, "long" | "short", number, number, number][] = [
    ["a sell stop rises with a new high", "short", 26_300, 26_600, 26_400],
    ["a sell stop stays when the price falls", "short", 26_300, 26_400, 26_300],
    ["a sell stop rounds down onto the grid", "short", 26_300, 26_603, 26_400],
    ["a buy stop falls with a new low", "long", 26_700, 26_400, 26_600],
    ["a buy stop stays when the price rises", "long", 26_700, 26_600, 26_700],
    ["a buy stop rounds up onto the grid", "long", 26_700, 26_397, 26_600],
  ];
  for (const [what, side, trigger, last, expected] of cases) {
    it(what, () => expect(trailedTrigger(side, trigger, last, 200, "topix500")).toBe(expected));
  }
  it("starts the trail away from the last trade, and nowhere when no price is that far below", () => {
    expect(trailStart("short", 26_500, 200, "topix500")).toBe(26_300);
    expect(trailStart("long", 26_500, 200, "topix500")).toBe(26_700);
    expect(trailStart("short", 150, 200, "topix500")).toBeUndefined();
  });
});
