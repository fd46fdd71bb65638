import { AppError } from "../errors.ts";
import type { Tx } from "../ledger/ledger.repo.ts";
import { hasOpenRequest, submissionsSince } from "./funding.repo.ts";

/**
 * What deposits and withdrawals share: one open request per member at a time, a per-member
 * submission rate, the member-row lock that serialises a member's fund requests, and
 * idempotent replays.
 */

/**
 * Deposits and withdrawals a member may submit within `submissionWindowMs`. A person sends one
 * and perhaps a corrected one after a rejection; five in ten minutes is already a lot.
 */
export const submissionsPerWindowMax = 5;
export const submissionWindowMs = 10 * 60_000;

/** The unique indexes of migration 0008 that allow one open request per member. */
const openRequestIndexes = ["deposits_one_pending", "withdrawals_one_open"];

/** FUND_OPERATION_IN_PROGRESS while a deposit is pending or a withdrawal pending or checked. */
export async function assertNoOpenRequest(tx: Tx, memberId: string): Promise<void> {
  if (await hasOpenRequest(tx, memberId)) throw new AppError("FUND_OPERATION_IN_PROGRESS");
}

/** SUBMITTING_TOO_FREQUENTLY past `submissionsPerWindowMax` deposits and withdrawals in the window. */
export async function assertSubmissionRate(tx: Tx, memberId: string, nowMs: number): Promise<void> {
  const sinceMs = nowMs - submissionWindowMs;
  if ((await submissionsSince(tx, memberId, sinceMs)) >= submissionsPerWindowMax) {
    throw new AppError("SUBMITTING_TOO_FREQUENTLY", { retryAfterMs: submissionWindowMs });
  }
}

/**
 * The one-open-request indexes back the check above when two requests race past it: their
 * unique violation means the same thing to the member.
 */
export function openRequestConflict(error: unknown): AppError | undefined {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint, message } = cause as { code?: string; constraint?: string; message?: string };
    if (code !== "23505") continue;
    const name = constraint ?? message ?? "";
    if (openRequestIndexes.some((index) => name.includes(index))) {
      return new AppError("FUND_OPERATION_IN_PROGRESS", undefined, { cause: error });
    }
  }
  return undefined;
}
