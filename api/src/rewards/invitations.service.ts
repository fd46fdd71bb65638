import type { Invitations } from "@kabuto/shared/api/rewards";
import { zonedIsoDate } from "@kabuto/shared/market/zone-time";
import { inviteRewardYen, maskPhone, rewardEarned } from "@kabuto/shared/rewards/invitations";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { MemberEvent } from "../events/account-events.ts";
import { lockMember } from "../kernel/members.repo.ts";
import { postJournal, type Tx } from "../ledger/ledger.repo.ts";
import { invitationRewardJournal } from "./invitation-drafts.ts";
import { insertInvitationReward, inviteCodeOf, inviteesOf, lockInvitee } from "./invitations.repo.ts";
import { rewardCashSince } from "./rewards.repo.ts";
import { rewardZone } from "./rewards.service.ts";

/**
 * Invitations and the invitation reward. An invited member who is verified and has made a first
 * deposit, in either order, earns their inviter `inviteRewardYen` once, as a `reward` journal
 * from the house rewards account, within the inviter's yearly reward-cash cap.
 *
 * The reward is decided inside the transaction that approves the verification or the deposit
 * (`payIfEarned`), never after it: it commits with the approval or not at all, so it can be
 * neither lost between two steps nor paid by both. The invitee's row lock orders the two
 * approvals, and `invitation_rewards`' primary key (the invitee) refuses a second reward.
 */
export class InvitationsService {
  private readonly db: Db;
  private readonly terms: { inviteRewardYen: number; yearMaxYen: number };

  constructor(deps: {
    db: Db;
    terms: { inviteRewardYen: number; yearMaxYen: number };
  }) {
    this.db = deps.db;
    this.terms = deps.terms;
  }

  /** The member's code, the reward a completed invitation pays, and who they invited. */
  async list(memberId: string): Promise<Invitations> {
    const code = await inviteCodeOf(this.db, memberId);
    if (code === undefined) throw new AppError("UNAUTHENTICATED");
    const invitees = await inviteesOf(this.db, memberId);
    return {
      code,
      rewardYen: this.terms.inviteRewardYen,
      invitees: invitees.map((row) => ({
        account: maskPhone(row.account),
        registeredAtMs: row.registeredAtMs,
        verified: row.verified,
        firstDeposit: row.firstDeposit,
        rewardYen: row.rewardYen === null ? null : row.rewardYen.toString(),
        rewardAtMs: row.rewardAtMs,
        rewardReversed: row.rewardReversed,
      })),
    };
  }

  /**
   * Called inside the transaction that verified `inviteeId` or approved their deposit: pays the
   * inviter if the invitee has now done both and has not earned the reward before. A reward the
   * year's cap leaves nothing of is recorded as paid with ¥0, so it is not paid later either.
   * Returns the inviter's balance event, for the caller's `transactThenEmit` to send on commit.
   */
  async payIfEarned(tx: Tx, inviteeId: string, nowMs: number): Promise<MemberEvent[]> {
    const invitee = await lockInvitee(tx, inviteeId);
    if (!invitee?.invitedBy || invitee.rewarded || !rewardEarned(invitee)) return [];
    const inviterId = invitee.invitedBy;
    // The inviter's lock orders this against their conversions and other rewards: the cap holds.
    await lockMember(tx, inviterId);
    const today = zonedIsoDate(rewardZone, nowMs);
    const paidThisYear = await rewardCashSince(tx, inviterId, `${today.slice(0, 4)}-01-01`);
    const yen = BigInt(
      inviteRewardYen(this.terms.inviteRewardYen, Number(BigInt(this.terms.yearMaxYen) - paidThisYear)),
    );
    const journalId =
      yen > 0n
        ? await postJournal(tx, invitationRewardJournal(inviterId, maskPhone(invitee.account), yen), nowMs)
        : null;
    await insertInvitationReward(tx, { inviteeId, inviterId, yen, journalId, date: today, nowMs });
    return yen > 0n ? [{ memberId: inviterId, event: { type: "balance", id: "JPY" } }] : [];
  }
}
