import { describe, expect, it } from "vitest";
import { journalMemoSchema } from "./api/journal-memo.ts";
import { auditActionCodes, codesOfProducts, errorCodes, errorStatus, journalKinds } from "./codes.ts";
import { type ErrorCode, isErrorCode } from "./errors.ts";

describe("the products' codes", () => {
  it("gives every error code of every product its HTTP status", () => {
    for (const codes of codesOfProducts) {
      for (const [code, status] of Object.entries(codes.errors)) {
        expect(code).toMatch(/^[A-Z][A-Z_]*$/);
        expect(errorStatus[code as ErrorCode]).toBe(status);
        expect(status >= 400 && status < 600).toBe(true);
      }
    }
    expect(errorCodes.length).toBe(Object.keys(errorStatus).length);
    expect(isErrorCode("LOAN_NOT_FOUND")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
  });

  it("names audit actions <noun>.<verb> and journal kinds in snake case, each once", () => {
    expect(new Set(auditActionCodes).size).toBe(auditActionCodes.length);
    for (const code of auditActionCodes) expect(code).toMatch(/^[a-z]+\.[a-z]+$/);
    expect(new Set(journalKinds).size).toBe(journalKinds.length);
    for (const kind of journalKinds) expect(kind).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it("reads a journal description of any product, and refuses one no product declares", () => {
    expect(journalMemoSchema.parse({ code: "loan_interest_day", params: { date: "2026-11-27" } })).toEqual({
      code: "loan_interest_day",
      params: { date: "2026-11-27" },
    });
    expect(journalMemoSchema.parse({ code: "purchase_fee", params: {} }).code).toBe("purchase_fee");
    expect(journalMemoSchema.safeParse({ code: "cash_gift", params: {} }).success).toBe(false);
  });

  it("types error codes as the closed list", () => {
    const known: ErrorCode = "BLOCK_CLOSED";
    // @ts-expect-error: no product declares this code
    const unknown: ErrorCode = "NO_SUCH_CODE";
    expect([known, unknown]).toHaveLength(2);
  });
});
