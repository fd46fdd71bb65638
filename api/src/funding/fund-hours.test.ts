import { isDeskOpen } from "@kabuto/shared/market/desk-hours";
import { describe, expect, it } from "vitest";
import { parseFundHours } from "./fund-hours.ts";

/** An instant given as Tokyo wall-clock time (UTC+9, no daylight saving). */
const tokyo = (isoLocal: string) => Date.parse(`${isoLocal}+09:00`);

describe("fund hours", () => {
  const spec = parseFundHours("09:30-19:30");

  it("are open from the start of the window, up to but not at its end, on a TSE business day", () => {
    // Wednesday 18 November 2026.
    expect(isDeskOpen(spec, tokyo("2026-11-18T09:29:59"))).toBe(false);
    expect(isDeskOpen(spec, tokyo("2026-11-18T09:30:00"))).toBe(true);
    expect(isDeskOpen(spec, tokyo("2026-11-18T19:29:59"))).toBe(true);
    expect(isDeskOpen(spec, tokyo("2026-11-18T19:30:00"))).toBe(false);
  });

  it("use Tokyo time whatever the instant's UTC date", () => {
    // 00:30 UTC on Wednesday is 09:30 in Tokyo; 10:29 UTC is 19:29.
    expect(isDeskOpen(spec, Date.parse("2026-11-18T00:30:00Z"))).toBe(true);
    expect(isDeskOpen(spec, Date.parse("2026-11-18T10:29:00Z"))).toBe(true);
    expect(isDeskOpen(spec, Date.parse("2026-11-18T10:30:00Z"))).toBe(false);
  });

  it("are closed on weekends, Japanese holidays and the TSE year-end days", () => {
    expect(isDeskOpen(spec, tokyo("2026-11-21T12:00:00"))).toBe(false); // Saturday
    expect(isDeskOpen(spec, tokyo("2026-11-23T12:00:00"))).toBe(false); // Labour Thanksgiving Day
    expect(isDeskOpen(spec, tokyo("2026-12-31T12:00:00"))).toBe(false); // a Thursday, TSE closed
    expect(isDeskOpen(spec, tokyo("2027-01-04T12:00:00"))).toBe(true); // first business day
  });

  it("are always open when configured so", () => {
    expect(isDeskOpen(parseFundHours("always"), tokyo("2026-11-21T03:00:00"))).toBe(true);
  });

  it("may run to midnight", () => {
    const late = parseFundHours("20:00-24:00");
    expect(isDeskOpen(late, tokyo("2026-11-18T23:59:59"))).toBe(true);
    expect(isDeskOpen(late, tokyo("2026-11-19T00:00:00"))).toBe(false);
  });

  it("refuse a window that ends before it starts, runs past midnight or is malformed", () => {
    expect(() => parseFundHours("19:30-09:30")).toThrow();
    expect(() => parseFundHours("09:30-09:30")).toThrow();
    expect(() => parseFundHours("09:30-24:30")).toThrow();
    expect(() => parseFundHours("9:30-19:30")).toThrow();
    expect(() => parseFundHours("sometimes")).toThrow();
  });
});
