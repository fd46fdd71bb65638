import { describe, expect, it } from "vitest";
import { mapOneRow, mapRows, RawRow } from "./raw-rows.ts";

describe("reading raw rows", () => {
  it("reads an integer whichever way the driver hands it over", () => {
    for (const value of [42, "42", 42n]) expect(new RawRow({ n: value }).int("n")).toBe(42);
    expect(new RawRow({ n: "-7" }).int("n")).toBe(-7);
  });

  it("refuses an integer that is not one, or too large for a number", () => {
    for (const value of [1.5, "1.5", "", "12a", null, undefined, 2n ** 60n, "9007199254740993", true]) {
      expect(() => new RawRow({ n: value }).int("n")).toThrow(/column n/);
    }
  });

  it("keeps every digit of a bigint", () => {
    expect(new RawRow({ m: "9007199254740993" }).bigint("m")).toBe(9007199254740993n);
    expect(new RawRow({ m: 2n ** 62n }).bigint("m")).toBe(2n ** 62n);
    expect(new RawRow({ m: -5 }).bigint("m")).toBe(-5n);
    expect(() => new RawRow({ m: "1e3" }).bigint("m")).toThrow(/column m/);
    expect(() => new RawRow({ m: null }).bigint("m")).toThrow(/column m/);
  });

  it("reads null as null only where the column may be null", () => {
    const row = new RawRow({ a: null, b: "x" });
    expect(row.textOrNull("a")).toBeNull();
    expect(row.intOrNull("a")).toBeNull();
    expect(row.textOrNull("b")).toBe("x");
    expect(() => row.text("a")).toThrow(/column a/);
    expect(() => new RawRow({ a: 1 }).text("a")).toThrow(/column a/);
  });

  it("finds rows under `rows` or as the result itself", () => {
    const read = (row: RawRow) => row.text("s");
    expect(mapRows({ rows: [{ s: "a" }, { s: "b" }] }, read)).toEqual(["a", "b"]);
    expect(mapRows([{ s: "c" }], read)).toEqual(["c"]);
    expect(mapOneRow({ rows: [{ s: "d" }] }, read)).toBe("d");
    expect(() => mapOneRow({ rows: [] }, read)).toThrow();
  });

  it("reads booleans, one-of texts and currencies, refusing anything else", () => {
    for (const value of [true, "t"]) expect(new RawRow({ b: value }).bool("b")).toBe(true);
    for (const value of [false, "f"]) expect(new RawRow({ b: value }).bool("b")).toBe(false);
    for (const value of [null, 1, "true", undefined]) {
      expect(() => new RawRow({ b: value }).bool("b")).toThrow(/column b/);
    }
    const statuses = ["pending", "approved"] as const;
    expect(new RawRow({ s: "approved" }).oneOf("s", statuses)).toBe("approved");
    expect(() => new RawRow({ s: "lost" }).oneOf("s", statuses)).toThrow(/column s/);
    expect(() => new RawRow({ s: null }).oneOf("s", statuses)).toThrow(/column s/);
    expect(new RawRow({ c: "JPY" }).currency("c")).toBe("JPY");
    for (const value of ["XXX", "jpy", null, 1]) {
      expect(() => new RawRow({ c: value }).currency("c")).toThrow(/column c/);
    }
  });

  it("answers minor amounts as every digit of the integer", () => {
    for (const value of ["9007199254740993", 9007199254740993n]) {
      expect(new RawRow({ m: value }).minor("m")).toBe("9007199254740993");
    }
    expect(new RawRow({ m: -120 }).minor("m")).toBe("-120");
    expect(() => new RawRow({ m: "12.5" }).minor("m")).toThrow(/column m/);
  });
});
