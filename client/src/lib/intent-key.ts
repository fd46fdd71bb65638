import { ApiError } from "./api-error.ts";

/**
 * Idempotency keys for one form's submissions, one key per intent of the member.
 *
 * A submission whose answer never arrived (no connection, a time-out, or a 5xx from a proxy
 * that may have passed it on) may still have been carried out. If the member submits the same
 * thing again, it goes with the same key, so the server returns the first result instead of
 * acting twice. Anything else (a new form content, or an answer of any kind) starts a new intent.
 *
 * Pure apart from the injected key maker: the forms own one instance each.
 */
export class IntentKeys {
  readonly #makeKey: () => string;
  /** The last submission whose outcome is unknown: its content and key. */
  #unsettled: { fingerprint: string; key: string } | undefined;

  constructor(makeKey: () => string = () => crypto.randomUUID()) {
    this.#makeKey = makeKey;
  }

  /** The key to send `fingerprint` (the submission's content, e.g. its JSON) with. */
  keyFor(fingerprint: string): string {
    if (this.#unsettled?.fingerprint === fingerprint) return this.#unsettled.key;
    const key = this.#makeKey();
    this.#unsettled = { fingerprint, key };
    return key;
  }

  /** Records the submission's outcome: `error` undefined for success. */
  settle(error?: unknown): void {
    if (error !== undefined && outcomeUnknown(error)) return;
    this.#unsettled = undefined;
  }
}

/** Whether a failed call may still have been carried out by the server. */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status >= 500;
}
