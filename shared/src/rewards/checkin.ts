import { addDays } from "../market/iso-date.ts";

/**
 * The daily check-in, as the best brokers' apps run it (moomoo: points each day, a streak bonus,
 * points that expire): one check-in per Tokyo day, points for each, a bonus on every seventh day
 * in a row, and points that turn into cash once there are enough of them.
 */
export interface CheckInTerms {
  /** Points for an ordinary day's check-in. */
  dailyPoints: number;
  /** Extra points on the 7th, 14th, 21st... day in a row. */
  weeklyBonusPoints: number;
  /** Points a yen costs when converted: 10 means 10 points make ¥1. */
  pointsPerYen: number;
  /** The fewest points that may be converted at once (the spec's "too few sign-in counts" below it). */
  convertMinimumPoints: number;
  /** How long points last after they are earned, in days. */
  expiryDays: number;
}

/** A week of check-ins earns 6 × 10 + 10 + 40 = 110 points, ¥11; a year about ¥570 (see README). */
export const defaultCheckInTerms: CheckInTerms = {
  dailyPoints: 10,
  weeklyBonusPoints: 40,
  pointsPerYen: 10,
  convertMinimumPoints: 1_000,
  // moomoo's check-in points last two years.
  expiryDays: 730,
};

/** The streak a check-in on `today` makes, given the member's last check-in (date and streak). */
export function nextStreak(today: string, last: { date: string; streak: number } | undefined): number {
  if (!last) return 1;
  if (last.date === today) return last.streak;
  return last.date === addDays(today, -1) ? last.streak + 1 : 1;
}

/** Points a check-in earns on the `streak`-th day in a row. */
export function checkInPoints(streak: number, terms: CheckInTerms): number {
  if (!Number.isInteger(streak) || streak < 1) throw new Error(`a streak counts from 1: ${streak}`);
  return terms.dailyPoints + (streak % 7 === 0 ? terms.weeklyBonusPoints : 0);
}

/**
 * Points a member can still use: everything earned, less what was converted, less what expired
 * unused. Conversions spend the oldest points first and every point lives equally long, so the
 * points that expired unused are those expired beyond what conversions already took.
 */
export function usablePoints(totals: { earned: number; expiredEarned: number; spent: number }): number {
  const expiredUnused = Math.max(0, totals.expiredEarned - totals.spent);
  return Math.max(0, totals.earned - totals.spent - expiredUnused);
}

/** What converting `points` gives: whole yen, and the points that costs; undefined below the minimum. */
export function conversion(points: number, terms: CheckInTerms): { yen: number; points: number } | undefined {
  if (points < terms.convertMinimumPoints) return undefined;
  const yen = Math.floor(points / terms.pointsPerYen);
  return { yen, points: yen * terms.pointsPerYen };
}
