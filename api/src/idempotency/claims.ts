import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { rowsOf } from "../db/rows.ts";
import { AppError } from "../errors.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

/** The answer a keyed request got: replayed as it was to a retry with the same key. */
export interface IdempotentResult {
  status: number;
  body: unknown;
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

/** A request's idempotency key and the hash of what it asked for. */
export interface Idempotency {
  key: string;
  hash: string;
}

/**
 * The stored result of a finished request with this key, looked up before any checks run: a
 * retry must get its first answer, not the refusal its own effects would now cause (an open
 * request, a used quote, a pending verification). The claim inside the transaction still
 * decides races.
 */
export async function storedResult(
  db: Pick<Db, "execute">,
  memberId: string,
  idempotency: Idempotency | undefined,
): Promise<IdempotentResult | undefined> {
  if (!idempotency) return undefined;
  const [stored] = await storedResults(db, [{ memberId, idempotency }]);
  if (stored instanceof AppError) throw stored;
  return stored;
}

/**
 * Many requests' stored results in one statement (`coalesced` gathers the requests that arrive
 * together): for each, what `storedResult` answers, its refusal returned rather than thrown so
 * that one member's reused key refuses that member alone.
 */
export async function storedResults(
  db: Pick<Db, "execute">,
  lookups: readonly { memberId: string; idempotency: Idempotency }[],
): Promise<(IdempotentResult | AppError | undefined)[]> {
  if (lookups.length === 0) return [];
  const rows = rowsOf(
    await db.execute(sql`
      select k.member_id, k.key, k.request_hash, k.status, k.response
      from idempotency_keys k
      join unnest(${sql.param(lookups.map((lookup) => lookup.memberId))}::uuid[],
                  ${sql.param(lookups.map((lookup) => lookup.idempotency.key))}::text[]) as l(member_id, key)
        on k.member_id = l.member_id and k.key = l.key
      where k.status <> 0`),
  );
  const byKey = new Map(rows.map((row) => [`${String(row.member_id)}/${String(row.key)}`, row]));
  return lookups.map(({ memberId, idempotency }) => {
    const stored = byKey.get(`${memberId}/${idempotency.key}`);
    if (!stored) return undefined;
    if (stored.request_hash !== idempotency.hash) return new AppError("IDEMPOTENCY_KEY_REUSED");
    return { status: Number(stored.status), body: JSON.parse(String(stored.response)) };
  });
}

/**
 * A keyed request's claim as a service receives it: the key, the request's hash, and the status
 * the caller will answer a first run with, stored beside the body for a retry's replay.
 */
export interface Claim extends Idempotency {
  status: number;
}

/** What a keyed action did: acted now (`value`), or replayed its first run's stored answer. */
export type Keyed<T> = { replayed: false; value: T } | { replayed: true; answer: IdempotentResult };

/**
 * Runs `action` in the caller's transaction under the claim: a claimed key replays its stored
 * answer; a first run stores `{status, value}` as the answer in the same transaction.
 */
export async function underClaim<T>(
  tx: Tx,
  memberId: string,
  claim: Claim | undefined,
  nowMs: number,
  action: () => Promise<T>,
): Promise<Keyed<T>> {
  if (claim) {
    const stored = await claimKey(tx, { memberId, key: claim.key, hash: claim.hash, nowMs });
    if (stored) return { replayed: true, answer: stored };
  }
  const value = await action();
  if (claim) await storeResult(tx, { memberId, key: claim.key }, { status: claim.status, body: value });
  return { replayed: false, value };
}
