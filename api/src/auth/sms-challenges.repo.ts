import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { smsChallenges } from "../db/schema.ts";

/** How long expired challenges stay before a new request sweeps them away. */
const expiredKeptMs = 60 * 60_000;

/** Stores a new challenge, and removes those long expired. */
export async function insertChallenge(
  db: Db,
  challenge: {
    challengeHash: string;
    account: string;
    codeHash: string;
    createdAtMs: number;
    expiresAtMs: number;
  },
): Promise<void> {
  await db.insert(smsChallenges).values(challenge);
  await db.delete(smsChallenges).where(lt(smsChallenges.expiresAtMs, challenge.createdAtMs - expiredKeptMs));
}

/**
 * Counts one attempt at a live challenge of this account and returns its code hash, in one
 * statement: however many guesses arrive at once, only `attemptsMax` of them get a hash to
 * check. Undefined if there is no such challenge, it expired, was used or has no attempts left.
 */
export async function takeChallengeAttempt(
  db: Db,
  query: { challengeHash: string; account: string; nowMs: number; attemptsMax: number },
): Promise<{ codeHash: string; attempts: number } | undefined> {
  const [row] = await db
    .update(smsChallenges)
    .set({ attempts: sql`${smsChallenges.attempts} + 1` })
    .where(
      and(
        eq(smsChallenges.challengeHash, query.challengeHash),
        eq(smsChallenges.account, query.account),
        isNull(smsChallenges.usedAtMs),
        gt(smsChallenges.expiresAtMs, query.nowMs),
        lt(smsChallenges.attempts, query.attemptsMax),
      ),
    )
    .returning({ codeHash: smsChallenges.codeHash, attempts: smsChallenges.attempts });
  return row;
}

/** Marks a challenge used; false if another request used it first. */
export async function useChallenge(db: Db, challengeHash: string, nowMs: number): Promise<boolean> {
  const used = await db
    .update(smsChallenges)
    .set({ usedAtMs: nowMs })
    .where(and(eq(smsChallenges.challengeHash, challengeHash), isNull(smsChallenges.usedAtMs)))
    .returning({ challengeHash: smsChallenges.challengeHash });
  return used.length > 0;
}
