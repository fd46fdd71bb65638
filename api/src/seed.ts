import { eq } from "drizzle-orm";
import { hashPassword } from "./auth/auth.service.ts";
import type { Db } from "./db/database.ts";
import { members } from "./db/schema.ts";
import { houseAccount, memberAccount, transfer } from "./ledger/journal.ts";
import { postJournal } from "./ledger/ledger.repo.ts";

/** The demo member DESIGN.md promises in embedded mode: a real member row, signed in like any other. */
export const demoMember = { account: "09012345678", password: "demo1234", inviteCode: "KABUTO" } as const;

/** What the demo member starts with: enough to trade both markets, deposited like any other money. */
export const demoFunding = [
  { currency: "JPY", amount: 10_000_000n },
  { currency: "USD", amount: 5_000_000n },
] as const;

/**
 * Creates the demo member and funds it with deposit journals from the house clearing account,
 * in one transaction: a crash leaves either both or neither.
 */
export async function seedDemo(db: Db, nowMs: number): Promise<boolean> {
  const [existing] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.account, demoMember.account));
  if (existing) return false;
  const passwordHash = await hashPassword(demoMember.password);
  return db.transaction(async (tx) => {
    const [member] = await tx
      .insert(members)
      .values({
        account: demoMember.account,
        passwordHash,
        inviteCode: demoMember.inviteCode,
        createdAtMs: nowMs,
      })
      .onConflictDoNothing()
      .returning({ id: members.id });
    if (!member) return false;
    for (const { currency, amount } of demoFunding) {
      await postJournal(
        tx,
        {
          kind: "deposit",
          memberId: member.id,
          ref: "seed:demo",
          memo: "demo funding",
          postings: transfer(
            houseAccount("clearing", currency),
            memberAccount(member.id, "available", currency),
            amount,
          ),
        },
        nowMs,
      );
    }
    return true;
  });
}
