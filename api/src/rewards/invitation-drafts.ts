import { houseAccount, type JournalDraft, memberAccount, transfer } from "../ledger/journal.ts";

/**
 * The invitation reward's journal: `yen` from the house rewards account to the inviter's
 * available cash, described by the invitee's masked phone number. The caller posts it only
 * when the year's cap leaves something to pay.
 */
export function invitationRewardJournal(inviterId: string, maskedInvitee: string, yen: bigint): JournalDraft {
  return {
    kind: "reward",
    memberId: inviterId,
    ref: null,
    memo: `invitation reward: ${maskedInvitee} verified and made a first deposit`,
    description: { code: "invitation_reward", params: { invitee: maskedInvitee } },
    postings: transfer(houseAccount("rewards", "JPY"), memberAccount(inviterId, "available", "JPY"), yen),
  };
}
