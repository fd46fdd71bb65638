import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { members } from "../db/schema.ts";

/** What setting, removing and checking a PIN read of the member. */
export interface PinHolder {
  account: string;
  passwordHash: string;
  tradingPinHash: string | null;
}

export async function pinHolder(db: Pick<Db, "select">, memberId: string): Promise<PinHolder | undefined> {
  const [row] = await db
    .select({
      account: members.account,
      passwordHash: members.passwordHash,
      tradingPinHash: members.tradingPinHash,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return row;
}

/** The member's PIN hash alone: the one read every PIN-guarded request makes. */
export async function tradingPinHash(db: Pick<Db, "select">, memberId: string): Promise<string | null> {
  const [row] = await db
    .select({ tradingPinHash: members.tradingPinHash })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return row?.tradingPinHash ?? null;
}

/**
 * Writes the new PIN hash (null removes it) only if the one it replaces is still current; false
 * when a concurrent change got there first.
 */
export async function replaceTradingPin(
  db: Pick<Db, "update">,
  memberId: string,
  change: { next: string | null; replaces: string | null },
): Promise<boolean> {
  const unchanged =
    change.replaces === null ? isNull(members.tradingPinHash) : eq(members.tradingPinHash, change.replaces);
  const updated = await db
    .update(members)
    .set({ tradingPinHash: change.next })
    .where(and(eq(members.id, memberId), unchanged))
    .returning({ id: members.id });
  return updated.length > 0;
}
