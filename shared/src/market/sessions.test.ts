import { afterEach, describe, expect, it } from "vitest";
import type { SessionPhase } from "../protocol/market-data.ts";
import { sessionStateSchema } from "../protocol/market-data.ts";
import type { Market } from "../symbols.ts";
import { AssertionError } from "./assert.ts";
import { isTradingDay, marketDate, tradingDays } from "./calendar.ts";
import { isTradingPhase, sessionAt, sessionWindows } from "./sessions.ts";

const at = Date.parse;
const minuteMs = 60_000;

/** Windows as [phase, start, end] in ISO UTC, easy to compare with a published timetable. */
function windowsUtc(market: Market, date: string): [SessionPhase, string, string][] {
  return sessionWindows(market, date).map(({ phase, startMs, endMs }) => [
    phase,
    new Date(startMs).toISOString(),
    new Date(endMs).toISOString(),
  ]);
}

describe("TSE sessions", () => {
  it("runs 9:00–11:30 and 12:30–15:30 JST with the lunch break between", () => {
    expect(windowsUtc("JP", "2026-03-06")).toEqual([
      ["regular", "2026-03-06T00:00:00.000Z", "2026-03-06T02:30:00.000Z"],
      ["break", "2026-03-06T02:30:00.000Z", "2026-03-06T03:30:00.000Z"],
      ["regular", "2026-03-06T03:30:00.000Z", "2026-03-06T06:30:00.000Z"],
    ]);
  });

  it("is in the lunch break at 11:45 JST, resuming at 12:30", () => {
    expect(sessionAt("JP", at("2026-03-06T02:45:00Z"))).toEqual({
      market: "JP",
      phase: "break",
      tradingDate: "2026-03-06",
      nextChangeMs: at("2026-03-06T03:30:00Z"),
    });
  });

  it("includes a window's start and excludes its end", () => {
    expect(sessionAt("JP", at("2026-03-06T00:00:00Z")).phase).toBe("regular");
    expect(sessionAt("JP", at("2026-03-05T23:59:59.999Z")).phase).toBe("closed");
    expect(sessionAt("JP", at("2026-03-06T02:29:59.999Z")).phase).toBe("regular");
    expect(sessionAt("JP", at("2026-03-06T02:30:00Z")).phase).toBe("break");
  });

  it("before the open belongs to today; after the close, to the next trading day", () => {
    expect(sessionAt("JP", at("2026-03-05T22:00:00Z"))).toMatchObject({
      phase: "closed",
      tradingDate: "2026-03-06",
      nextChangeMs: at("2026-03-06T00:00:00Z"),
    });
    expect(sessionAt("JP", at("2026-03-06T06:30:00Z"))).toMatchObject({
      phase: "closed",
      tradingDate: "2026-03-09",
      nextChangeMs: at("2026-03-09T00:00:00Z"),
    });
  });

  it("stays closed across the year end and opens on 5 January 2026", () => {
    expect(sessionWindows("JP", "2026-01-02")).toEqual([]);
    expect(sessionAt("JP", at("2026-01-02T03:00:00Z"))).toMatchObject({
      phase: "closed",
      tradingDate: "2026-01-05",
      nextChangeMs: at("2026-01-05T00:00:00Z"),
    });
  });
});

