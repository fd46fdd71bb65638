import { verify } from "@node-rs/argon2";
import { count, eq } from "drizzle-orm";
import { hashPassword } from "./auth/auth.service.ts";
import type { Db } from "./db/database.ts";
import { members, staff } from "./db/schema.ts";
import { AppError } from "./errors.ts";
import { houseAccount, memberAccount, transfer } from "./ledger/journal.ts";
import { postJournal } from "./ledger/ledger.repo.ts";
import { StaffService } from "./ops/staff.service.ts";

/** The demo member the README promises in embedded mode: a real member row, signed in like any other. */
export const demoMember = {
  account: "09012345678",
  password: "demo1234",
  inviteCode: "KABUTO",
  realName: "山田 太郎",
  realNameKana: "ヤマダ タロウ",
} as const;

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
        // Verified, so the demo can trade and add a bank card at once (the spec gates both on it).
        verification: "verified",
        realName: demoMember.realName,
        realNameKana: demoMember.realNameKana,
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

/**
 * The demo operations login embedded mode prints at start. Like the demo member it is public
 * knowledge, so it is seeded only into a database with no staff at all; a real install makes
 * its first admin with `npm run ops:create-admin`.
 */
export const demoAdmin = { login: "admin", password: "kabuto-ops-demo", name: "Demo admin" } as const;

/** Creates the demo admin (audited, with no staff actor) when the staff table is empty. */
export async function seedDemoStaff(db: Db, nowMs: number): Promise<boolean> {
  const [staffCount] = await db.select({ n: count() }).from(staff);
  if ((staffCount?.n ?? 0) > 0) return false;
  try {
    await new StaffService(db).create({ ...demoAdmin, role: "admin" }, null, { nowMs });
    return true;
  } catch (error) {
    // Another process seeded it first.
    if (error instanceof AppError && error.code === "STAFF_EXISTS") return false;
    throw error;
  }
}

/** Whether the demo admin still exists, enabled, with the demo password: only then is it worth printing. */
export async function demoAdminUsable(db: Db): Promise<boolean> {
  const [row] = await db.select().from(staff).where(eq(staff.login, demoAdmin.login)).limit(1);
  return row !== undefined && !row.disabled && (await verify(row.passwordHash, demoAdmin.password));
}
