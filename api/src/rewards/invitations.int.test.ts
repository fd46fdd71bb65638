import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { rowsOf } from "../db/rows.ts";
import { balanceOf, createChannel } from "../funding/funding-fixtures.ts";
import {
  jpeg,
  postForm,
  removeTempUploadDirs,
  submitKyc,
  tempUploadDir,
} from "../identity/identity-fixtures.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";

let app: TestApp;
let reviewer: Record<string, string>;
let supervisor: Record<string, string>;
let supervisorId: string;
let channelId: string;
let receipt: Buffer;

beforeAll(async () => {
  // A ¥500 yearly cap, so a test reaches it with three invitations.
  app = await startTestApp({ UPLOAD_DIR: await tempUploadDir(), REWARD_YEAR_MAX_JPY: "500" });
  await seedDemo(app.database.db, Date.now());
  reviewer = (await signInStaff(app, "reviewer")).auth;
  ({ auth: supervisor, staffId: supervisorId } = await signInStaff(app, "supervisor"));
  channelId = await createChannel(app.url, supervisor);
  receipt = await jpeg();
});
afterAll(async () => {
  await app?.close();
  await removeTempUploadDirs();
});

async function ledgerHealthy(): Promise<boolean> {
  return isHealthy(await app.database.db.transaction((tx) => checkLedger(tx)));
}

/** A new member who invites others: their auth, id and invitation code. */
async function inviter() {
  const member = await registerMember(app.url, app.database);
  const me = await call(`${app.url}/invitations`, "GET", undefined, member.auth);
  return { ...member, code: me.body.code as string };
}

async function verify(auth: Record<string, string>): Promise<void> {
  const submitted = await submitKyc(app.url, auth);
  expect(submitted.status).toBe(201);
  const reviewed = await call(
    `${app.url}/ops/kyc/${submitted.body.application.id}/review`,
    "POST",
    { decision: "approve" },
    reviewer,
  );
  expect(reviewed.status).toBe(200);
}

async function deposit(auth: Record<string, string>, amount = "10000"): Promise<void> {
  const sent = await postForm(
    `${app.url}/deposits`,
    { channelId, amount },
    { receipt: { bytes: receipt, name: "receipt.jpg", type: "image/jpeg" } },
    auth,
  );
  expect(sent.status).toBe(201);
  const reviewed = await call(
    `${app.url}/ops/deposits/${sent.body.id}/review`,
    "POST",
    { decision: "approve" },
    reviewer,
  );
  expect(reviewed.status).toBe(200);
}

async function rewardJournals(memberId: string) {
  return rowsOf(
    await app.database.db.execute(sql`
      select id, memo_code, memo_params, memo from journals where member_id = ${memberId} and kind = 'reward'
      order by id`),
  );
}

const invitations = async (auth: Record<string, string>) =>
  (await call(`${app.url}/invitations`, "GET", undefined, auth)).body;

