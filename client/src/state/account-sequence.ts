/**
 * The member's private `account` topic carries events, not state: each says that an order, a
 * position or a balance changed, and the client re-reads them over HTTP. Its `seq` rises by
 * exactly one within an epoch (docs/architecture.md), so anything else means events were missed.
 *
 * Pure: the account feed drives it and re-reads the account on every event it is told about.
 */
export type AccountVerdict =
  /** The next event: re-read what it names. */
  | "next"
  /** The first event heard, or one after a gap or in a new epoch: events were missed, re-read everything. */
  | "gap"
  /** Already seen (a replay): nothing to do. */
  | "duplicate";

export class AccountSequence {
  #epoch: string | undefined;
  #seq: number | undefined;

  judge(epoch: string, seq: number): AccountVerdict {
    if (epoch === this.#epoch && this.#seq !== undefined) {
      if (seq <= this.#seq) return "duplicate";
      const verdict = seq === this.#seq + 1 ? "next" : "gap";
      this.#seq = seq;
      return verdict;
    }
    this.#epoch = epoch;
    this.#seq = seq;
    return "gap";
  }

  /** A new connection or another member: whatever comes next starts a new count. */
  reset(): void {
    this.#epoch = undefined;
    this.#seq = undefined;
  }
}
