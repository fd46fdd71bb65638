import type { Currency } from "@kabuto/shared/symbols";
import { houseAccount, type JournalDraft, memberAccount, transfer } from "../ledger/journal.ts";

/**
 * The journals of follow trading, decided here and only written by the repository. Every one
 * carries the copy's ref (`copy:<id>`), which is how the follower's single `copy` account is
 * shared out between their copies, and a coded remark naming the lead.
 */

export interface CopyRef {
  id: string;
  followerId: string;
  currency: Currency;
  /** The lead's nickname, for the remark. */
  lead: string;
}

type CopyAction = "in" | "out" | "mirror_open" | "mirror_close" | "share_paid" | "share_received";

function draft(
  copy: CopyRef,
  kind: JournalDraft["kind"],
  memberId: string,
  action: CopyAction,
  postings: JournalDraft["postings"],
): JournalDraft {
  if (postings.length === 0) throw new Error(`a ${kind} journal of nothing`);
  return {
    kind,
    memberId,
    ref: `copy:${copy.id}`,
    memo: null,
    description: { code: "copy", params: { lead: copy.lead, action } },
    postings,
  };
}

const available = (copy: CopyRef) => memberAccount(copy.followerId, "available", copy.currency);
const copyCash = (copy: CopyRef) => memberAccount(copy.followerId, "copy", copy.currency);

/** Money into the copy from available cash: starting it or adding to it. */
export function copyInJournal(copy: CopyRef, amount: bigint): JournalDraft {
  return draft(copy, "copy_in", copy.followerId, "in", transfer(available(copy), copyCash(copy), amount));
}

/** Money out of the copy to available cash: taking some out, or what is left at the stop. */
export function copyOutJournal(copy: CopyRef, amount: bigint): JournalDraft {
  return draft(copy, "copy_out", copy.followerId, "out", transfer(copyCash(copy), available(copy), amount));
}

/** The copy's cash paying for a mirrored opening: what the opening will take from available. */
export function mirrorFundJournal(copy: CopyRef, cost: bigint): JournalDraft {
  return draft(
    copy,
    "copy_mirror",
    copy.followerId,
    "mirror_open",
    transfer(copyCash(copy), available(copy), cost),
  );
}

/** A closed mirror's proceeds (margin back, plus or minus its result, less charges) back into the copy. */
export function mirrorProceedsJournal(copy: CopyRef, proceeds: bigint): JournalDraft {
  return draft(
    copy,
    "copy_mirror",
    copy.followerId,
    "mirror_close",
    transfer(available(copy), copyCash(copy), proceeds),
  );
}

/**
 * The lead's profit share: from the follower's copy to the house follow account, and on to the
 * lead's available cash. Two journals, so each member sees their side in their own fund records.
 */
export function profitShareJournals(copy: CopyRef, leadId: string, share: bigint): JournalDraft[] {
  const transit = houseAccount("follow", copy.currency);
  return [
    draft(copy, "profit_share", copy.followerId, "share_paid", transfer(copyCash(copy), transit, share)),
    draft(
      copy,
      "profit_share",
      leadId,
      "share_received",
      transfer(transit, memberAccount(leadId, "available", copy.currency), share),
    ),
  ];
}
