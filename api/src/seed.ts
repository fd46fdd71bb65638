import { parseSupportHours } from "@kabuto/shared/support/hours";
import { verify } from "@node-rs/argon2";
import { count, eq } from "drizzle-orm";
import type { Config } from "./config.ts";
import { DayTradeApplications } from "./daytrade/day-trading.service.ts";
import type { Db } from "./db/database.ts";
import { dayTradeApplications, members, staff } from "./db/schema.ts";
import { AppError } from "./errors.ts";
import { ChannelsService } from "./funding/channels.service.ts";
import { BankCardsService } from "./identity/bank-cards.service.ts";
import { PasswordsService } from "./identity/passwords.service.ts";
import { type DemoOfferingStage, seedDemoOfferings } from "./ipo/ipo-seed.ts";
import { hashPassword } from "./kernel/passwords.ts";
import type { StaffMember } from "./kernel/staff-sessions.ts";
import { houseAccount, memberAccount, transfer } from "./ledger/journal.ts";
import { postJournal } from "./ledger/ledger.repo.ts";
import { StaffService } from "./ops/staff.service.ts";
import { MemoryThrottleStore } from "./security/throttle.ts";
import { type DemoMemberDeps, type DemoPerson, seedFundedMember } from "./seed-members.ts";
import { parseSupportLimits, SupportService } from "./support/support.service.ts";
import { UploadStore } from "./uploads/upload-store.ts";
import { WatchlistService } from "./watchlist/watchlist.service.ts";

/** The demo member the README promises in embedded mode: a real member row, signed in like any other. */
export const demoMember = {
  account: "09012345678",
  password: "demo1234",
  inviteCode: "KABUTO",
  realName: "山田 太郎",
  realNameKana: "ヤマダ タロウ",
} as const;

/** The demo member's row, if the seed has made it. */
export async function demoMemberRow(db: Db): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.account, demoMember.account));
  return row;
}

/** The demo admin's row, if the seed has made it (disabled or not). */
export async function demoAdminRow(db: Db): Promise<typeof staff.$inferSelect | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.login, demoAdmin.login)).limit(1);
  return row;
}

/** The demo admin as the actor of what it does in a seed, while it exists and is enabled. */
export async function demoAdminActor(db: Db): Promise<StaffMember | undefined> {
  const admin = await demoAdminRow(db);
  if (!admin || admin.disabled) return undefined;
  return { id: admin.id, login: admin.login, name: admin.name, role: admin.role };
}

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
  const existing = await demoMemberRow(db);
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
  // The code the app's own form stores; every screen names it in the reader's language.
  cardType: "ordinary",
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
    names: {
      ja: "かぶと銀行 本店 普通",
      en: "Kabuto Bank, Head Office (ordinary)",
      "zh-Hant": "甲蟲銀行 總行 活期存款",
    },
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
    // Each language's members know a foreign-currency account by their own words for it.
    names: {
      ja: "かぶと銀行 外貨普通（米ドル）",
      en: "Kabuto Bank USD",
      "zh-Hant": "甲蟲銀行 美元外幣帳戶",
    },
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
  const member = await demoMemberRow(db);
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
 * The demo member's first watchlist: dividend payers of both markets whose record months between
 * them leave no day of the year without an announced dividend ahead (Japanese March, June,
 * September and December dividends are announced five months before, US quarterly ones about a
 * month), so the dividend calendar has something to show on a first start whatever the date.
 */
export const demoWatchlist = [
  "JP:7203",
  "JP:8306",
  "JP:9432",
  "JP:2914",
  "US:KO",
  "US:MCD",
  "US:AAPL",
  "US:JPM",
] as const;

/**
 * Adds the demo watchlist through the watchlist service members use. Called only when the demo
 * member was just created, so a member who empties their list does not find it refilled.
 */
export async function seedDemoWatchlist(
  db: Db,
  isKnown: (symbol: string) => boolean,
  nowMs: number,
): Promise<number> {
  const member = await demoMemberRow(db);
  if (!member) return 0;
  const watchlist = new WatchlistService({ db, isKnown, now: () => nowMs });
  let added = 0;
  for (const symbol of demoWatchlist.filter(isKnown)) {
    await watchlist.add(member.id, symbol);
    added += 1;
  }
  return added;
}

/**
 * New shares in every state (see `seedDemoOfferings`), with the demo member among the
 * subscribers: at `start` the ones the demo member acts on, in the background (`history`) the
 * crowded ones. Their applicants are made only where the demo admin and a yen channel are there
 * to verify and fund them. Returns how many it created.
 */
