import type {
  CheckInResult,
  CheckInTermsWire,
  RewardConversion,
  RewardsSummary,
} from "@kabuto/shared/api/rewards";
import { addDays } from "@kabuto/shared/market/iso-date";
import { zonedIsoDate } from "@kabuto/shared/market/zone-time";
import {
  type CheckInTerms,
  checkInPoints,
  conversion,
  nextStreak,
  usablePoints,
} from "@kabuto/shared/rewards/checkin";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { type AccountEvents, type MemberEvent, transactThenEmit } from "../events/account-events.ts";
import { type Claim, type Keyed, underClaim } from "../idempotency/claims.ts";
import { lockMember } from "../kernel/members.repo.ts";
import { houseAccount, memberAccount, transfer } from "../ledger/journal.ts";
import { postJournal, type Tx } from "../ledger/ledger.repo.ts";
import {
  insertCheckIn,
  insertConversion,
  lastCheckIn,
  pointTotals,
  rewardCashSince,
  rewardHistory,
} from "./rewards.repo.ts";

/** Check-in days are Tokyo days, like the house's books. */
export const rewardZone = "Asia/Tokyo";

export interface RewardTerms extends CheckInTerms {
  /** The most reward cash a member receives in a Tokyo calendar year, yen. */
  yearMaxYen: number;
  holdDays: number;
  /** Yen a completed invitation pays the inviter. */
  inviteRewardYen: number;
}

/** "10,40,10,1000,730" (CHECKIN_TERMS) and the cash cap and hold into the terms. */
export function parseRewardTerms(config: {
  CHECKIN_TERMS: string;
  REWARD_YEAR_MAX_JPY: number;
  REWARD_HOLD_DAYS: number;
  INVITE_REWARD_JPY: number;
}): RewardTerms {
  const [dailyPoints, weeklyBonusPoints, pointsPerYen, convertMinimumPoints, expiryDays] =
    config.CHECKIN_TERMS.split(",").map(Number);
  if (
    dailyPoints === undefined ||
    weeklyBonusPoints === undefined ||
    !pointsPerYen ||
    convertMinimumPoints === undefined ||
    !expiryDays
  ) {
    throw new Error("CHECKIN_TERMS: points, bonus, points per yen (≥1), minimum, expiry days (≥1)");
  }
  return {
    dailyPoints,
    weeklyBonusPoints,
    pointsPerYen,
    convertMinimumPoints,
    expiryDays,
    yearMaxYen: config.REWARD_YEAR_MAX_JPY,
    holdDays: config.REWARD_HOLD_DAYS,
    inviteRewardYen: config.INVITE_REWARD_JPY,
  };
}

/**
 * Member rewards: the daily check-in (once per Tokyo day, a streak, points that expire) and the
 * conversion of points into cash, paid as a `reward` journal from the house rewards account.
 */
export class RewardsService {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly events: AccountEvents;
  private readonly terms: RewardTerms;

  constructor(deps: { db: Db; now: () => number; events: AccountEvents; terms: RewardTerms }) {
    this.db = deps.db;
    this.now = deps.now;
    this.events = deps.events;
    this.terms = deps.terms;
  }

  async summary(memberId: string): Promise<RewardsSummary> {
    const today = zonedIsoDate(rewardZone, this.now());
    // Four independent reads: none waits for another.
    const [last, totals, cashThisYear, history] = await Promise.all([
      lastCheckIn(this.db, memberId),
      pointTotals(this.db, memberId, this.expiredOnOrBefore(today)),
      rewardCashSince(this.db, memberId, `${today.slice(0, 4)}-01-01`),
      rewardHistory(this.db, memberId),
    ]);
    const checkedInToday = last?.date === today;
    const streakNow = last && (last.date === today || last.date === addDays(today, -1)) ? last.streak : 0;
    const nextPoints = checkInPoints(checkedInToday ? streakNow + 1 : nextStreak(today, last), this.terms);
    return {
      today,
      checkedInToday,
      streak: streakNow,
      nextPoints,
      points: usablePoints(totals),
      cashThisYear: cashThisYear.toString(),
      terms: this.publicTerms(),
      history,
    };
  }

