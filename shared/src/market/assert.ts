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
