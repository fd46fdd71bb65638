import { type AuditActionCode, auditActionCodes } from "../codes.ts";

/**
 * Every action code the API writes to the audit log (`<noun>.<verb>`), each declared by its
 * product's codes: one closed list for both ends. The API's `recordAudit` takes only these, and
 * the console's label table is typed over them, so an action without a label, or a label for a
 * code the API cannot write, does not compile. A code the API stops writing stays listed: old
 * rows still carry it.
 */
export { type AuditActionCode, auditActionCodes };

const known: ReadonlySet<string> = new Set(auditActionCodes);

export function isAuditActionCode(action: string): action is AuditActionCode {
  return known.has(action);
}
