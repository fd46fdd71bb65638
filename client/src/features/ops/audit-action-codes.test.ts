import { reviewDecisionSchema } from "@kabuto/shared";
import { describe, expect, it } from "vitest";
import { auditActionCodes, isAuditActionCode } from "./audit-action-codes.ts";

/**
 * The API's sources, as text: every `recordAudit` call names its action there. Reading them
 * here (no import, no I/O at run time beyond the bundler's) keeps the client's list honest.
 */
const apiSources = import.meta.glob<string>(["../../../../api/src/**/*.ts", "!**/*.test.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/** `action: "kyc.approve"`, `action: approve ? "a.b" : "a.c"`, and `action: \`deposit.${decision}\``. */
function actionsIn(source: string): string[] {
  const found: string[] = [];
  for (const [, expression = ""] of source.matchAll(/\baction:\s*([^,\n]+),/g)) {
    for (const [, code = ""] of expression.matchAll(/"([a-z_]+\.[a-z_]+)"/g)) found.push(code);
    const template = /^`([a-z_]+)\.\$\{[^}]*decision[^}]*\}`$/.exec(expression.trim());
    // A decision's verb is one of the shared review decisions.
    if (template)
      for (const verb of reviewDecisionSchema.shape.decision.options) found.push(`${template[1]}.${verb}`);
  }
  return found;
}

const emitted = new Set(
  Object.entries(apiSources)
    .filter(([, source]) => source.includes("recordAudit("))
    .flatMap(([, source]) => actionsIn(source)),
);

describe("every audit action the API records has a label", () => {
  it("finds the API's audit calls at all (the scan itself works)", () => {
    expect(emitted.size).toBeGreaterThanOrEqual(10);
    expect(emitted.has("staff.create")).toBe(true);
    expect(emitted.has("deposit.approve")).toBe(true);
  });

  it("knows every code the API emits", () => {
    expect([...emitted].filter((code) => !isAuditActionCode(code))).toEqual([]);
  });

  it("lists no code the API no longer emits", () => {
    expect(auditActionCodes.filter((code) => !emitted.has(code))).toEqual([]);
  });

  it("treats unknown and malformed codes as unknown", () => {
    expect(isAuditActionCode("staff.delete")).toBe(false);
    expect(isAuditActionCode("")).toBe(false);
    expect(isAuditActionCode("toString")).toBe(false);
  });
});
