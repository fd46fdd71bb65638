import { type BankCardType, bankCardTypeOf } from "@kabuto/shared/api/identity";
import { type MemberPurpose, memberPurposes } from "@kabuto/shared/ledger";
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

/**
 * The ledger's and the records' codes as staff read them, in the console's own catalog: what an
 * account of a member's money is for, a bank account's type, and what an audit entry or a
 * journal refers to (`deposit:12`). Tables typed over the closed lists, so a purpose added to
 * shared/src/ledger.ts does not compile here until it has its words; a code from a newer server
 * shows as itself. Journal kinds and audit actions are each product's (`code-words.ts`).
 */

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

function isMemberPurpose(purpose: string): purpose is MemberPurpose {
  return (memberPurposes as readonly string[]).includes(purpose);
}

/** A ledger account's purpose in words. */
export function purposeLabel(i18n: I18n, purpose: string): string {
  return isMemberPurpose(purpose) ? i18n._(purposeLabels[purpose]) : purpose;
}

export function cardTypeLabel(i18n: I18n, type: string): string {
  // A Japanese word (普通) is the type too: an English reader sees "Ordinary", never the stored word.
  const known = bankCardTypeOf(type);
  return known ? i18n._(cardTypeLabels[known]) : type;
}

/** `deposit:12` as "Deposit No. 12"; anything without a known noun as it was written. */
export function referenceLabel(i18n: I18n, reference: string): string {
  const colon = reference.indexOf(":");
  if (colon <= 0) return reference;
  const noun = reference.slice(0, colon);
  const label = Object.hasOwn(referenceLabels, noun) ? referenceLabels[noun] : undefined;
  return label ? i18n._(label(reference.slice(colon + 1))) : reference;
}
