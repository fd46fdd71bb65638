import { describe, expect, it } from "vitest";
import { parseTokyoInput, tokyoInputValue } from "./tokyo-time.ts";

describe("schedule times are Tokyo wall-clock time", () => {
  it("reads an input as Tokyo time, nine hours ahead of UTC", () => {
    expect(parseTokyoInput("2026-01-05T09:00")).toBe(Date.UTC(2026, 0, 5, 0, 0));
    expect(parseTokyoInput("2026-01-05T08:30")).toBe(Date.UTC(2026, 0, 4, 23, 30));
  });

  it("writes an instant back as the same input, to the minute", () => {
    const ms = Date.UTC(2026, 6, 1, 15, 45, 30);
    expect(tokyoInputValue(ms)).toBe("2026-07-02T00:45");
    expect(parseTokyoInput(tokyoInputValue(ms))).toBe(Date.UTC(2026, 6, 1, 15, 45));
  });

  it("refuses what is not a wall-clock minute", () => {
    for (const text of [
      "",
      "2026-01-05",
      "2026-01-05 09:00",
      "2026-13-01T00:00",
      "2026-02-30T10:00",
      "2026-01-05T24:00",
    ]) {
      expect(parseTokyoInput(text)).toBeUndefined();
    }
  });
});
