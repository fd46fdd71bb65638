import { type BankCardType, isBankCardType } from "@kabuto/shared/api/identity";
import { type JournalKind, journalKinds, type MemberPurpose, memberPurposes } from "@kabuto/shared/ledger";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The ledger's and the records' codes as staff read them, in the console's own catalog: why a
 * journal exists, what an account of a member's money is for, a bank account's type, and what
 * an audit entry or a journal refers to (`deposit:12`). Tables typed over the closed lists, so a
 * kind added to shared/src/ledger.ts does not compile here until it has its words; a code from a
 * newer server shows as itself.
 */

const journalKindLabels: Record<JournalKind, MessageDescriptor> = {
  deposit: msg({ message: "Deposit", context: "journal" }),
  withdrawal_hold: msg({ message: "Withdrawal requested (held)", context: "journal" }),
  withdrawal: msg({ message: "Withdrawal paid", context: "journal" }),
  withdrawal_release: msg({ message: "Withdrawal released", context: "journal" }),
  order_hold: msg({ message: "Order hold", context: "journal" }),
  order_release: msg({ message: "Order hold released", context: "journal" }),
  open: msg({ message: "Position opened", context: "journal" }),
  close: msg({ message: "Position closed", context: "journal" }),
  margin_add: msg({ message: "Margin added", context: "journal" }),
  margin_call: msg({ message: "Margin call", context: "journal" }),
  fee: msg({ message: "Fee", context: "journal" }),
  tax: msg({ message: "Tax", context: "journal" }),
  adjustment: msg({ message: "Adjustment", context: "journal" }),
  fx: msg({ message: "Currency exchange", context: "journal" }),
  loan_draw: msg({ message: "Loan paid out", context: "journal" }),
  loan_interest: msg({ message: "Loan interest", context: "journal" }),
  loan_repayment: msg({ message: "Loan repaid", context: "journal" }),
  reward: msg({ message: "Reward", context: "journal" }),
  dividend: msg({ message: "Dividend", context: "journal" }),
  ipo_payment: msg({ message: "New share paid (held)", context: "journal" }),
  ipo_allotment: msg({ message: "New share allotted", context: "journal" }),
  block_hold: msg({ message: "Block trade held", context: "journal" }),
  block_release: msg({ message: "Block trade hold released", context: "journal" }),
  copy_in: msg({ message: "Money into a copy", context: "journal" }),
  copy_out: msg({ message: "Money out of a copy", context: "journal" }),
  copy_mirror: msg({ message: "Mirrored trade of a copy", context: "journal" }),
  profit_share: msg({ message: "Profit share", context: "journal" }),
};

const purposeLabels: Record<MemberPurpose, MessageDescriptor> = {
  available: msg({ message: "Available", context: "ledger purpose" }),
  held: msg({ message: "Held", context: "ledger purpose" }),
  margin: msg({ message: "Margin", context: "ledger purpose" }),
  deficit: msg({ message: "Owed", context: "ledger purpose" }),
  loan: msg({ message: "Loan owed", context: "ledger purpose" }),
  copy: msg({ message: "In copies", context: "ledger purpose" }),
};

const cardTypeLabels: Record<BankCardType, MessageDescriptor> = {
  ordinary: msg({ message: "Ordinary", context: "bank account type" }),
  current: msg({ message: "Current", context: "bank account type" }),
  savings: msg({ message: "Savings", context: "bank account type" }),
};

/**
 * What an audit target or a journal's reference names, by the noun before its colon, given what
 * follows it. Targets come from the audit log, references from the ledger.
 */
const referenceLabels: Record<string, (id: string) => MessageDescriptor> = {
  member: (id) => msg({ message: `Member ${id}`, context: "reference" }),
  kyc: (id) => msg({ message: `Identity check No. ${id}`, context: "reference" }),
  deposit: (id) => msg({ message: `Deposit No. ${id}`, context: "reference" }),
  withdrawal: (id) => msg({ message: `Withdrawal No. ${id}`, context: "reference" }),
  loan: (id) => msg({ message: `Loan No. ${id}`, context: "reference" }),
  day_trade: (id) => msg({ message: `Day-trading application No. ${id}`, context: "reference" }),
  offering: (id) => msg({ message: `New share offering No. ${id}`, context: "reference" }),
  ipo_subscription: (id) => msg({ message: `New share subscription No. ${id}`, context: "reference" }),
  block_offering: (id) => msg({ message: `Block offering No. ${id}`, context: "reference" }),
  block_instrument: (id) => msg({ message: `Negotiated bids on ${id}`, context: "reference" }),
  block_application: (id) => msg({ message: `Block trade application No. ${id}`, context: "reference" }),
  news: (id) => msg({ message: `News item No. ${id}`, context: "reference" }),
  recharge_channel: (id) => msg({ message: `Deposit channel No. ${id}`, context: "reference" }),
  staff: (id) => msg({ message: `Staff account No. ${id}`, context: "reference" }),
  config: (id) => msg({ message: `Setting ${id}`, context: "reference" }),
  order: (id) => msg({ message: `Order No. ${id}`, context: "reference" }),
  position: (id) => msg({ message: `Position No. ${id}`, context: "reference" }),
  copy: (id) => msg({ message: `Copy No. ${id}`, context: "reference" }),
  fx_quote: (id) => msg({ message: `Exchange quote ${id}`, context: "reference" }),
  proof: (id) => msg({ message: `Proof of liabilities snapshot No. ${id}`, context: "reference" }),
};

function isJournalKind(kind: string): kind is JournalKind {
  return (journalKinds as readonly string[]).includes(kind);
}

function isMemberPurpose(purpose: string): purpose is MemberPurpose {
  return (memberPurposes as readonly string[]).includes(purpose);
}

export function journalKindLabel(i18n: I18n, kind: string): string {
  return isJournalKind(kind) ? i18n._(journalKindLabels[kind]) : kind;
}

/** A ledger account's purpose in words. */
export function purposeLabel(i18n: I18n, purpose: string): string {
  return isMemberPurpose(purpose) ? i18n._(purposeLabels[purpose]) : purpose;
}

export function cardTypeLabel(i18n: I18n, type: string): string {
  return isBankCardType(type) ? i18n._(cardTypeLabels[type]) : type;
}

/** `deposit:12` as "Deposit No. 12"; anything without a known noun as it was written. */
export function referenceLabel(i18n: I18n, reference: string): string {
  const colon = reference.indexOf(":");
  if (colon <= 0) return reference;
  const noun = reference.slice(0, colon);
  const label = Object.hasOwn(referenceLabels, noun) ? referenceLabels[noun] : undefined;
  return label ? i18n._(label(reference.slice(colon + 1))) : reference;
}
