import { verify } from "@node-rs/argon2";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { failuresSince, memberFundPasswordHash, recordFailure } from "./passwords.repo.ts";

/** Wrong fund passwords counted over this window: a six-digit PIN must not be guessable by a script. */
export const fundPasswordWindowMs = 15 * 60_000;
/** Wrong fund passwords allowed in the window: a person mistypes a few times, a script many. */
export const fundPasswordFailuresMax = 5;

/** Failures share the sign-in failures table under a key no member account can have. */
function fundPasswordKey(memberId: string): string {
  return `fund:${memberId}`;
}

/**
 * Checks a member's fund password: FUND_PASSWORD_NOT_SET until one is set, FUND_PASSWORD_THROTTLED
 * after too many wrong ones in the window, FUND_PASSWORD_WRONG otherwise.
 *
 * Call it with the database, not inside the transaction of the action it guards: the failure it
 * records must outlive the refusal, or a wrong guess would roll back with it and cost nothing.
 */
export async function verifyFundPassword(
  db: Db,
  memberId: string,
  password: string,
  nowMs: number,
): Promise<void> {
  const member = await memberFundPasswordHash(db, memberId);
  if (!member?.fundPasswordHash) throw new AppError("FUND_PASSWORD_NOT_SET");
  const key = fundPasswordKey(memberId);
  const failed = await failuresSince(db, key, nowMs - fundPasswordWindowMs);
  if (failed >= fundPasswordFailuresMax) {
    throw new AppError("FUND_PASSWORD_THROTTLED", { retryAfterMs: fundPasswordWindowMs });
  }
  if (password.length > 0 && (await verify(member.fundPasswordHash, password))) return;
  await recordFailure(db, { account: key, ip: "", atMs: nowMs });
  throw new AppError("FUND_PASSWORD_WRONG", {
    attemptsLeft: Math.max(0, fundPasswordFailuresMax - failed - 1),
  });
}
