import type { Bus } from "@kabuto/bus";
import type { AccountEvent, MemberAccountUpdate } from "@kabuto/shared/protocol/socket";
import type { Db } from "../db/database.ts";

/** A transaction of the database, as `db.transaction` hands it to its callback. */
type Transaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Pushes a member's private events (orders, fills, positions, balances) to their sockets. */
export type AccountEvents = (memberId: string, event: AccountEvent) => void;

/**
 * Members whose sequence this process remembers. Past it the map starts afresh: a member's
 * next event then arrives with seq 1, which their client takes as a gap and re-reads the
 * account, so forgetting costs a refetch, never a wrong screen.
 */
const membersRememberedMax = 100_000;

/**
 * Publishes account events on the bus as `account:<memberId>`. Each API process has its own
 * epoch and numbers each member's events from one; a client that sees events from two
 * processes sees the epoch change and re-reads its account, which is always correct.
 */
export function createAccountPublisher(bus: Bus, now: () => number = Date.now): AccountEvents {
  const epoch = `api-${now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const seqs = new Map<string, number>();
  // Events of one turn go to the bus together: a market order tells of its order, position and
  // balance at once, and one publish is one Redis write instead of three.
  let pending: MemberAccountUpdate[] = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    bus.publish(batch);
  };
  return (memberId: string, event: AccountEvent) => {
    if (seqs.size >= membersRememberedMax && !seqs.has(memberId)) seqs.clear();
    const seq = (seqs.get(memberId) ?? 0) + 1;
    seqs.set(memberId, seq);
    if (pending.length === 0) queueMicrotask(flush);
    pending.push({ topic: `account:${memberId}`, epoch, seq, ts: now(), data: event });
  };
}

/** An account event for a member, to send once the transaction that caused it has committed. */
export interface MemberEvent {
  memberId: string;
  event: AccountEvent;
}

/**
 * Runs `work` in a transaction and sends the account events it produced only once it has
 * committed: a rolled-back action tells no one anything.
 */
export async function transactThenEmit<T>(
  db: Pick<Db, "transaction">,
  emit: AccountEvents,
  work: (tx: Transaction) => Promise<{ value: T; events: readonly MemberEvent[] }>,
): Promise<T> {
  const { value, events } = await db.transaction(work);
  for (const { memberId, event } of events) emit(memberId, event);
  return value;
}