describe("the invitation reward", () => {
  it("is paid once an invitee is verified and then deposits, once only, re-approval and a second deposit notwithstanding", async () => {
    const host = await inviter();
    const guest = await registerMember(app.url, app.database, host.code);
    const listed = await invitations(host.auth);
    expect(listed.invitees).toEqual([
      expect.objectContaining({
        verified: false,
        firstDeposit: false,
        rewardYen: null,
        rewardReversed: false,
      }),
    ]);
    expect(listed.invitees[0].account).toMatch(/^080\*{4}\d{4}$/);

    await verify(guest.auth);
    // Verified alone earns nothing.
    expect(await balanceOf(app.database, host.memberId, "available", "JPY")).toBe(0n);
    expect((await invitations(host.auth)).invitees[0]).toMatchObject({ verified: true, rewardYen: null });

    await deposit(guest.auth);
    expect(await balanceOf(app.database, host.memberId, "available", "JPY")).toBe(200n);
    const [journal, ...more] = await rewardJournals(host.memberId);
    expect(more).toEqual([]);
    const masked = (await invitations(host.auth)).invitees[0].account;
    expect(journal).toMatchObject({
      memo_code: "invitation_reward",
      memo_params: { invitee: masked },
      memo: `invitation reward: ${masked} verified and made a first deposit`,
    });

    // A second deposit, and verification approved again, pay nothing more.
    await deposit(guest.auth, "20000");
    await app.database.db.execute(
      sql`update members set verification = 'unverified' where id = ${guest.memberId}`,
    );
    await verify(guest.auth);
    expect(await balanceOf(app.database, host.memberId, "available", "JPY")).toBe(200n);
    expect(await rewardJournals(host.memberId)).toHaveLength(1);
    expect((await invitations(host.auth)).invitees[0]).toMatchObject({
      verified: true,
      firstDeposit: true,
      rewardYen: "200",
    });

    // The reward history says so, and the cash is held from withdrawal like other reward cash.
    const summary = (await call(`${app.url}/rewards`, "GET", undefined, host.auth)).body;
    expect(summary.history[0]).toMatchObject({ kind: "invite", yen: "200", invitee: masked });
    expect(summary.cashThisYear).toBe("200");
    const withdrawable = (await call(`${app.url}/withdrawable`, "GET", undefined, host.auth)).body.items[0];
    expect(withdrawable).toMatchObject({ rewardsHeld: "200", withdrawable: "0" });

    // The database holds the once-ness, whatever the code did: a second reward row for the
    // invitee is refused, and the app's role can neither change nor remove the first.
    await expect(
      app.database.db.execute(sql`
        insert into invitation_rewards (invitee_id, inviter_id, yen_minor, journal_id, tokyo_date, created_at_ms)
        values (${guest.memberId}, ${host.memberId}, 0, null, '2026-01-01', 0)`),
    ).rejects.toThrow();
    await expect(app.database.db.execute(sql`delete from invitation_rewards`)).rejects.toThrow();
    await expect(app.database.db.execute(sql`update invitation_rewards set yen_minor = 0`)).rejects.toThrow();
    expect(await ledgerHealthy()).toBe(true);
  });

  it("is paid whichever comes first: a deposit before verification pays when verification is approved", async () => {
    const host = await inviter();
    const guest = await registerMember(app.url, app.database, host.code);
    // The demo deposit channel takes unverified members' deposits too; staff approve it.
    await deposit(guest.auth);
    expect(await balanceOf(app.database, host.memberId, "available", "JPY")).toBe(0n);
    expect((await invitations(host.auth)).invitees[0]).toMatchObject({ verified: false, firstDeposit: true });
    await verify(guest.auth);
    expect(await balanceOf(app.database, host.memberId, "available", "JPY")).toBe(200n);
    expect(await ledgerHealthy()).toBe(true);
  });

  it("pays nobody for an invitee who only deposits, and keeps within the inviter's yearly cap", async () => {
    const host = await inviter();
    const depositsOnly = await registerMember(app.url, app.database, host.code);
    await deposit(depositsOnly.auth);
    expect(await rewardJournals(host.memberId)).toEqual([]);

    // ¥500 a year: two full rewards, then the ¥100 left, then nothing (recorded, never paid later).
    const paid: bigint[] = [];
    for (let index = 0; index < 4; index += 1) {
      const guest = await registerMember(app.url, app.database, host.code);
      await verify(guest.auth);
      await deposit(guest.auth);
      paid.push(await balanceOf(app.database, host.memberId, "available", "JPY"));
    }
    expect(paid).toEqual([200n, 400n, 500n, 500n]);
    const rewards = (await invitations(host.auth)).invitees.map(
      (invitee: { rewardYen: string | null }) => invitee.rewardYen,
    );
    expect(rewards).toEqual(["0", "100", "200", "200", null]);
    expect(await ledgerHealthy()).toBe(true);
  });

  it("pays once when verification and the first deposit are approved at the same moment", async () => {
    const host = await inviter();
    const guest = await registerMember(app.url, app.database, host.code);
    const submitted = await submitKyc(app.url, guest.auth);
    const sent = await postForm(
      `${app.url}/deposits`,
      { channelId, amount: "10000" },
      { receipt: { bytes: receipt, name: "receipt.jpg", type: "image/jpeg" } },
      guest.auth,
    );
    const [kyc, money] = await Promise.all([
      call(
        `${app.url}/ops/kyc/${submitted.body.application.id}/review`,
        "POST",
        { decision: "approve" },
        reviewer,
      ),
      call(`${app.url}/ops/deposits/${sent.body.id}/review`, "POST", { decision: "approve" }, reviewer),
    ]);
    expect([kyc.status, money.status]).toEqual([200, 200]);
    expect(await rewardJournals(host.memberId)).toHaveLength(1);
    expect(await balanceOf(app.database, host.memberId, "available", "JPY")).toBe(200n);
  });
});

