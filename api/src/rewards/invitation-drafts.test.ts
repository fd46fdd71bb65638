import { describe, expect, it } from "vitest";
import { accountKey, assertBalanced } from "../ledger/journal.ts";
import { invitationRewardJournal } from "./invitation-drafts.ts";

const inviterId = "00000000-0000-4000-8000-000000000002";

describe("invitation reward", () => {
  it("pays the inviter's available yen from the house rewards account, naming the masked invitee", () => {
    const draft = invitationRewardJournal(inviterId, "090****5678", 1_000n);
    assertBalanced(draft);
    expect(draft).toMatchObject({
      kind: "reward",
      memberId: inviterId,
      ref: null,
      memo: "invitation reward: 090****5678 verified and made a first deposit",
      description: { code: "invitation_reward", params: { invitee: "090****5678" } },
    });
    expect(draft.postings.map((posting) => [accountKey(posting.account), posting.amount])).toEqual([
      ["house/rewards/JPY", -1_000n],
      [`${inviterId}/available/JPY`, 1_000n],
    ]);
  });

  it("has nothing to post for a reward the cap left at nothing", () => {
    expect(invitationRewardJournal(inviterId, "090****5678", 0n).postings).toEqual([]);
  });
});
