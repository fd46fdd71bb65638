import { eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { members } from "../db/schema.ts";

export type MemberRow = typeof members.$inferSelect;

/** The id of the member who hands out this invitation code. */
export async function memberIdByInviteCode(db: Db, inviteCode: string): Promise<string | undefined> {
  const [inviter] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.inviteCode, inviteCode))
    .limit(1);
  return inviter?.id;
}

export async function inviteCodeTaken(db: Db, inviteCode: string): Promise<boolean> {
  return (await memberIdByInviteCode(db, inviteCode)) !== undefined;
}

/** Adds a member; undefined if the account is taken. */
export async function insertMember(
  db: Db,
  values: Pick<MemberRow, "account" | "passwordHash" | "inviteCode" | "invitedBy" | "createdAtMs">,
): Promise<MemberRow | undefined> {
  const [member] = await db
    .insert(members)
    .values(values)
    .onConflictDoNothing({ target: members.account })
    .returning();
  return member;
}

export async function memberByAccount(db: Db, account: string): Promise<MemberRow | undefined> {
  const [member] = await db.select().from(members).where(eq(members.account, account)).limit(1);
  return member;
}
