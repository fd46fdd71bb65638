import type { ErrorCode } from "@kabuto/shared";
import { AppError } from "./errors.ts";

/**
 * A numeric row id from a request path, or the resource's not-found code: nothing else reaches
 * SQL, and a malformed id is as unknown as an id that does not exist.
 */
export function numericId(id: string, notFound: ErrorCode = "NOT_FOUND"): number {
  if (!/^\d{1,15}$/.test(id)) throw new AppError(notFound);
  return Number(id);
}
