/**
 * Every action code the API writes to the audit log (`<noun>.<verb>`), kept apart from their
 * labels so a unit test can hold this list against the API's sources without Lingui's macros.
 * The label table is typed over this list, so a code without a label does not compile.
 */
export const auditActionCodes = [
  "kyc.approve",
  "kyc.reject",
  "deposit.approve",
  "deposit.reject",
  "withdrawal.check",
  "withdrawal.approve",
  "withdrawal.reject",
  "member.flags",
  "member.adjust",
  "channel.create",
  "channel.update",
  "config.set",
  "news.create",
  "news.update",
  "news.withdraw",
  "staff.create",
  "staff.disable",
  "staff.enable",
] as const;

export type AuditActionCode = (typeof auditActionCodes)[number];

const known: ReadonlySet<string> = new Set(auditActionCodes);

export function isAuditActionCode(action: string): action is AuditActionCode {
  return known.has(action);
}
