import { verify } from "@node-rs/argon2";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { reserve, type ThrottleStore, throttleRules } from "../security/throttle.ts";
import { memberFundPasswordHash } from "./passwords.repo.ts";

/** Wrong fund passwords before the next one has to wait (then 15 minutes, doubling to 4 hours). */
export const fundPasswordFailuresMax = throttleRules.fundPassword.limit;

/** What checking a fund password needs: the member's hash, and the counter of their guesses. */
export interface FundPasswordDeps {
  db: Db;
  throttle: ThrottleStore;
}

/**
 * Checks a member's fund password: FUND_PASSWORD_NOT_SET until one is set,
 * FUND_PASSWORD_THROTTLED while the member's guesses must wait, FUND_PASSWORD_WRONG otherwise.
 * The guess is counted before the hash is checked, so however many arrive at once, at most the
 * limit are checked; a right one clears the count.
 *
 * The count lives in the throttle store, not in the transaction of the action the password
 * guards, so a refused action's wrong guess still costs the guesser.
 */
export async function verifyFundPassword(
  deps: FundPasswordDeps,
  memberId: string,
  password: string,
  nowMs: number,
): Promise<void> {
  const member = await memberFundPasswordHash(deps.db, memberId);
  if (!member?.fundPasswordHash) throw new AppError("FUND_PASSWORD_NOT_SET");
  const reservation = await reserve(
    deps.throttle,
    [{ key: `fund-password:${memberId}`, rule: throttleRules.fundPassword, onSuccess: "clear" }],
    nowMs,
  );
  if ("refusedForMs" in reservation) {
    throw new AppError("FUND_PASSWORD_THROTTLED", { retryAfterMs: reservation.refusedForMs });
  }
  if (password.length > 0 && (await verify(member.fundPasswordHash, password))) {
    await reservation.succeeded();
    return;
  }
  throw new AppError("FUND_PASSWORD_WRONG", { attemptsLeft: reservation.attemptsLeft });
}
