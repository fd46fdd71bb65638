/**
 * The ledger's closed lists that screens name in words: the purposes of a member's money and why
 * a journal exists. The API decides and writes journals (api/src/ledger/journal.ts); the member's
 * fund records and the operations console label every one of these, typed over these lists, so
 * a kind added here does not compile there until it has its words.
 */

/**
 * A member's money by purpose: spendable, held for pending orders, posted as margin, owed to the
 * house after a loss (`deficit`), owed on credit loans (`loan`), put into copies of lead traders
 * (`copy`, shared out between the member's copies by the journals' `copy:<id>` refs). `deficit`
 * and `loan` are negative by what is owed.
 */
export const memberPurposes = ["available", "held", "margin", "deficit", "loan", "copy"] as const;
export type MemberPurpose = (typeof memberPurposes)[number];

/**
 * Why a journal exists, each kind declared by the product whose money movement it is
 * (`api/<product>.codes.ts`). Members see these in their fund records.
 */
export { type JournalKind, journalKinds } from "./codes.ts";
