import { describe, expect, it } from "vitest";
import { reasonError, withdrawalActions } from "./review-rules.ts";

describe("a rejection needs a reason, an approval does not", () => {
  it("refuses an empty or blank reason to reject", () => {
    expect(reasonError("reject", "")).toBe("REASON_REQUIRED");
    expect(reasonError("reject", "   ")).toBe("REASON_REQUIRED");
    expect(reasonError("reject", "Receipt unreadable")).toBeUndefined();
  });

  it("approves with or without a reason", () => {
    expect(reasonError("approve", "")).toBeUndefined();
    expect(reasonError("approve", "Matched bank statement")).toBeUndefined();
  });

  it("bounds any reason to what the server keeps", () => {
    expect(reasonError("reject", "x".repeat(501))).toEqual({ code: "TOO_LONG", max: 500 });
    expect(reasonError("approve", "x".repeat(501))).toEqual({ code: "TOO_LONG", max: 500 });
    expect(reasonError("reject", "x".repeat(500))).toBeUndefined();
  });
});

describe("maker–checker: whoever checked a withdrawal cannot approve it", () => {
  const me = "staff-a";
  const other = "staff-b";

  it("lets anyone check or reject a pending withdrawal, nobody approve it yet", () => {
    expect(withdrawalActions({ status: "pending", makerStaffId: null }, me)).toEqual({
      check: true,
      approve: false,
      reject: true,
      blockedAsMaker: false,
    });
  });

  it("lets another staff member approve a checked withdrawal", () => {
    expect(withdrawalActions({ status: "checked", makerStaffId: other }, me)).toEqual({
      check: false,
      approve: true,
      reject: true,
      blockedAsMaker: false,
    });
  });

  it("withholds approval from the checker, who may still reject", () => {
    expect(withdrawalActions({ status: "checked", makerStaffId: me }, me)).toEqual({
      check: false,
      approve: false,
      reject: true,
      blockedAsMaker: true,
    });
  });

  it("offers nothing once a withdrawal is approved or rejected", () => {
    for (const status of ["approved", "rejected"] as const) {
      expect(withdrawalActions({ status, makerStaffId: other }, me)).toEqual({
        check: false,
        approve: false,
        reject: false,
        blockedAsMaker: false,
      });
    }
  });
});