export async function seedDemoNewShares(
  db: Db,
  config: DemoMemberDeps["config"],
  nowMs: number,
  stage: DemoOfferingStage,
  crowd?: number,
): Promise<number> {
  const member = await demoMemberRow(db);
  if (!member) return 0;
  const admin = await demoAdminRow(db);
  const channel = (await new ChannelsService(db).list(false)).find((item) => item.currency === "JPY");
  const applicants =
    admin && !admin.disabled && channel
      ? {
          db,
          config,
          admin: { id: admin.id, login: admin.login, name: admin.name, role: admin.role },
          channel,
        }
      : undefined;
  return seedDemoOfferings(db, member.id, nowMs, stage, applicants, crowd);
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

/**
 * The demo member's invitee: a member who registered with the code KABUTO, was verified and made
 * a first deposit, so the invitation screen has someone on it and the reward history an
 * invitation reward. Made through the services members and staff use (registration,
 * verification with two document photos approved by the demo admin, a deposit with its receipt
 * approved by the demo admin), so the reward is paid by the same hook as any other.
 */
export const demoInvitee: DemoPerson = {
  account: "09087654321",
  password: "guest1234",
  name: "佐藤 花子",
  nameKana: "サトウ ハナコ",
};

/**
 * Seeds the demo invitee once: only while nobody the demo member invited exists, and only when
 * the demo admin and a yen deposit channel are there to approve and take the deposit. The
 * cash desk's hours do not apply to the seed (the demo starts at any hour).
 */
export async function seedDemoInvitee(
  db: Db,
  config: Pick<
    Config,
    "uploadDir" | "CHECKIN_TERMS" | "REWARD_YEAR_MAX_JPY" | "REWARD_HOLD_DAYS" | "INVITE_REWARD_JPY"
  >,
  nowMs: number,
): Promise<boolean> {
  const demo = await demoMemberRow(db);
  if (!demo) return false;
  const [invited] = await db
    .select({ id: members.id })
    .from(members)
    .where(eq(members.invitedBy, demo.id))
    .limit(1);
  if (invited) return false;
  const admin = await demoAdminRow(db);
  const channel = (await new ChannelsService(db).list(false)).find((item) => item.currency === "JPY");
  if (!admin || admin.disabled || !channel) return false;
  const actor = { id: admin.id, login: admin.login, name: admin.name, role: admin.role };
  const invitee = await seedFundedMember(
    { db, config, admin: actor, channel },
    { ...demoInvitee, inviteCode: demoMember.inviteCode },
    { registeredAtMs: nowMs, fundedAtMs: nowMs },
    Number(channel.min),
  );
  return invitee !== undefined;
}

/** The demo member's first question to support, and the demo admin's answer, in Japanese. */
export const demoSupport = {
  question: "入金の反映にはどのくらい時間がかかりますか？振込名義はカナで入力すればよいでしょうか。",
  answer:
    "お問い合わせありがとうございます。入金はスタッフが振込を確認ししだい反映され、受付時間内であれば通常30分以内です。振込名義は、ご本人確認でご登録いただいたお名前のカナでお願いいたします。",
} as const;

/**
 * A support conversation for the demo member, opened by the member and answered by the demo
 * admin through the same service the app and the console use, so the support screen and the
 * console's inbox are not empty on a first start. Only while the demo member has none.
 */
export async function seedDemoSupport(
  db: Db,
  config: Pick<Config, "uploadDir" | "SUPPORT_HOURS" | "SUPPORT_RATE">,
  nowMs: number,
): Promise<boolean> {
  const demo = await demoMemberRow(db);
  const admin = await demoAdminRow(db);
  if (!demo || !admin || admin.disabled) return false;
  const support = new SupportService({
    db,
    now: () => nowMs,
    events: () => undefined,
    staffEvents: () => undefined,
    uploads: new UploadStore(config.uploadDir),
    throttle: new MemoryThrottleStore(),
    hours: parseSupportHours(config.SUPPORT_HOURS),
    hoursText: config.SUPPORT_HOURS,
    limits: parseSupportLimits(config.SUPPORT_RATE),
  });
  if ((await support.overview(demo.id)).conversations.length > 0) return false;
  // One key for the seed's question: a second process seeding at the same moment opens none.
  const opened = await support.open(demo.id, { topic: "funds", body: demoSupport.question }, undefined, {
    key: "seed:demo-support",
    hash: "seed:demo-support",
    status: 201,
  });
  if (opened.replayed) return false;
  const actor = { id: admin.id, login: admin.login, name: admin.name, role: admin.role };
  await support.reply(opened.value.id, { body: demoSupport.answer }, actor, {
    nowMs: nowMs + 60_000,
    ip: "",
  });
  return true;
}

/**
 * The demo member's approved day-trading application, so the day-trading screen trades on a
 * first start: applied for through the member's own route's service and approved by the demo
 * admin, audited like any review. Only while the demo member has never applied.
 */
export async function seedDemoDayTrading(db: Db, nowMs: number): Promise<boolean> {
  const demo = await demoMemberRow(db);
  if (!demo) return false;
  const [applied] = await db
    .select({ id: dayTradeApplications.id })
    .from(dayTradeApplications)
    .where(eq(dayTradeApplications.memberId, demo.id))
    .limit(1);
  if (applied) return false;
  const admin = await demoAdminRow(db);
  if (!admin || admin.disabled) return false;
  const applications = new DayTradeApplications({ db, now: () => nowMs });
  let application: Awaited<ReturnType<DayTradeApplications["apply"]>>;
  try {
    application = await applications.apply(demo.id);
  } catch (error) {
    // Another process applied first.
    if (error instanceof AppError && error.code === "DAY_TRADE_ALREADY_APPLIED") return false;
    throw error;
  }
  if (application.replayed) return false;
  const actor = { id: admin.id, login: admin.login, name: admin.name, role: admin.role };
  await applications.review(application.value.id, { decision: "approve" }, actor, { nowMs, ip: "" });
  return true;
}
