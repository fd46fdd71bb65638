import { eq } from "drizzle-orm";
import { hashPassword } from "./auth/auth.service.ts";
import type { Db } from "./db/database.ts";
import { members } from "./db/schema.ts";
import { houseAccount, memberAccount, transfer } from "./ledger/journal.ts";
import { postJournal } from "./ledger/ledger.repo.ts";

/** The demo member DESIGN.md promises in embedded mode: a real member row, signed in like any other. */
export const demoMember = { account: "09012345678", password: "demo1234", inviteCode: "KABUTO" } as const;

export async function seedDemo(db: Db, nowMs: number): Promise<boolean> {
  const [existing] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.account, demoMember.account));
  if (existing) return false;
  const inserted = await db
    .insert(members)
    .values({
      account: demoMember.account,
      passwordHash: await hashPassword(demoMember.password),
      inviteCode: demoMember.inviteCode,
      createdAtMs: nowMs,
    })
    .onConflictDoNothing()
    .returning({ id: members.id });
  return inserted.length > 0;
}
