import { createHash } from "node:crypto";
import type { Request, Response } from "express";
import { AppError } from "../errors.ts";
import type { Claim, Idempotency, IdempotentResult, Keyed } from "../idempotency/claims.ts";

/**
 * The HTTP side of idempotency: the `Idempotency-Key` header, the fingerprint of what a request
 * asked for, and sending a first or replayed answer. Claiming the key is the database's side
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

/** The request's key and fingerprint, when it carries an Idempotency-Key. */
export function idempotencyOf(request: Request): Idempotency | undefined {
  const key = idempotencyKeyOf(request);
  return key ? { key, hash: requestHash(request) } : undefined;
}

/** Sends a first or replayed result as it was: the same status, the same body. */
export function sendResult(response: Response, result: IdempotentResult): void {
  response.status(result.status).json(result.body);
}

/**
 * The fingerprint of what a request asks for: its method and path, its body as JSON with every
 * object's keys in one order (`{"a":1,"b":2}` and `{"b":2,"a":1}` ask for the same thing), and
 * the bytes of each uploaded file with its field, so a retry with another photo is another
 * request and is refused as the key's reuse rather than answered with the first one's result.
 */
export function requestHash(request: Request): string {
  const hash = createHash("sha256")
    .update(`${request.method} ${request.baseUrl}${request.path}\n`)
    .update(canonicalJson(request.body ?? null));
  for (const [field, digest] of fileDigests(request.files)) hash.update(`\n${field} ${digest}`);
  return hash.digest("hex");
}

/** JSON with each object's keys sorted, so the order a client wrote them in does not count. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== "object" || Array.isArray(inner)) return inner;
    const object = inner as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(object)
        .sort()
        .map((name) => [name, object[name]]),
    );
  });
}

/** Each uploaded file's field and the SHA-256 of its bytes, by field, in the order sent within one. */
function fileDigests(files: Request["files"]): [string, string][] {
  if (!files) return [];
  const list = Array.isArray(files) ? files : Object.values(files).flat();
  return list
    .map((file): [string, string] => {
      // Uploads are parsed into memory (uploads/upload-store.ts); a file without its bytes here
      // would make every photo look alike.
      if (!Buffer.isBuffer(file.buffer)) throw new Error(`upload ${file.fieldname} has no bytes in memory`);
      return [file.fieldname, createHash("sha256").update(file.buffer).digest("hex")];
    })
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The request's claim for a service: its key and hash, and the status a first run answers with. */
export function claimOf(idempotency: Idempotency | undefined, status: number): Claim | undefined {
  return idempotency && { ...idempotency, status };
}

/** Sends what a keyed action did: its value with `status`, or the replayed first answer as it was. */
export function sendKeyed<T>(response: Response, keyed: Keyed<T>, status: number): void {
  if (keyed.replayed) sendResult(response, keyed.answer);
  else response.status(status).json(keyed.value);
}
