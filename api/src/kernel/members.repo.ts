import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapRows } from "../db/raw-rows.ts";
import { dayTradeApplications, members } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { isUuid } from "../ids.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

/**
 * What every product reads of a member and how it serialises a member's changes: the member's
 * row and flags, the lock each money flow takes first, and whether they may day trade.
 */

type MemberRow = typeof members.$inferSelect;

export function isMemberId(value: string): boolean {
  return isUuid(value);
}

export interface MemberFlags {
  frozen: boolean;
  withdrawBarred: boolean;
}

/**
 * The member's flags as stored now; with `lock`, the member's row stays locked for the rest of
 * the transaction (NO KEY UPDATE: rows that merely reference the member stay unblocked).
 * Undefined when there is no such member.
 */
export async function readMemberFlags(
  tx: Tx,
  memberId: string,
  lock: boolean,
): Promise<MemberFlags | undefined> {
  const [flags] = mapRows(
    await tx.execute(
      lock
        ? sql`select frozen, withdraw_barred from members where id = ${memberId} for no key update`
        : sql`select frozen, withdraw_barred from members where id = ${memberId}`,
    ),
    (row) => ({ frozen: row.bool("frozen"), withdrawBarred: row.bool("withdraw_barred") }),
  );
  return flags;
}

/**
 * The member's flags as stored now (the session may have cached older ones). With `lock`, the
 * member's row stays locked for the rest of the transaction: every fund request of a member
 * takes this lock first, so two of them never pass the checks together. NO KEY UPDATE leaves
 * rows that merely reference the member (orders, journals) unblocked.
 */
export async function memberFlags(tx: Tx, memberId: string, lock = false): Promise<MemberFlags> {
  const flags = await readMemberFlags(tx, memberId, lock);
  if (!flags) throw new AppError("UNAUTHENTICATED");
  return flags;
}

/** Locks the member's row for the transaction and returns its flags: see `memberFlags`. */
export const lockMember = (tx: Tx, memberId: string): Promise<MemberFlags> => memberFlags(tx, memberId, true);

export async function findMember(tx: Pick<Db, "select">, memberId: string): Promise<MemberRow | undefined> {
  if (!isMemberId(memberId)) return undefined;
  const [row] = await tx.select().from(members).where(eq(members.id, memberId)).limit(1);
  return row;
}

/** Locks a member row for a change in this transaction. */
export async function lockMemberRow(
  db: Pick<Db, "select">,
  memberId: string,
): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(members).where(eq(members.id, memberId)).for("update");
  return row;
}

/** Whether the member's application is approved: only then may they place a day trade. */
export async function isDayTradeApproved(db: Pick<Db, "select">, memberId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: dayTradeApplications.id })
    .from(dayTradeApplications)
    .where(and(eq(dayTradeApplications.memberId, memberId), eq(dayTradeApplications.status, "approved")))
    .limit(1);
  return row !== undefined;
}
