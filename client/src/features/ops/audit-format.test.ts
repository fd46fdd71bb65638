import { describe, expect, it } from "vitest";
import { auditChanges, auditTargetPath, auditValueText } from "./audit-format.ts";

describe("an audit row shows only what changed", () => {
  it("lists the fields whose values differ, old and new", () => {
    expect(
      auditChanges(
        { frozen: false, disabled: false, note: "x" },
        { frozen: true, disabled: false, note: "x" },
      ),
    ).toEqual([{ field: "frozen", before: "false", after: "true" }]);
  });

  it("lists a field that appears or disappears", () => {
    expect(auditChanges({ a: 1 }, { b: 2 })).toEqual([
      { field: "a", before: "1", after: null },
      { field: "b", before: null, after: "2" },
    ]);
  });

  it("lists every field of a creation", () => {
    expect(auditChanges(null, { login: "kato", role: "reviewer" })).toEqual([
      { field: "login", before: null, after: "kato" },
      { field: "role", before: null, after: "reviewer" },
    ]);
  });

  it("shows whole values when they are not both objects, and nothing when both are empty", () => {
    expect(auditChanges("pending", "approved")).toEqual([
      { field: null, before: "pending", after: "approved" },
    ]);
    expect(auditChanges(null, null)).toEqual([]);
    expect(auditChanges([1], [2])).toEqual([{ field: null, before: "[1]", after: "[2]" }]);
  });

  it("treats a missing field and a null one as the same", () => {
    expect(auditChanges({ status: "pending" }, { status: "rejected", journalId: null })).toEqual([
      { field: "status", before: "pending", after: "rejected" },
    ]);
  });

  it("compares nested values by content, not identity", () => {
    expect(auditChanges({ title: { ja: "a" } }, { title: { ja: "a" } })).toEqual([]);
  });
});

describe("money in an audit row reads in its currency's units, not in minor units", () => {
  const money = (minor: string, currency: string) => `${currency} ${minor}`;

  it("shows credit lines per currency through the money formatter", () => {
    expect(
      auditChanges(
        { score: 500, lines: { JPY: "0", USD: "0" } },
        { score: 700, lines: { JPY: "100000", USD: "500000" } },
        money,
      ),
    ).toEqual([
      { field: "score", before: "500", after: "700" },
      { field: "lines", before: "JPY 0 · USD 0", after: "JPY 100000 · USD 500000" },
    ]);
  });

  it("shows an amount beside its record's currency through the money formatter", () => {
    expect(
      auditChanges(
        { currency: "USD", available: "12345" },
        { currency: "USD", amount: "-500", available: "11845", reason: "fee refund" },
        money,
      ),
    ).toEqual([
      { field: "available", before: "USD 12345", after: "USD 11845" },
      { field: "amount", before: null, after: "USD -500" },
      { field: "reason", before: null, after: "fee refund" },
    ]);
  });

  it("leaves alone what is not money: other maps, amounts without a currency, decimals", () => {
    expect(auditChanges(null, { lines: { JPY: "1.5" }, amount: "7", title: { ja: "a" } }, money)).toEqual([
      { field: "lines", before: null, after: '{"JPY":"1.5"}' },
      { field: "amount", before: null, after: "7" },
      { field: "title", before: null, after: '{"ja":"a"}' },
    ]);
  });
});

describe("audit values read as short text", () => {
  it("keeps strings bare and writes the rest as JSON", () => {
    expect(auditValueText("abc")).toBe("abc");
    expect(auditValueText(12)).toBe("12");
    expect(auditValueText({ a: 1 })).toBe('{"a":1}');
    expect(auditValueText(undefined)).toBeNull();
  });

  it("cuts long values with an ellipsis", () => {
    const text = auditValueText("x".repeat(500));
    expect(text).toHaveLength(160);
    expect(text?.endsWith("…")).toBe(true);
  });
});

describe("an audit target links to its screen", () => {
  it("maps members, identity checks, deposits and withdrawals", () => {
    expect(auditTargetPath("deposit:12")).toBe("/ops/deposits/12");
    expect(auditTargetPath("withdrawal:3")).toBe("/ops/withdrawals/3");
    expect(auditTargetPath("kyc:9")).toBe("/ops/kyc/9");
    expect(auditTargetPath("member:6f1c2a9e-0000-4000-8000-000000000000")).toBe(
      "/ops/members/6f1c2a9e-0000-4000-8000-000000000000",
    );
  });

  it("gives nothing for targets without a screen or malformed ones", () => {
    expect(auditTargetPath("staff:1")).toBeUndefined();
    expect(auditTargetPath("config:title")).toBeUndefined();
    expect(auditTargetPath("deposit")).toBeUndefined();
    expect(auditTargetPath("")).toBeUndefined();
  });
});
