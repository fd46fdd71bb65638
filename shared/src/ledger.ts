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

/** Why a journal exists. Members see these in their fund records. */
export const journalKinds = [
  "deposit",
  /** A withdrawal request moves its amount from available to held; approval pays it out (`withdrawal`), rejection releases it. */
  "withdrawal_hold",
  "withdrawal",
  "withdrawal_release",
  "order_hold",
  "order_release",
  "open",
  "close",
  "margin_add",
  "margin_call",
  "fee",
  "tax",
  "adjustment",
  "fx",
  /** An approved credit loan: from the member's loan account (owed) to available cash. */
  "loan_draw",
  /** A day's interest on a loan: the member owes more, the house's loans account earns it. */
  "loan_interest",
  /** Available cash back to the loan account: interest first, then principal. */
  "loan_repayment",
  /** Reward cash (converted check-in points, invitation rewards): from the house rewards account. */
  "reward",
  /**
   * A dividend on a position held across an ex-date: a long receives it from the house dividends
   * account less the tax withheld (to the house tax account); a short pays it in full.
   */
  "dividend",
  /** A new share's winner pays: available → held until listing day. */
  "ipo_payment",
  /** Listing day: the paid hold becomes the allotted position's margin (held → margin). */
  "ipo_allotment",
  /** A block-trade application's money: available → held at once (shares × price + fee). */
  "block_hold",
  /** The hold back to available: before the fill, or on rejection, withdrawal or a lost draw. */
  "block_release",
  /** Money from available cash into a copy of a lead trader (starting it, or adding). */
  "copy_in",
  /** Money from a copy back to available cash (taking some out, or what is left when it stops). */
  "copy_out",
  /** A copy's cash paying for a mirrored opening (copy → available), or a mirror's proceeds back (available → copy). */
  "copy_mirror",
  /**
   * A lead's share of a copy's profit above its high-water mark: the follower's copy → house
   * follow, then house follow → the lead's available cash, one journal each, in one transaction.
   */
  "profit_share",
] as const;
export type JournalKind = (typeof journalKinds)[number];
