import type { Db } from "../db/database.ts";
import { isDatabaseUnavailable } from "../db/unavailable.ts";
import { type BatchOutcome, type NewOpening, writeOpenings } from "./batch.repo.ts";
import { isBalanceRefusal, writeOpening } from "./trading.repo.ts";

/** How market orders are gathered: the window after the first of a batch, and the most in one. */
export interface BatchSettings {
  windowMs: number;
  max: number;
}

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
 */
export class OrderBatcher {
  private readonly db: Db;
  private readonly settings: BatchSettings;
  private queue: Waiting[] = [];
  private timer: NodeJS.Timeout | undefined;

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
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const keys = new Set<string>();
    for (const waiting of this.queue) {
      const { claim, write } = waiting.opening;
      const key = claim ? `${write.memberId}/${claim.key}` : undefined;
      if (batch.length >= this.settings.max || (key !== undefined && keys.has(key))) later.push(waiting);
      else {
        batch.push(waiting);
        if (key !== undefined) keys.add(key);
      }
    }
    this.queue = later;
    if (later.length > 0) this.timer = setTimeout(() => this.flush(), this.settings.windowMs);
    void this.write(batch);
  }

  private async write(batch: Waiting[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch as [Waiting];
      alone(this.db, only.opening).then(only.resolve, only.reject);
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
