import type { Db } from "../db/database.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { type BatchOutcome, type NewOpening, writeOpenings } from "./batch.repo.ts";
import { isBalanceRefusal, writeOpening } from "./trading.repo.ts";

/** How market orders are gathered: the window after the first of a batch, and the most in one. */
export interface BatchSettings {
  windowMs: number;
  max: number;
}

/**
 * The most batches in flight at once. Each holds one of the pool's connections (10) until its
 * commit; the rest are left to the requests' reads (sessions, stored answers) and to other paths.
 */
const batchesInFlightMax = 4;

interface Waiting {
  opening: NewOpening;
  resolve: (outcome: BatchOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for market orders. The database's work per order is the limit of one transaction
 * per order (its commit, its statements, its round trips), so orders that arrive within
 * `windowMs` of each other, up to `max`, are written together in ONE transaction
 * (`writeOpenings`) and each hears its own outcome once that has committed. An order refused on
 * its own merits (flags, cash, a key claimed before) is refused alone inside the batch. A batch
 * that fails as a whole (a deadlock, a serialization failure, a bug) rolled everything back, so
 * each of its orders is then written alone, once, as it would have been without batching; one
 * that fails because the database went away is not retried (its commit may or may not have
 * landed), and its caller answers 503 as for a lone order. Two orders with the same key never
 * share a batch: the second waits for the next, where it finds the first's answer.
 *
 * Batches in flight at once share no member, and there are at most `batchesInFlightMax` of
 * them: a batch locks its members' accounts to its commit, so a second batch with one of them
 * waited on the first's locks while holding a connection of its own (under load, most of the
 * pool's ten, behind one another). An order whose member is in a batch in flight waits for the
 * next batch after it, in the order it came, so a member's orders still commit in arrival order.
 */
export class OrderBatcher {
  private readonly db: Db;
  private readonly settings: BatchSettings;
  private queue: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** The members with an order in a batch in flight, each with how many such batches. */
  private readonly busy = new Map<string, number>();
  private inFlight = 0;

  constructor(db: Db, settings: BatchSettings) {
    this.db = db;
    this.settings = settings;
  }

  /** Writes the opening with whatever else arrives in the window; resolves after its commit. */
  submit(opening: NewOpening): Promise<BatchOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ opening, resolve, reject });
      if (this.queue.length >= this.settings.max) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), this.settings.windowMs);
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    // Past the bound the queue waits for a batch to end, and grows into a fuller batch meanwhile.
    if (this.inFlight >= batchesInFlightMax) return;
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const keys = new Set<string>();
    for (const waiting of this.queue) {
      const { claim, write } = waiting.opening;
      const key = claim ? `${write.memberId}/${claim.key}` : undefined;
      if (
        batch.length >= this.settings.max ||
        this.busy.has(write.memberId) ||
        (key !== undefined && keys.has(key))
      )
        later.push(waiting);
      else {
        batch.push(waiting);
        if (key !== undefined) keys.add(key);
      }
    }
    this.queue = later;
    if (batch.length > 0) void this.write(batch);
    if (later.length > 0 && this.inFlight < batchesInFlightMax)
      this.timer = setTimeout(() => this.flush(), this.settings.windowMs);
  }

  /** Writes the batch with its members marked busy, then lets what waited for them go. */
  private async write(batch: Waiting[]): Promise<void> {
    const members = [...new Set(batch.map((waiting) => waiting.opening.write.memberId))];
    for (const member of members) this.busy.set(member, (this.busy.get(member) ?? 0) + 1);
    this.inFlight += 1;
    try {
      await this.commit(batch);
    } finally {
      this.inFlight -= 1;
      for (const member of members) {
        const count = (this.busy.get(member) ?? 1) - 1;
        if (count === 0) this.busy.delete(member);
        else this.busy.set(member, count);
      }
      // Orders held back by the bound have waited a window already; with a timer set, it runs.
      if (this.queue.length > 0 && this.timer === undefined) this.flush();
    }
  }

  private async commit(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch as [Waiting];
      await alone(this.db, only.opening).then(only.resolve, only.reject);
      return;
    }
    let outcomes: BatchOutcome[];
    try {
      outcomes = await this.db.transaction((tx) =>
        writeOpenings(
          tx,
          batch.map((waiting) => waiting.opening),
        ),
      );
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      // Nothing of the batch was written: each order once more, alone.
      await Promise.all(
        batch.map((waiting) => alone(this.db, waiting.opening).then(waiting.resolve, waiting.reject)),
      );
      return;
    }
    for (const [index, waiting] of batch.entries()) waiting.resolve(outcomes[index] as BatchOutcome);
  }
}

/** One order in its own statement and implicit transaction (`writeOpening`), as without batching. */
export async function alone(db: Db, opening: NewOpening): Promise<BatchOutcome> {
  const { write, session, claim, body } = opening;
  try {
    return await writeOpening(db, write, { kind: "new", session, body, ...(claim ? { claim } : {}) });
  } catch (error) {
    if (isBalanceRefusal(error)) return { outcome: "unaffordable" };
    throw error;
  }
}
