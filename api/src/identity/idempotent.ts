import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { rowsOf } from "../db/rows.ts";
import { AppError } from "../http/errors.ts";
import type { Tx } from "../ledger/ledger.repo.ts";
import { claimKey, type IdempotentResult, storeResult } from "../trading/idempotency.ts";
import type { Idempotency } from "../trading/trading.service.ts";

/**
 * The stored result of a finished request with this key, looked up before any checks run: a
 * retry of a verification request that succeeded must get its first answer, not KYC_PENDING.
 * The claim inside the transaction still decides races.
 */
export async function storedResult(
  db: Db,
  memberId: string,
  idempotency: Idempotency | undefined,
): Promise<IdempotentResult | undefined> {
  if (!idempotency) return undefined;
  const [stored] = rowsOf(
    await db.execute(sql`
      select request_hash, status, response from idempotency_keys
      where member_id = ${memberId} and key = ${idempotency.key} and status <> 0`),
  );
  if (!stored) return undefined;
  if (stored.request_hash !== idempotency.hash) throw new AppError("IDEMPOTENCY_KEY_REUSED");
  return { status: Number(stored.status), body: JSON.parse(String(stored.response)) };
}

/** Runs `action` inside the caller's transaction under the key's claim; a claimed key replays its result. */
export async function withClaim(
  tx: Tx,
  memberId: string,
  idempotency: Idempotency | undefined,
  nowMs: number,
  action: () => Promise<IdempotentResult>,
): Promise<IdempotentResult> {
  if (idempotency) {
    const stored = await claimKey(tx, { memberId, key: idempotency.key, hash: idempotency.hash, nowMs });
    if (stored) return stored;
  }
  const result = await action();
  if (idempotency) await storeResult(tx, { memberId, key: idempotency.key }, result);
  return result;
}