describe("rewards in the console", () => {
  it("shows the settings in effect, read-only", async () => {
    const settings = await call(`${app.url}/ops/reward-settings`, "GET", undefined, reviewer);
    expect(settings.body).toEqual({
      dailyPoints: 10,
      weeklyBonusPoints: 40,
      pointsPerYen: 10,
      convertMinimumPoints: 1000,
      expiryDays: 730,
      yearMaxYen: 500,
      holdDays: 30,
      inviteRewardYen: 200,
      editable: false,
    });
  });

  it("shows a member's rewards, and takes one back by an adjusting journal with a reason, once, audited", async () => {
    const host = await inviter();
    const guest = await registerMember(app.url, app.database, host.code);
    await call(`${app.url}/rewards/check-in`, "POST", {}, host.auth);
    await verify(guest.auth);
    await deposit(guest.auth);

    const rewards = (
      await call(`${app.url}/ops/members/${host.memberId}/rewards`, "GET", undefined, reviewer)
    ).body;
    expect(rewards).toMatchObject({
      checkIns: 1,
      streak: 1,
      points: 10,
      cashThisYear: "200",
      invitees: 1,
      invitesRewarded: 1,
    });
    expect(rewards.rewards).toEqual([
      expect.objectContaining({ kind: "invite", yen: "200", points: 0, reversal: null }),
    ]);
    const rewardJournalId = rewards.rewards[0].journalId as string;
    const reverseUrl = `${app.url}/ops/members/${host.memberId}/rewards/${rewardJournalId}/reversal`;

    // A reviewer may look but not take back; a reason is required.
    expect((await call(reverseUrl, "POST", { reason: "self-invitation" }, reviewer)).status).toBe(403);
    expect((await call(reverseUrl, "POST", { reason: " " }, supervisor)).body.error.code).toBe(
      "REASON_REQUIRED",
    );

    const key = { "idempotency-key": `reverse-${host.memberId}` };
    const [first, retry] = await Promise.all([
      call(reverseUrl, "POST", { reason: "self-invitation" }, { ...supervisor, ...key }),
      call(reverseUrl, "POST", { reason: "self-invitation" }, { ...supervisor, ...key }),
    ]);
    expect(first.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(first.body).toMatchObject({ rewardJournalId, yen: "200", reason: "self-invitation" });
    expect(await balanceOf(app.database, host.memberId, "available", "JPY")).toBe(0n);
    const again = await call(reverseUrl, "POST", { reason: "again" }, supervisor);
    expect(again.body.error.code).toBe("REWARD_ALREADY_REVERSED");
    expect(await balanceOf(app.database, host.memberId, "available", "JPY")).toBe(0n);

    // The member sees the adjusting journal, with its code and staff's reason, in their fund records.
    const [journal] = rowsOf(
      await app.database.db.execute(sql`
        select kind, memo, memo_code, memo_params from journals where id = ${Number(first.body.journalId)}`),
    );
    expect(journal).toMatchObject({
      kind: "adjustment",
      memo: "self-invitation",
      memo_code: "reward_reversal",
      memo_params: { rewardJournalId },
    });
    const [audit, ...moreAudit] = rowsOf(
      await app.database.db.execute(sql`
        select staff_id, action, reason from audit_log where target = ${`member:${host.memberId}`}
          and action = 'reward.reverse'`),
    );
    expect(moreAudit).toEqual([]);
    expect(audit).toMatchObject({
      staff_id: supervisorId,
      action: "reward.reverse",
      reason: "self-invitation",
    });

    // Taken back: no longer held from withdrawal, and marked so for the member and staff.
    const withdrawable = (await call(`${app.url}/withdrawable`, "GET", undefined, host.auth)).body.items[0];
    expect(withdrawable).toMatchObject({ available: "0", rewardsHeld: "0" });
    expect((await invitations(host.auth)).invitees[0]).toMatchObject({
      rewardYen: "200",
      rewardReversed: true,
    });
    const after = (await call(`${app.url}/ops/members/${host.memberId}/rewards`, "GET", undefined, reviewer))
      .body;
    expect(after.rewards[0].reversal).toMatchObject({ reason: "self-invitation", staffId: supervisorId });
    expect((await call(`${app.url}/rewards`, "GET", undefined, host.auth)).body.history[0]).toMatchObject({
      kind: "reversal",
      yen: "-200",
    });

    // Not a reward of this member: not found.
    const other = await call(
      `${app.url}/ops/members/${guest.memberId}/rewards/${rewardJournalId}/reversal`,
      "POST",
      { reason: "x" },
      supervisor,
    );
    expect(other.body.error.code).toBe("REWARD_NOT_FOUND");
    expect(await ledgerHealthy()).toBe(true);
  });
});
