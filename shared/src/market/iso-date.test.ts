import { describe, expect, it } from "vitest";
import { AssertionError } from "./assert.ts";
import { addDays, dayNumber, isoDate, weekday } from "./iso-date.ts";

describe("ISO dates", () => {
  it("invariant: day numbers count days from 1970-01-01, with no zone to shift them", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("2026-03-08") - dayNumber("2026-03-07")).toBe(1); // Across the US DST change.
  });

  it("knows leap years, including the century rules", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2000-02-28", 1)).toBe("2000-02-29");
    expect(() => dayNumber("1900-02-29")).toThrow(AssertionError);
    expect(() => dayNumber("2025-02-29")).toThrow(AssertionError);
    expect(() => dayNumber("2025-04-31")).toThrow(AssertionError);
  });

  it("counts weekdays from Sunday 0", () => {
    expect(weekday("2026-03-08")).toBe(0);
    expect(weekday("2027-12-24")).toBe(5);
    expect(weekday("1969-12-31")).toBe(3); // Before day 0 too.
  });

  it("builds a date from parts and rejects parts that make none", () => {
    expect(isoDate(2027, 1, 5)).toBe("2027-01-05");
    expect(() => isoDate(2027, 13, 1)).toThrow(AssertionError);
    expect(() => isoDate(2027, 0, 1)).toThrow(AssertionError);
    expect(() => isoDate(2027, 1, 1.5)).toThrow(AssertionError);
  });
});
