import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { channelNameIn } from "@kabuto/shared/api/funding";
import { ensureDefined } from "@kabuto/shared/market/assert";
import { parseSupportHours } from "@kabuto/shared/support/hours";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "./books.ts";
import type { Database } from "./db/database.ts";
import { rowsOf } from "./db/rows.ts";
import { journals, members, staff } from "./db/schema.ts";
import { ChannelsService } from "./funding/channels.service.ts";
import { BankCardsService } from "./identity/bank-cards.service.ts";
import { verifyFundPassword } from "./identity/fund-password.ts";
import { memberBalances } from "./ledger/ledger.repo.ts";
import { StaffService } from "./ops/staff.service.ts";
import { InvitationsService } from "./rewards/invitations.service.ts";
import { MemoryThrottleStore } from "./security/throttle.ts";
import {
  demoAdmin,
  demoAdminUsable,
  demoChannels,
  demoFundPassword,
  demoInvitee,
  demoMember,
  demoSupport,
  seedDemo,
  seedDemoInvitee,
  seedDemoMoney,
  seedDemoStaff,
  seedDemoSupport,
} from "./seed.ts";
import { parseSupportLimits, SupportService } from "./support/support.service.ts";
import { openTestDatabase } from "./testing/test-env.ts";
import { UploadStore } from "./uploads/upload-store.ts";

let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(async () => {
  await drop?.();
});

/** Each staff member with the audit entry that created them, to show who added them. */
async function staffRows(database: Database) {
  return rowsOf(
    await database.db.execute(sql`
      select s.login, s.role, a.action, a.staff_id from staff s
      left join audit_log a on a.target = 'staff:' || s.id order by s.login`),
  );
}

describe("the demo seed", () => {
  it("funds the demo member through deposit journals, once, however often it runs", async () => {
    expect(await seedDemo(database.db, 1_000)).toBe(true);
    expect(await seedDemo(database.db, 2_000)).toBe(false);
    const [member] = await database.db.select().from(members).where(eq(members.account, demoMember.account));
    const balances = await memberBalances(database.db, member?.id as string);
    expect(balances).toEqual([
      { purpose: "available", currency: "JPY", balance: 10_000_000n },
      { purpose: "available", currency: "USD", balance: 5_000_000n },
    ]);
    const deposits = await database.db
      .select()
      .from(journals)
      .where(eq(journals.memberId, member?.id as string));
    expect(deposits.map((journal) => journal.kind)).toEqual(["deposit", "deposit"]);
    // Described as a code, which each member reads in their own language.
    expect(deposits.map((journal) => [journal.memoCode, journal.memoParams])).toEqual([
      ["demo_funding", {}],
      ["demo_funding", {}],
    ]);
    expect(isHealthy(await checkLedger(database.db))).toBe(true);
  });
});

