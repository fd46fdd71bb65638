import { verify } from "@node-rs/argon2";
import { count, eq } from "drizzle-orm";
import { hashPassword } from "./auth/auth.service.ts";
import type { Db } from "./db/database.ts";
import { members, staff } from "./db/schema.ts";
import { AppError } from "./errors.ts";
import { ChannelsService } from "./funding/channels.service.ts";
import { BankCardsService } from "./identity/bank-cards.service.ts";
import { PasswordsService } from "./identity/passwords.service.ts";
import { seedDemoOfferings } from "./ipo/ipo-seed.ts";
import { houseAccount, memberAccount, transfer } from "./ledger/journal.ts";
import { postJournal } from "./ledger/ledger.repo.ts";
import { StaffService } from "./ops/staff.service.ts";
import { MemoryThrottleStore } from "./security/throttle.ts";

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
          description: { code: "demo_funding", params: {} },
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
 * The demo member's fund password (six digits, as the rules ask): printed in the README, so a
 * withdrawal can be tried at once.
 */
export const demoFundPassword = "246810";

/** The demo member's bank card, in the kana reading of their verified name, as a Japanese account is held. */
export const demoBankCard = {
  holderName: demoMember.realNameKana,
  cardNumber: "1234567",
  cardType: "普通",
  bankName: "かぶと銀行",
  branchName: "本店",
  branchCode: "001",
} as const;

/**
 * The deposit channels the demo publishes, one per currency members trade in, so a new member
 * can request a deposit as soon as staff have verified them. Minimums and maximums are a
 * broker's usual ones; the account numbers are made up.
 */
export const demoChannels = [
  {
    name: "かぶと銀行 本店 普通",
    currency: "JPY",
    accountName: "カブトショウケン",
    accountNumber: "7654321",
    bankName: "かぶと銀行",
    branch: "本店",
    min: "1000",
    max: "10000000",
  },
  {
    name: "Kabuto Bank USD",
    currency: "USD",
    accountName: "KABUTO SECURITIES",
    accountNumber: "9876543210",
    bankName: "Kabuto Bank",
    branch: "Tokyo",
    min: "10",
    max: "100000",
  },
] as const;

/** What `seedDemoMoney` added this time, for the start-up log. */
export interface DemoMoneySeeded {
  channels: number;
  fundPassword: boolean;
  bankCard: boolean;
}

/**
 * Makes the demo's first money journey possible without operations setting anything up: the
 * deposit channels (published only while no channel exists at all, so an operator's own
 * choice is never added to), and the demo member's fund password and bank card (each only
 * while the member has none). All of it goes through the services staff and members use, so
 * it is checked and audited like theirs; running it again adds nothing.
 */
export async function seedDemoMoney(db: Db, nowMs: number): Promise<DemoMoneySeeded> {
  const seeded: DemoMoneySeeded = { channels: 0, fundPassword: false, bankCard: false };
  const channels = new ChannelsService(db);
  if ((await channels.list(false)).length === 0) {
    for (const channel of demoChannels) {
      await channels.create(channel, null, { nowMs, ip: "" });
      seeded.channels += 1;
    }
  }
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.account, demoMember.account));
  if (!member) return seeded;
  // The seed checks the demo member's own password once: a throttle of its own is enough.
  const passwords = new PasswordsService({ db, throttle: new MemoryThrottleStore() });
  if (!(await passwords.security(member.id)).fundPasswordSet) {
    await passwords.setFundPassword(
      member.id,
      {
        loginPassword: demoMember.password,
        fundPassword: demoFundPassword,
        fundPasswordConfirm: demoFundPassword,
      },
      { nowMs, ip: "", keepTokenHash: undefined },
    );
    seeded.fundPassword = true;
  }
  const cards = new BankCardsService(db);
  if ((await cards.list(member.id)).length === 0) {
    await cards.add(member.id, { ...demoBankCard, ifsc: "", upi: "" }, nowMs);
    seeded.bankCard = true;
  }
  return seeded;
}

/**
 * New shares in every state (see `seedDemoOfferings`), with the demo member among the
 * subscribers, while no offering exists. Returns how many it created.
 */
export async function seedDemoNewShares(db: Db, nowMs: number): Promise<number> {
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.account, demoMember.account));
  if (!member) return 0;
  return seedDemoOfferings(db, member.id, nowMs);
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
