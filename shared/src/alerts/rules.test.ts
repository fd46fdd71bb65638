import { describe, expect, it } from "vitest";
import {
  type AlertState,
  compareDecimals,
  conditionHolds,
  decide,
  fiveMinuteFigures,
  thresholdProblem,
} from "./rules.ts";

const quote = (last: string, changePct: string) => ({ last, changePct });

describe("alert conditions", () => {
  it.each([
    ["price_above", "3000", quote("3000", "1.00"), true],
    ["price_above", "3000", quote("2999.5", "1.00"), false],
    ["price_above", "3000.5", quote("3000.50", "0"), true],
    ["price_below", "150.25", quote("150.24", "-2.00"), true],
    ["price_below", "150.25", quote("150.26", "-2.00"), false],
    ["change_above", "5", quote("100", "5.00"), true],
    ["change_above", "5", quote("100", "4.99"), false],
    ["change_above", "5", quote("100", "-6.00"), false],
    ["change_below", "3", quote("100", "-3.00"), true],
    ["change_below", "3", quote("100", "-2.99"), false],
    ["change_below", "3", quote("100", "3.50"), false],
  ] as const)("%s %s on %o holds: %s", (kind, threshold, at, holds) => {
    expect(conditionHolds(kind, threshold, at)).toBe(holds);
  });

  it("compares decimals exactly, whatever their places", () => {
    expect(compareDecimals("0.1", "0.10")).toBe(0);
    expect(compareDecimals("-1.5", "-1.49")).toBe(-1);
    expect(compareDecimals("12345678901234567890.1", "12345678901234567890.09")).toBe(1);
  });
});

describe("when an alert fires", () => {
  const base: AlertState = {
    kind: "price_above",
    threshold: "100",
    frequency: "once",
    armed: true,
    lastFiredDate: null,
  };
  const above = quote("101", "1.00");
  const below = quote("99", "-1.00");

  it("fires a one-off alert when its condition holds, and waits otherwise", () => {
    expect(decide(base, above, "2026-11-27")).toBe("fire");
    expect(decide(base, below, "2026-11-27")).toBe("wait");
  });

  it("fires a daily alert once a trading day", () => {
    const daily = { ...base, frequency: "daily" as const };
    expect(decide(daily, above, "2026-11-27")).toBe("fire");
    expect(decide({ ...daily, lastFiredDate: "2026-11-27" }, above, "2026-11-27")).toBe("wait");
    expect(decide({ ...daily, lastFiredDate: "2026-11-26" }, above, "2026-11-27")).toBe("fire");
  });

  it("fires an every-time alert again only after its condition stopped holding", () => {
    const always = { ...base, frequency: "always" as const };
    expect(decide(always, above, "d")).toBe("fire");
    const fired = { ...always, armed: false };
    expect(decide(fired, above, "d")).toBe("wait");
    expect(decide(fired, below, "d")).toBe("rearm");
    expect(decide(always, below, "d")).toBe("wait");
  });
});

describe("a threshold a member sets", () => {
  it("must be above zero, and a percentage at most 100", () => {
    expect(thresholdProblem("price_above", "0", undefined)).toBe("ALERT_THRESHOLD_INVALID");
    expect(thresholdProblem("change_above", "100.01", undefined)).toBe("ALERT_THRESHOLD_INVALID");
    expect(thresholdProblem("change_below", "100", undefined)).toBeUndefined();
    expect(thresholdProblem("price_above", "100000", undefined)).toBeUndefined();
  });

  it("must not be met already", () => {
    expect(thresholdProblem("price_above", "2900", quote("3000", "0"))).toBe("ALERT_ALREADY_MET");
    expect(thresholdProblem("price_below", "3100", quote("3000", "0"))).toBe("ALERT_ALREADY_MET");
    expect(thresholdProblem("change_below", "2", quote("3000", "-2.50"))).toBe("ALERT_ALREADY_MET");
    expect(thresholdProblem("price_above", "3100", quote("3000", "0"))).toBeUndefined();
  });
});

describe("five-minute alerts", () => {
  const at = (minute: number, last: number, volume: number) => ({ ms: minute * 60_000, last, volume });

  it("hold on a move either way, and on a volume multiple, once known", () => {
    const figures = { last: "100", changePct: "0" };
    expect(conditionHolds("move_5m", "2", { ...figures, move5mPct: -2.5 })).toBe(true);
    expect(conditionHolds("move_5m", "2", { ...figures, move5mPct: 1.9 })).toBe(false);
    expect(conditionHolds("move_5m", "2", figures)).toBe(false);
    expect(conditionHolds("volume_spike", "3", { ...figures, volumeRatio5m: 3 })).toBe(true);
    expect(conditionHolds("volume_spike", "3", figures)).toBe(false);
  });

  it("ask for a spike of at least one and a half times the usual volume", () => {
    expect(thresholdProblem("volume_spike", "1.4", undefined)).toBe("ALERT_THRESHOLD_INVALID");
    expect(thresholdProblem("volume_spike", "1.5", undefined)).toBeUndefined();
    expect(thresholdProblem("move_5m", "101", undefined)).toBe("ALERT_THRESHOLD_INVALID");
  });

  it("measure from the newest look at least five minutes old", () => {
    expect(fiveMinuteFigures([at(0, 100, 1_000), at(3, 103, 4_000)], 500)).toEqual({});
    expect(fiveMinuteFigures([at(0, 100, 1_000), at(1, 101, 2_000), at(6, 98, 5_000)], 500)).toEqual({
      move5mPct: ((98 - 101) / 101) * 100,
      volumeRatio5m: 6,
    });
    // No usual volume known: the move alone.
    expect(fiveMinuteFigures([at(0, 100, 1_000), at(5, 102, 2_000)], undefined)).toEqual({ move5mPct: 2 });
    // A new trading day starts its volume again: nothing to compare until five minutes of it.
    expect(fiveMinuteFigures([at(0, 100, 9_000), at(5, 102, 100)], 500)).toEqual({});
  });
});