  /** The terms in effect, which anyone may read: the promotions state the amounts they pay. */
  publicTerms(): CheckInTermsWire {
    return {
      dailyPoints: this.terms.dailyPoints,
      weeklyBonusPoints: this.terms.weeklyBonusPoints,
      pointsPerYen: this.terms.pointsPerYen,
      convertMinimumPoints: this.terms.convertMinimumPoints,
      expiryDays: this.terms.expiryDays,
      yearMaxYen: this.terms.yearMaxYen,
      holdDays: this.terms.holdDays,
      inviteRewardYen: this.terms.inviteRewardYen,
    };
  }

  /**
   * Today's check-in: points once per Tokyo day, however many requests or processes ask at once.
   * A retry with the same key gets the first answer, not ALREADY_CHECKED_IN.
   */
  async checkIn(memberId: string, claim?: Claim): Promise<Keyed<CheckInResult>> {
    const nowMs = this.now();
    const today = zonedIsoDate(rewardZone, nowMs);
    return this.db.transaction((tx) =>
      underClaim(tx, memberId, claim, nowMs, async () => {
        // The member's lock orders concurrent check-ins, so each reads the streak the last one wrote.
        if ((await lockMember(tx, memberId)).frozen) throw new AppError("ACCOUNT_FROZEN");
        const streak = nextStreak(today, await lastCheckIn(tx, memberId));
        const earned = checkInPoints(streak, this.terms);
        const inserted = await insertCheckIn(tx, { memberId, date: today, streak, points: earned, nowMs });
        if (!inserted) throw new AppError("ALREADY_CHECKED_IN", { date: today });
        return { date: today, streak, earned };
      }),
    );
  }

  /**
   * Converts every usable point it can into yen: whole yen only, at least the minimum, and no
   * more than is left of the year's cap. A retry with the same key pays once.
   */
  async convert(memberId: string, claim?: Claim): Promise<Keyed<RewardConversion>> {
    const nowMs = this.now();
    const today = zonedIsoDate(rewardZone, nowMs);
    return transactThenEmit(this.db, this.events, async (tx) => {
      const result = await underClaim(tx, memberId, claim, nowMs, () => this.pay(tx, memberId, today, nowMs));
      const events: MemberEvent[] = result.replayed
        ? []
        : [{ memberId, event: { type: "balance", id: "JPY" } }];
      return { value: result, events };
    });
  }

  private async pay(tx: Tx, memberId: string, today: string, nowMs: number): Promise<RewardConversion> {
    // Under the member's lock: two conversions at once cannot spend the same points.
    if ((await lockMember(tx, memberId)).frozen) throw new AppError("ACCOUNT_FROZEN");
    const usable = usablePoints(await pointTotals(tx, memberId, this.expiredOnOrBefore(today)));
    const paidThisYear = await rewardCashSince(tx, memberId, `${today.slice(0, 4)}-01-01`);
    const capLeft = BigInt(this.terms.yearMaxYen) - paidThisYear;
    if (capLeft <= 0n) throw new AppError("REWARD_YEAR_CAP_REACHED", { yearMaxYen: this.terms.yearMaxYen });
    const capPoints = Number(capLeft) * this.terms.pointsPerYen;
    const offered = conversion(Math.min(usable, capPoints), this.terms);
    if (!offered) {
      throw new AppError("CHECKIN_POINTS_TOO_FEW", {
        points: usable,
        minimum: this.terms.convertMinimumPoints,
      });
    }
    const yen = BigInt(offered.yen);
    const journalId = await postJournal(
      tx,
      {
        kind: "reward",
        memberId,
        ref: null,
        memo: null,
        description: { code: "checkin_points", params: { points: offered.points } },
        postings: transfer(houseAccount("rewards", "JPY"), memberAccount(memberId, "available", "JPY"), yen),
      },
      nowMs,
    );
    await insertConversion(tx, { memberId, points: offered.points, yen, journalId, date: today, nowMs });
    return { points: offered.points, yen: yen.toString(), journalId: String(journalId) };
  }

  /** Points earned on this Tokyo date or before have expired. */
  private expiredOnOrBefore(today: string): string {
    return addDays(today, -this.terms.expiryDays);
  }
}
