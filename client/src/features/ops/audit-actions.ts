import { type AuditActionCode, isAuditActionCode } from "@kabuto/shared/api/audit";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/** What each audit action reads as in the log: staff scan for what happened, not for codes. */
const actionLabels: Record<AuditActionCode, MessageDescriptor> = {
  "kyc.approve": msg({ message: "Identity check approved", context: "audit action" }),
  "kyc.reject": msg({ message: "Identity check rejected", context: "audit action" }),
  "deposit.approve": msg({ message: "Deposit approved", context: "audit action" }),
  "deposit.reject": msg({ message: "Deposit rejected", context: "audit action" }),
  "withdrawal.check": msg({ message: "Withdrawal prepared for approval", context: "audit action" }),
  "withdrawal.approve": msg({ message: "Withdrawal approved", context: "audit action" }),
  "withdrawal.reject": msg({ message: "Withdrawal rejected", context: "audit action" }),
  "loan.approve": msg({ message: "Loan approved", context: "audit action" }),
  "loan.reject": msg({ message: "Loan rejected", context: "audit action" }),
  "credit.set": msg({ message: "Credit score and lines set", context: "audit action" }),
  "daytrade.approve": msg({ message: "Day-trading application approved", context: "audit action" }),
  "daytrade.reject": msg({ message: "Day-trading application rejected", context: "audit action" }),
  "member.flags": msg({ message: "Account restrictions changed", context: "audit action" }),
  "member.adjust": msg({ message: "Balance adjusted", context: "audit action" }),
  "reward.reverse": msg({ message: "Reward taken back", context: "audit action" }),
  "channel.create": msg({ message: "Deposit channel added", context: "audit action" }),
  "channel.update": msg({ message: "Deposit channel changed", context: "audit action" }),
  "config.set": msg({ message: "Setting changed", context: "audit action" }),
  "news.create": msg({ message: "News item created", context: "audit action" }),
  "news.update": msg({ message: "News item edited", context: "audit action" }),
  "news.withdraw": msg({ message: "News item withdrawn", context: "audit action" }),
  "staff.create": msg({ message: "Staff account created", context: "audit action" }),
  "staff.disable": msg({ message: "Staff account disabled", context: "audit action" }),
  "staff.enable": msg({ message: "Staff account enabled", context: "audit action" }),
  "support.reply": msg({ message: "Support reply sent", context: "audit action" }),
  "offering.create": msg({ message: "New share offering created", context: "audit action" }),
  "offering.update": msg({ message: "New share offering edited", context: "audit action" }),
  "offering.price": msg({ message: "New share offer price set", context: "audit action" }),
  "offering.draw": msg({ message: "New share draw run", context: "audit action" }),
  "block.publish": msg({ message: "Block offering published", context: "audit action" }),
  "block.allot": msg({ message: "Block offering drawn and allotted", context: "audit action" }),
  "block.open": msg({ message: "Stock opened to negotiated bids", context: "audit action" }),
  "block.approve": msg({ message: "Negotiated bid approved", context: "audit action" }),
  "block.reject": msg({ message: "Negotiated bid rejected", context: "audit action" }),
  "lead.approve": msg({ message: "Lead trader approved", context: "audit action" }),
  "lead.reject": msg({ message: "Lead trader rejected", context: "audit action" }),
  "lead.suspend": msg({ message: "Lead trader suspended", context: "audit action" }),
  "proof.snapshot": msg({ message: "Proof of liabilities snapshot taken", context: "audit action" }),
};

/**
 * The action in the reader's language. A code this client does not know yet (a newer server)
 * shows as itself, which still says more than nothing.
 */
export function auditActionLabel(i18n: I18n, action: string): string {
  return isAuditActionCode(action) ? i18n._(actionLabels[action]) : action;
}