describe("the demo money journey", () => {
  it("publishes deposit channels and gives the demo member a fund password and a card, once", async () => {
    expect(await seedDemo(database.db, 1_000)).toBe(false);
    expect(await seedDemoMoney(database.db, 3_000)).toEqual({
      channels: 2,
      fundPassword: true,
      bankCard: true,
    });
    expect(await seedDemoMoney(database.db, 4_000)).toEqual({
      channels: 0,
      fundPassword: false,
      bankCard: false,
    });

    const channels = await new ChannelsService(database.db).list(true);
    expect(channels.map((channel) => [channel.currency, channel.min])).toEqual([
      ["JPY", "1000"],
      ["USD", "1000"],
    ]);
    expect(channels).toHaveLength(demoChannels.length);
    // Each channel named in the reader's words: no English bank name on a Japanese screen, no
    // Japanese one on an English screen.
    for (const channel of channels) {
      expect(channelNameIn(channel, "ja")).not.toMatch(/[A-Za-z]{3}/);
      expect(channelNameIn(channel, "en")).toMatch(/^[\x20-\x7e]+$/);
      expect(channelNameIn(channel, "zh-Hant")).not.toMatch(/[\u3040-\u30ff]|[A-Za-z]{3}/);
    }
    // Published like an operator's, audited with no staff actor, as the first admin is.
    const audit = rowsOf(
      await database.db.execute(sql`select action, staff_id from audit_log where action = 'channel.create'`),
    );
    expect(audit).toEqual([
      { action: "channel.create", staff_id: null },
      { action: "channel.create", staff_id: null },
    ]);

    const [member] = await database.db.select().from(members).where(eq(members.account, demoMember.account));
    const memberId = ensureDefined(member, "the demo member").id;
    await expect(
      verifyFundPassword(
        { db: database.db, throttle: new MemoryThrottleStore() },
        memberId,
        demoFundPassword,
        5_000,
      ),
    ).resolves.toBeUndefined();
    const cards = await new BankCardsService(database.db).list(memberId);
    expect(cards.map((card) => [card.holderName, card.cardNumberMasked])).toEqual([
      [demoMember.realNameKana, "**** 567"],
    ]);
  });

  it("adds no channel where operations have published their own", async () => {
    const other = await openTestDatabase();
    try {
      await new ChannelsService(other.database.db).create(
        {
          name: "Own",
          currency: "JPY",
          accountName: "OWN",
          accountNumber: "1",
          bankName: "Own",
          branch: "Own",
          min: "1",
          max: "2",
        },
        null,
        { nowMs: 1_000, ip: "" },
      );
      // No demo member either: the member's part is skipped, not an error.
      expect(await seedDemoMoney(other.database.db, 2_000)).toEqual({
        channels: 0,
        fundPassword: false,
        bankCard: false,
      });
    } finally {
      await other.drop();
    }
  });
});

describe("the demo admin", () => {
  // A database of its own: these tests need an empty staff table and then disable everyone in it.
  let adminDatabase: Database;
  let dropAdminDatabase: () => Promise<void>;

  beforeAll(async () => {
    ({ database: adminDatabase, drop: dropAdminDatabase } = await openTestDatabase());
  });
  afterAll(async () => {
    await dropAdminDatabase?.();
  });

  it("is seeded, audited, into an empty staff table only, once", async () => {
    expect(await seedDemoStaff(adminDatabase.db, 1_000)).toBe(true);
    expect(await seedDemoStaff(adminDatabase.db, 2_000)).toBe(false);
    expect(await staffRows(adminDatabase)).toEqual([
      { login: demoAdmin.login, role: "admin", action: "staff.create", staff_id: null },
    ]);
    expect(await demoAdminUsable(adminDatabase.db)).toBe(true);
  });

  it("is not printed once disabled", async () => {
    await adminDatabase.db.update(staff).set({ disabled: true });
    expect(await demoAdminUsable(adminDatabase.db)).toBe(false);
  });

  it("is not seeded where any staff member exists", async () => {
    const other = await openTestDatabase();
    try {
      await new StaffService(other.database.db).create(
        { login: "first", name: "First", role: "admin", password: "first-password" },
        null,
        { nowMs: 1_000 },
      );
      expect(await seedDemoStaff(other.database.db, 2_000)).toBe(false);
      expect(await demoAdminUsable(other.database.db)).toBe(false);
    } finally {
      await other.drop();
    }
  });
});

