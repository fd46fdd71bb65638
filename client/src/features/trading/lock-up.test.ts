import { describe, expect, it } from "vitest";
import { isLockedUp, lockEndText } from "./lock-up.ts";

/** Midnight in Tokyo starting 27 December 2026: where a 30-day lock-up from 27 November ends. */
const tokyoMidnightMs = Date.parse("2026-12-27T00:00:00+09:00");

describe("lockEndText names the day a lock-up ends, not only its clock", () => {
  it("gives the date and the time in each interface language", () => {
    expect(lockEndText(tokyoMidnightMs, "ja")).toBe("2026/12/27 00:00");
    expect(lockEndText(tokyoMidnightMs, "en")).toBe("12/27/2026 00:00");
    expect(lockEndText(tokyoMidnightMs, "zh-Hant")).toBe("2026/12/27 00:00");
  });

  it("reads in Tokyo, whatever the host's zone or the stock's market", () => {
    // 15:00 UTC on the 26th is already the 27th in Tokyo (and still the 26th in New York).
    expect(lockEndText(Date.parse("2026-12-26T15:00:00Z"), "ja")).toBe("2026/12/27 00:00");
    expect(lockEndText(Date.parse("2026-12-27T05:30:00Z"), "en")).toBe("12/27/2026 14:30");
  });

  it("shows nothing for a time that is not one", () => {
    expect(lockEndText(Number.NaN, "ja")).toBe("");
  });
});

describe("isLockedUp", () => {
  it("holds until the end, and not from it", () => {
    expect(isLockedUp({ lockedUntilMs: tokyoMidnightMs }, tokyoMidnightMs - 1)).toBe(true);
    expect(isLockedUp({ lockedUntilMs: tokyoMidnightMs }, tokyoMidnightMs)).toBe(false);
    expect(isLockedUp({ lockedUntilMs: null }, 0)).toBe(false);
  });
});
