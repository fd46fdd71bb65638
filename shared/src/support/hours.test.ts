import { describe, expect, it } from "vitest";
import { deskAvailability } from "../market/desk-hours.ts";
import { parseSupportHours } from "./hours.ts";

const hours = parseSupportHours("09:00-18:00");
/** Tokyo wall-clock time as epoch ms (Tokyo has no daylight saving: UTC+9). */
const tokyo = (date: string, time: string) => Date.parse(`${date}T${time}:00+09:00`);

describe("support hours", () => {
  it("are open inside the window on a business day, its start included and its end excluded", () => {
    expect(deskAvailability(hours, tokyo("2026-06-09", "09:00"))).toEqual({ open: true });
    expect(deskAvailability(hours, tokyo("2026-06-09", "17:59"))).toEqual({ open: true });
    expect(deskAvailability(hours, tokyo("2026-06-09", "18:00"))).toEqual({
      open: false,
      nextOpenMs: tokyo("2026-06-10", "09:00"),
    });
  });

  it("name the same morning before the window, and skip weekends and the exchange's holidays", () => {
    expect(deskAvailability(hours, tokyo("2026-06-09", "07:30"))).toEqual({
      open: false,
      nextOpenMs: tokyo("2026-06-09", "09:00"),
    });
    // Friday evening: Monday morning.
    expect(deskAvailability(hours, tokyo("2026-06-12", "20:00"))).toEqual({
      open: false,
      nextOpenMs: tokyo("2026-06-15", "09:00"),
    });
    // New Year: the exchange is closed 31 Dec to 3 Jan; 2027-01-04 is a Monday.
    expect(deskAvailability(hours, tokyo("2026-12-30", "19:00"))).toEqual({
      open: false,
      nextOpenMs: tokyo("2027-01-04", "09:00"),
    });
  });

  it("may be always, and refuse a window that ends before it starts", () => {
    expect(deskAvailability(parseSupportHours("always"), 0)).toEqual({ open: true });
    expect(() => parseSupportHours("18:00-09:00")).toThrow();
    expect(() => parseSupportHours("9-18")).toThrow();
  });
});
