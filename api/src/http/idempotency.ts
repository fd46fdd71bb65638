import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { AppError } from "../errors.ts";
import type { Claim, Idempotency, IdempotentResult, Keyed } from "../idempotency/claims.ts";

/**
 * The HTTP side of idempotency: the `Idempotency-Key` header, the hash of what a request asked
 * for, and sending a first or replayed answer. Claiming the key is the database's side
 * (idempotency/claims.ts), in the same transaction as what the request does.
 */

/** Keys are client-made UUIDs or similar; anything longer is not a key. */
const keyLengthMax = 100;

export function idempotencyKeyOf(request: Request): string | undefined {
  const key = request.get("idempotency-key");
  if (key === undefined) return undefined;
  if (key.length === 0 || key.length > keyLengthMax || !/^[\x21-\x7e]+$/.test(key)) {
    throw new AppError("IDEMPOTENCY_KEY_INVALID");
  }
  return key;
}

/** The request's key and body hash, when it carries an Idempotency-Key. */
export function idempotencyOf(request: Request): Idempotency | undefined {
  const key = idempotencyKeyOf(request);
  return key ? { key, hash: requestHash(request) } : undefined;
}

/** Sends a first or replayed result as it was: the same status, the same body. */
export function sendResult(response: Response, result: IdempotentResult): void {
  response.status(result.status).json(result.body);
}

export function requestHash(request: Request): string {
  return createHash("sha256")
    .update(`${request.method} ${request.baseUrl}${request.path}\n${JSON.stringify(request.body ?? null)}`)
    .digest("hex");
}

/** The request's claim for a service: its key and hash, and the status a first run answers with. */
export function claimOf(request: Request, status: number): Claim | undefined {
  const idempotency = idempotencyOf(request);
  return idempotency && { ...idempotency, status };
}

/** Sends what a keyed action did: its value with `status`, or the replayed first answer as it was. */
export function sendKeyed<T>(response: Response, keyed: Keyed<T>, status: number): void {
  if (keyed.replayed) sendResult(response, keyed.answer);
  else response.status(status).json(keyed.value);
}
