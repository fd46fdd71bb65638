import type {
  OpsMemberRewards,
  RewardReversal,
  RewardReversalRequest,
  RewardSettings,
} from "@kabuto/shared/api/rewards";
import { addDays } from "@kabuto/shared/market/iso-date";
import { zonedIsoDate } from "@kabuto/shared/market/zone-time";
import { usablePoints } from "@kabuto/shared/rewards/checkin";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import type { AccountEvents } from "../events/account-events.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { numericId } from "../ids.ts";
import { recordAudit } from "../kernel/audit.ts";
import { findMember, isMemberId } from "../kernel/members.repo.ts";
import type { StaffMember } from "../kernel/staff-sessions.ts";
import { houseAccount, memberAccount, transfer } from "../ledger/journal.ts";
import { lockAvailable, postJournal } from "../ledger/ledger.repo.ts";
import { invitationCounts } from "./invitations.repo.ts";
import { checkInCounts, insertReversal, memberRewardJournals, rewardJournal } from "./reward-ops.repo.ts";
import { pointTotals, rewardCashSince } from "./rewards.repo.ts";
import { type RewardTerms, rewardZone } from "./rewards.service.ts";

/**
 * Rewards in the operations console: the settings in effect (read-only: they are the server's
 * settings, not the editable public ones), a member's rewards, and taking a reward back.
 */
export class RewardOpsService {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly events: AccountEvents;
  private readonly terms: RewardTerms;

  constructor(deps: { db: Db; now: () => number; events?: AccountEvents | undefined; terms: RewardTerms }) {
    this.db = deps.db;
    this.now = deps.now;
    this.events = deps.events ?? (() => undefined);
    this.terms = deps.terms;
  }

  settings(): RewardSettings {
    const { dailyPoints, weeklyBonusPoints, pointsPerYen, convertMinimumPoints, expiryDays } = this.terms;
    return {
      dailyPoints,
      weeklyBonusPoints,
      pointsPerYen,
      convertMinimumPoints,
      expiryDays,
      yearMaxYen: this.terms.yearMaxYen,
      holdDays: this.terms.holdDays,
      inviteRewardYen: this.terms.inviteRewardYen,
      editable: false,
    };
  }

  async memberRewards(memberId: string): Promise<OpsMemberRewards> {
    if (!isMemberId(memberId) || !(await findMember(this.db, memberId)))
      throw new AppError("MEMBER_NOT_FOUND");
    const today = zonedIsoDate(rewardZone, this.now());
    const [checkIns, totals, cashThisYear, invites, rewards] = await Promise.all([
      checkInCounts(this.db, memberId),
      pointTotals(this.db, memberId, addDays(today, -this.terms.expiryDays)),
      rewardCashSince(this.db, memberId, `${today.slice(0, 4)}-01-01`),
      invitationCounts(this.db, memberId),
      memberRewardJournals(this.db, memberId),
    ]);
    const last = checkIns.last;
    return {
      checkIns: checkIns.count,
      lastCheckIn: last?.date ?? null,
      streak: last && (last.date === today || last.date === addDays(today, -1)) ? last.streak : 0,
      points: usablePoints(totals),
      cashThisYear: cashThisYear.toString(),
      invitees: invites.invitees,
      invitesRewarded: invites.rewarded,
      rewards,
    };
  }

  /**
   * Takes a reward back (abuse): an adjusting journal from the member's available cash to the
   * house rewards account, with the reason the member reads in their fund records, audited in
   * the same transaction. Each reward is reversed at most once (the table's key); a retry with
   * the same key replays the first answer.
   */
  async reverse(
    memberId: string,
    rewardJournalId: string,
    body: RewardReversalRequest,
    actor: StaffMember,
    context: { ip: string; claim?: Claim | undefined },
  ): Promise<Keyed<RewardReversal>> {
    if (!isMemberId(memberId)) throw new AppError("MEMBER_NOT_FOUND");
    const journalKey = numericId(rewardJournalId, "REWARD_NOT_FOUND");
    const nowMs = this.now();
    // Staff keys carry a space, so they never meet a member's own (as adjustments do).
    const claim = context.claim && { ...context.claim, key: `ops ${actor.id} ${context.claim.key}` };
    const result = await this.db.transaction(async (tx) => {
      if (!(await findMember(tx, memberId))) throw new AppError("MEMBER_NOT_FOUND");
      return underClaim(tx, memberId, claim, nowMs, async () => {
        // The member's cash row lock orders two reversals of one reward: the second sees the first.
        const available = await lockAvailable(tx, memberId, "JPY");
        const reward = await rewardJournal(tx, memberId, journalKey);
        if (!reward) throw new AppError("REWARD_NOT_FOUND");
        if (reward.reversed) throw new AppError("REWARD_ALREADY_REVERSED");
        if (available < reward.yen) {
          throw new AppError("INSUFFICIENT_BALANCE", { available: available.toString(), currency: "JPY" });
        }
        const journalId = await postJournal(
          tx,
          {
            kind: "adjustment",
            memberId,
            ref: null,
            // Staff's reason, which the member reads beside the coded description.
            memo: body.reason,
            description: { code: "reward_reversal", params: { rewardJournalId: String(journalKey) } },
            postings: transfer(
              memberAccount(memberId, "available", "JPY"),
              houseAccount("rewards", "JPY"),
              reward.yen,
            ),
          },
          nowMs,
        );
        await insertReversal(tx, {
          rewardJournalId: journalKey,
          memberId,
          journalId,
          yen: reward.yen,
          staffId: actor.id,
          reason: body.reason,
          date: zonedIsoDate(rewardZone, nowMs),
          nowMs,
        });
        const reversal: RewardReversal = {
          journalId: String(journalId),
          rewardJournalId: String(journalKey),
          memberId,
          yen: reward.yen.toString(),
          reason: body.reason,
          createdAtMs: nowMs,
        };
        await recordAudit(tx, {
          staffId: actor.id,
          action: "reward.reverse",
          target: `member:${memberId}`,
          before: { rewardJournalId: String(journalKey), available: available.toString() },
          after: { ...reversal, available: (available - reward.yen).toString() },
          reason: body.reason,
          ip: context.ip,
          atMs: nowMs,
        });
        return reversal;
      });
    });
    if (!result.replayed) this.events(memberId, { type: "balance", id: "JPY" });
    return result;
  }
}