describe("the demo invitee", () => {
  it("registers with KABUTO, is verified and deposits through the services, so the demo member is paid its invitation reward, once", async () => {
    const { database: fresh, drop: dropFresh } = await openTestDatabase();
    const uploadDir = await mkdtemp(path.join(tmpdir(), "kabuto-seed-"));
    try {
      const config = {
        uploadDir,
        CHECKIN_TERMS: "10,40,10,1000,730",
        REWARD_YEAR_MAX_JPY: 10_000,
        REWARD_HOLD_DAYS: 30,
        INVITE_REWARD_JPY: 200,
      };
      // Nothing to approve with until the admin and the channels exist.
      await seedDemo(fresh.db, 1_000);
      expect(await seedDemoInvitee(fresh.db, config, 1_500)).toBe(false);
      await seedDemoMoney(fresh.db, 2_000);
      await seedDemoStaff(fresh.db, 2_000);
      expect(await seedDemoInvitee(fresh.db, config, 3_000)).toBe(true);
      expect(await seedDemoInvitee(fresh.db, config, 4_000)).toBe(false);

      const [demo] = await fresh.db.select().from(members).where(eq(members.account, demoMember.account));
      const invitations = new InvitationsService({
        db: fresh.db,
        terms: { inviteRewardYen: 200, yearMaxYen: 10_000 },
      });
      const listed = await invitations.list(ensureDefined(demo, "the demo member").id);
      expect(listed.invitees).toEqual([
        {
          account: `${demoInvitee.account.slice(0, 3)}****${demoInvitee.account.slice(-4)}`,
          registeredAtMs: 3_000,
          verified: true,
          firstDeposit: true,
          rewardYen: "200",
          rewardAtMs: 3_000,
          rewardReversed: false,
        },
      ]);
      // Approved by the demo admin, as staff would: audited.
      const audited = rowsOf(
        await fresh.db.execute(
          sql`select action from audit_log where action in ('kyc.approve', 'deposit.approve') order by id`,
        ),
      );
      expect(audited.map((row) => row.action)).toEqual(["kyc.approve", "deposit.approve"]);
      expect(isHealthy(await fresh.db.transaction((tx) => checkLedger(tx)))).toBe(true);
    } finally {
      await dropFresh();
      await rm(uploadDir, { recursive: true, force: true });
    }
  });
});

describe("the demo support conversation", () => {
  it("is asked by the demo member and answered by the demo admin through the support service, once", async () => {
    const { database: fresh, drop: dropFresh } = await openTestDatabase();
    const uploadDir = await mkdtemp(path.join(tmpdir(), "kabuto-seed-"));
    try {
      const config = { uploadDir, SUPPORT_HOURS: "09:00-18:00", SUPPORT_RATE: "20/600,5/3600" };
      // No one to answer until the demo admin exists.
      await seedDemo(fresh.db, 1_000);
      expect(await seedDemoSupport(fresh.db, config, 1_500)).toBe(false);
      await seedDemoStaff(fresh.db, 2_000);
      expect(await seedDemoSupport(fresh.db, config, 3_000)).toBe(true);
      expect(await seedDemoSupport(fresh.db, config, 4_000)).toBe(false);

      const [demo] = await fresh.db.select().from(members).where(eq(members.account, demoMember.account));
      const support = new SupportService({
        db: fresh.db,
        now: () => 5_000,
        events: () => undefined,
        staffEvents: () => undefined,
        uploads: new UploadStore(uploadDir),
        throttle: new MemoryThrottleStore(),
        hours: parseSupportHours(config.SUPPORT_HOURS),
        hoursText: config.SUPPORT_HOURS,
        limits: parseSupportLimits(config.SUPPORT_RATE),
      });
      const overview = await support.overview(ensureDefined(demo, "the demo member").id);
      expect(overview.conversations).toHaveLength(1);
      const thread = await support.conversation(
        ensureDefined(demo, "the demo member").id,
        ensureDefined(overview.conversations[0], "the conversation").id,
      );
      expect(thread.messages.map((message) => [message.author, message.body])).toEqual([
        ["member", demoSupport.question],
        ["staff", demoSupport.answer],
      ]);
      // The member has not opened the answer yet; the console sees it answered.
      expect(thread.unread).toBe(1);
      expect((await support.inbox()).map((row) => row.unanswered)).toEqual([false]);
      const audited = rowsOf(
        await fresh.db.execute(sql`select action from audit_log where action = 'support.reply'`),
      );
      expect(audited).toHaveLength(1);
    } finally {
      await dropFresh();
      await rm(uploadDir, { recursive: true, force: true });
    }
  });
});