describe("US sessions and daylight saving", () => {
  it("opens at 9:30 EST (14:30 UTC) on Friday 6 March 2026, before DST", () => {
    expect(windowsUtc("US", "2026-03-06")).toEqual([
      ["pre", "2026-03-06T09:00:00.000Z", "2026-03-06T14:30:00.000Z"],
      ["regular", "2026-03-06T14:30:00.000Z", "2026-03-06T21:00:00.000Z"],
      ["after", "2026-03-06T21:00:00.000Z", "2026-03-07T01:00:00.000Z"],
    ]);
  });

  it("opens at 9:30 EDT (13:30 UTC) on Monday 9 March 2026, after DST began on the 8th", () => {
    expect(windowsUtc("US", "2026-03-09")).toEqual([
      ["pre", "2026-03-09T08:00:00.000Z", "2026-03-09T13:30:00.000Z"],
      ["regular", "2026-03-09T13:30:00.000Z", "2026-03-09T20:00:00.000Z"],
      ["after", "2026-03-09T20:00:00.000Z", "2026-03-10T00:00:00.000Z"],
    ]);
  });

  it("over the DST weekend, the next change is Monday's 4:00 EDT pre-market", () => {
    const monday = { phase: "closed", tradingDate: "2026-03-09", nextChangeMs: at("2026-03-09T08:00:00Z") };
    expect(sessionAt("US", at("2026-03-07T01:00:00Z"))).toMatchObject(monday); // Friday 20:00 EST.
    expect(sessionAt("US", at("2026-03-08T07:30:00Z"))).toMatchObject(monday); // 03:30 EDT, just after the jump.
  });

  it("opens an hour later in UTC after DST ended on 1 November 2026", () => {
    expect(sessionWindows("US", "2026-10-30")[1]?.startMs).toBe(at("2026-10-30T13:30:00Z"));
    expect(sessionWindows("US", "2026-11-02")[1]?.startMs).toBe(at("2026-11-02T14:30:00Z"));
    // 01:30 on 1 November happens twice in New York; both are closed, waiting for Monday 4:00 EST.
    for (const instant of ["2026-11-01T05:30:00Z", "2026-11-01T06:30:00Z"]) {
      expect(sessionAt("US", at(instant))).toMatchObject({
        phase: "closed",
        tradingDate: "2026-11-02",
        nextChangeMs: at("2026-11-02T09:00:00Z"),
      });
    }
  });

  it("after hours ends at 20:00 ET, and the evening belongs to the next trading day", () => {
    expect(sessionAt("US", at("2026-03-09T23:59:59.999Z")).phase).toBe("after");
    expect(sessionAt("US", at("2026-03-10T00:00:00Z"))).toMatchObject({
      phase: "closed",
      tradingDate: "2026-03-10",
      nextChangeMs: at("2026-03-10T08:00:00Z"),
    });
  });

  it("closes the regular session at 13:00 ET and after hours at 17:00 on an early-close day", () => {
    expect(windowsUtc("US", "2026-11-27")).toEqual([
      ["pre", "2026-11-27T09:00:00.000Z", "2026-11-27T14:30:00.000Z"],
      ["regular", "2026-11-27T14:30:00.000Z", "2026-11-27T18:00:00.000Z"],
      ["after", "2026-11-27T18:00:00.000Z", "2026-11-27T22:00:00.000Z"],
    ]);
    expect(sessionAt("US", at("2025-07-03T17:00:00Z"))).toMatchObject({
      phase: "after",
      tradingDate: "2025-07-03",
      nextChangeMs: at("2025-07-03T21:00:00Z"),
    });
  });

  it("has no windows on a holiday or a weekend", () => {
    expect(sessionWindows("US", "2025-07-04")).toEqual([]);
    expect(sessionWindows("US", "2026-03-08")).toEqual([]);
  });
});

