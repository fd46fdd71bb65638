import type { ErrorCode } from "@kabuto/shared/errors";
import { AppError } from "./errors.ts";

/**
 * A numeric row id from a request path, or the resource's not-found code: nothing else reaches
 * SQL, and a malformed id is as unknown as an id that does not exist.
 */
export function numericId(id: string, notFound: ErrorCode = "NOT_FOUND"): number {
  if (!/^\d{1,15}$/.test(id)) throw new AppError(notFound);
  return Number(id);
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path segment is a UUID (members, uploads): anything else is not found, not a SQL error. */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
