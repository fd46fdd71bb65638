import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { members } from "../db/schema.ts";

export type MemberRow = typeof members.$inferSelect;

/** A credential change: the new hash, and the hash it replaces (null: no fund password yet). */
export type CredentialChange =
  | { passwordHash: string; replaces: string }
  | { fundPasswordHash: string; replaces: string | null };

export async function memberById(db: Pick<Db, "select">, memberId: string): Promise<MemberRow | undefined> {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  return member;
}

export async function memberFundPasswordHash(
  db: Db,
  memberId: string,
): Promise<{ fundPasswordHash: string | null } | undefined> {
  const [member] = await db
    .select({ fundPasswordHash: members.fundPasswordHash })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return member;
}

/**
 * Writes the new hash only if the one it replaces is still current; false if a concurrent
 * change got there first.
 */
export async function replaceCredential(
  db: Pick<Db, "update">,
  memberId: string,
  change: CredentialChange,
): Promise<boolean> {
  let set: Partial<MemberRow>;
  let unchanged: SQL;
  if ("passwordHash" in change) {
    set = { passwordHash: change.passwordHash };
    unchanged = eq(members.passwordHash, change.replaces);
  } else {
    set = { fundPasswordHash: change.fundPasswordHash };
    unchanged =
      change.replaces === null
        ? isNull(members.fundPasswordHash)
        : eq(members.fundPasswordHash, change.replaces);
  }
  const updated = await db
    .update(members)
    .set(set)
    .where(and(eq(members.id, memberId), unchanged))
    .returning({ id: members.id });
  return updated.length > 0;
}
