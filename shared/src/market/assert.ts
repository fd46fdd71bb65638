/**
 * Thrown when a caller breaks a function's contract (a malformed date, a negative price):
 * a programmer error, never a user's. User input is validated with zod before it gets here.
 */
export class AssertionError extends Error {
  override readonly name = "AssertionError";
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionError(message);
}

/**
 * The value, which the caller knows is there (an index inside the array, a key set just before);
 * throws if that knowledge was wrong, where `as T` would let `undefined` run on silently.
 */
export function ensureDefined<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new AssertionError(`${what} is missing`);
  return value;
}