describe("session invariants", () => {
  it.each<Market>(["JP", "US"])(
    "%s: every 2025–2027 trading day's windows are ordered and back to back",
    (market) => {
      for (const date of tradingDays(market, "2025-01-01", "2027-12-31")) {
        const windows = sessionWindows(market, date);
        expect(windows.length).toBeGreaterThan(0);
        windows.forEach((window, index) => {
          expect(window.startMs).toBeLessThan(window.endMs);
          const next = windows[index + 1];
          if (next) expect(next.startMs).toBe(window.endMs);
        });
      }
    },
  );

  it.each<[Market, string, string]>([
    ["US", "2026-03-05T00:00:00Z", "2026-03-11T00:00:00Z"],
    ["US", "2026-10-29T00:00:00Z", "2026-11-04T00:00:00Z"],
    ["US", "2026-11-25T00:00:00Z", "2026-11-30T00:00:00Z"],
    ["JP", "2025-12-29T00:00:00Z", "2026-01-06T00:00:00Z"],
  ])("%s %s..%s: the phase holds until nextChangeMs and changes there", (market, from, to) => {
    for (let instant = at(from); instant < at(to); instant += 7 * minuteMs) {
      const state = sessionAt(market, instant);
      expect(sessionStateSchema.parse(state)).toEqual(state);
      const changeMs = state.nextChangeMs ?? Number.NaN;
      expect(changeMs).toBeGreaterThan(instant);
      expect(sessionAt(market, changeMs - 1).phase).toBe(state.phase);
      expect(sessionAt(market, changeMs).phase).not.toBe(state.phase);
    }
  });

  it("tradingDate is today's while trading and an upcoming trading day while closed", () => {
    for (
      let instant = at("2026-03-05T00:00:00Z");
      instant < at("2026-03-11T00:00:00Z");
      instant += 13 * minuteMs
    ) {
      const state = sessionAt("US", instant);
      expect(isTradingDay("US", state.tradingDate)).toBe(true);
      if (state.phase === "closed") expect(state.tradingDate >= marketDate("US", instant)).toBe(true);
      else expect(state.tradingDate).toBe(marketDate("US", instant));
    }
  });

  describe("does not depend on the host's time zone", () => {
    const hostZone = process.env.TZ;
    afterEach(() => {
      if (hostZone === undefined) delete process.env.TZ;
      else process.env.TZ = hostZone;
    });

    // Each zone gets a date no other test asks for, so no cached window hides the host's zone.
    it.each([
      ["Pacific/Kiritimati", "2027-03-15"],
      ["America/Los_Angeles", "2027-03-16"],
      ["Asia/Kolkata", "2027-03-17"],
    ])("host zone %s, %s", (zone, date) => {
      process.env.TZ = zone;
      expect(windowsUtc("US", date)[1]).toEqual([
        "regular",
        `${date}T13:30:00.000Z`,
        `${date}T20:00:00.000Z`,
      ]);
      expect(windowsUtc("JP", date)[0]).toEqual([
        "regular",
        `${date}T00:00:00.000Z`,
        `${date}T02:30:00.000Z`,
      ]);
      expect(marketDate("JP", at("2026-01-01T15:30:00Z"))).toBe("2026-01-02");
      expect(marketDate("US", at("2026-03-08T04:59:59.999Z"))).toBe("2026-03-07");
    });
  });
});

describe("always open", () => {
  it("is in the regular session at any hour with no change scheduled", () => {
    const sunday = at("2026-03-08T12:00:00Z");
    expect(sessionAt("US", sunday, { alwaysOpen: true })).toEqual({
      market: "US",
      phase: "regular",
      tradingDate: "2026-03-08",
      nextChangeMs: null,
    });
    expect(sessionAt("JP", sunday, { alwaysOpen: true })).toMatchObject({ tradingDate: "2026-03-08" });
  });

  it("follows the calendar when the option is off", () => {
    expect(sessionAt("US", at("2026-03-08T12:00:00Z"), { alwaysOpen: false }).phase).toBe("closed");
  });
});

describe("isTradingPhase", () => {
  it.each<[SessionPhase, boolean]>([
    ["pre", true],
    ["regular", true],
    ["after", true],
    ["break", false],
    ["closed", false],
  ])("%s trades: %s", (phase, trades) => {
    expect(isTradingPhase(phase)).toBe(trades);
  });
});

describe("invalid input", () => {
  it("rejects an instant that is not a number and a date that is not ISO", () => {
    expect(() => sessionAt("US", Number.NaN)).toThrow(AssertionError);
    expect(() => sessionAt("JP", Number.POSITIVE_INFINITY, { alwaysOpen: true })).toThrow(AssertionError);
    expect(() => sessionWindows("JP", "2026/03/06")).toThrow(AssertionError);
  });
});
