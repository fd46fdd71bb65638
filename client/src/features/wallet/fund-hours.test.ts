import { describe, expect, it } from "vitest";
import { parseFundHours } from "./fund-hours.ts";

describe("parseFundHours", () => {
  it("reads a Tokyo-time window", () => {
    expect(parseFundHours("09:30-19:30")).toEqual({ kind: "window", open: "09:30", close: "19:30" });
  });

  it("reads always", () => {
    expect(parseFundHours("always")).toEqual({ kind: "always" });
  });

  it("leaves anything else undefined", () => {
    expect(parseFundHours("")).toBeUndefined();
    expect(parseFundHours("9:30-19:30")).toBeUndefined();
    expect(parseFundHours("weekdays")).toBeUndefined();
  });
});
