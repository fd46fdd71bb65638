import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Request } from "express";
import { rowsOf } from "../db/rows.ts";
import { AppError } from "../http/errors.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

/** Keys are client-made UUIDs or similar; anything longer is not a key. */
const keyLengthMax = 100;

export interface IdempotentResult {
  status: number;
  body: unknown;
}

export function idempotencyKeyOf(request: Request): string | undefined {
  const key = request.get("idempotency-key");
  if (key === undefined) return undefined;
  if (key.length === 0 || key.length > keyLengthMax || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError("IDEMPOTENCY_KEY_INVALID");
  }
  return key;
}

export function requestHash(request: Request): string {
  return createHash("sha256")
    .update(`${request.method} ${request.baseUrl}${request.path}\n${JSON.stringify(request.body ?? null)}`)
    .digest("hex");
}

/**
 * Claims the key inside the action's transaction. A retry that arrives while the first is
 * still running waits on the row; once that commits, it gets the stored result. If the first
 * failed, its claim rolled back with it and the retry acts afresh: a refusal changed nothing.
 */
export async function claimKey(
  tx: Tx,
  claim: { memberId: string; key: string; hash: string; nowMs: number },
): Promise<IdempotentResult | undefined> {
  const inserted = rowsOf(
    await tx.execute(sql`
      insert into idempotency_keys (member_id, key, request_hash, status, response, created_at_ms)
      values (${claim.memberId}, ${claim.key}, ${claim.hash}, 0, '', ${claim.nowMs})
      on conflict do nothing returning key`),
  );
  if (inserted.length > 0) return undefined;
  const [stored] = rowsOf(
    await tx.execute(sql`
      select request_hash, status, response from idempotency_keys where member_id = ${claim.memberId} and key = ${claim.key}`),
  );
  if (!stored || stored.request_hash !== claim.hash) throw new AppError("IDEMPOTENCY_KEY_REUSED");
  return { status: Number(stored.status), body: JSON.parse(String(stored.response)) };
}

export async function storeResult(
  tx: Tx,
  claim: { memberId: string; key: string },
  result: IdempotentResult,
): Promise<void> {
  await tx.execute(sql`
    update idempotency_keys set status = ${result.status}, response = ${JSON.stringify(result.body)}
    where member_id = ${claim.memberId} and key = ${claim.key}`);
}
