/**
 * Every action code the API writes to the audit log (`<noun>.<verb>`): one closed list for both
 * ends. The API's `recordAudit` takes only these, and the console's label table is typed over
 * them, so an action without a label, or a label for a code the API cannot write, does not
 * compile. A code the API stops writing stays listed: old rows still carry it.
 */
export const auditActionCodes = [
  "kyc.approve",
  "kyc.reject",
  "deposit.approve",
  "deposit.reject",
  "withdrawal.check",
  "withdrawal.approve",
  "withdrawal.reject",
  "loan.approve",
  "loan.reject",
  "credit.set",
  "daytrade.approve",
  "daytrade.reject",
  "member.flags",
  "member.adjust",
  "reward.reverse",
  "channel.create",
  "channel.update",
  "config.set",
  "news.create",
  "news.update",
  "news.withdraw",
  "staff.create",
  "staff.disable",
  "staff.enable",
  "support.reply",
  "offering.create",
  "offering.update",
  "offering.price",
  "offering.draw",
  "block.publish",
  "block.allot",
  "block.open",
  "block.approve",
  "block.reject",
  "lead.approve",
  "lead.reject",
  "lead.suspend",
] as const;

export type AuditActionCode = (typeof auditActionCodes)[number];

const known: ReadonlySet<string> = new Set(auditActionCodes);

export function isAuditActionCode(action: string): action is AuditActionCode {
  return known.has(action);
}
