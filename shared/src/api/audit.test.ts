import { describe, expect, it } from "vitest";
import { auditActionCodes, isAuditActionCode } from "./audit.ts";

describe("audit action codes", () => {
  it("recognises every listed code, and each is a <noun>.<verb>", () => {
    for (const code of auditActionCodes) {
      expect(isAuditActionCode(code)).toBe(true);
      expect(code).toMatch(/^[a-z]+\.[a-z]+$/);
    }
  });

  it("treats unknown and malformed codes as unknown", () => {
    expect(isAuditActionCode("staff.delete")).toBe(false);
    expect(isAuditActionCode("")).toBe(false);
    expect(isAuditActionCode("toString")).toBe(false);
  });
});
