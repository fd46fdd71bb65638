import type { AccountEvent, StaffEvent } from "@kabuto/shared/protocol/socket";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { rowsOf } from "../db/rows.ts";
import { jpeg, postForm, removeTempUploadDirs, tempUploadDir } from "../identity/identity-fixtures.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";

/** Tuesday 2026-06-09, 20:00 in Tokyo: after support hours (09:00-18:00) on a business day. */
const startMs = Date.parse("2026-06-09T11:00:00Z");
const minuteMs = 60_000;

let app: TestApp;
const accountEvents: { memberId: string; event: AccountEvent }[] = [];
const staffEvents: StaffEvent[] = [];

beforeAll(async () => {
  app = await startTestApp(
    { SUPPORT_HOURS: "09:00-18:00", SUPPORT_RATE: "4/600,3/3600", UPLOAD_DIR: await tempUploadDir() },
    {
      startMs,
      accountEvents: (memberId, event) => accountEvents.push({ memberId, event }),
      staffEvents: (event) => staffEvents.push(event),
    },
  );
  await seedDemo(app.database.db, startMs);
});
afterAll(async () => {
  await app?.close();
  await removeTempUploadDirs();
});

type Auth = Record<string, string>;
let keys = 0;
const key = () => ({ "idempotency-key": `support-${process.pid}-${keys++}` });

const open = (auth: Auth, fields: Record<string, string>, headers: Auth = key()) =>
  postForm(`${app.url}/support/conversations`, fields, {}, { ...auth, ...headers });
const write = (auth: Auth, id: string, body: string) =>
  postForm(`${app.url}/support/conversations/${id}/messages`, { body }, {}, { ...auth, ...key() });
const reply = (staff: Auth, id: string, body: string, headers: Auth = key()) =>
  call(`${app.url}/ops/support/${id}/messages`, "POST", { body }, { ...staff, ...headers });

async function ledgerHealthy(): Promise<boolean> {
  return isHealthy(await app.database.db.transaction((tx) => checkLedger(tx)));
}

async function auditRows(target: string) {
  return rowsOf(
    await app.database.db.execute(
      sql`select action, staff_id, after from audit_log where target = ${target} and action = 'support.reply' order by id`,
    ),
  );
}

describe("online support", () => {
  it("tells a member out of hours when staff next answer, counting the exchange's holidays", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const overview = (await call(`${app.url}/support`, "GET", undefined, auth)).body;
    expect(overview.availability).toEqual({
      open: false,
      // Wednesday 09:00 Tokyo.
      nextOpenMs: Date.parse("2026-06-10T00:00:00Z"),
      hours: "09:00-18:00",
    });
    expect(overview.conversations).toEqual([]);
  });

  it("carries a conversation both ways, live to both sides, with read state and an audited reply", async () => {
    const member = await registerMember(app.url, app.database);
    const staff = await signInStaff(app, "reviewer");
    const image = await jpeg();

    const opened = await postForm(
      `${app.url}/support/conversations`,
      { topic: "funds", body: "My deposit has not arrived.\nReceipt attached." },
      { screenshot: { bytes: image, name: "receipt.jpg", type: "image/jpeg" } },
      { ...member.auth, ...key() },
    );
    expect(opened.status).toBe(201);
    const id: string = opened.body.id;
    expect(opened.body).toMatchObject({ topic: "funds", preview: "My deposit has not arrived.", unread: 0 });
    expect(opened.body.messages).toHaveLength(1);
    const [first] = opened.body.messages;
    expect(first).toMatchObject({ author: "member", read: false, staffName: null });
    // The screenshot is the member's to read again, and staff's.
    const own = await fetch(`${app.url}/uploads/${first.screenshotId}`, { headers: member.auth });
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("image/jpeg");
    const staffView = await fetch(`${app.url}/ops/uploads/${first.screenshotId}`, { headers: staff.auth });
    expect(staffView.status).toBe(200);
    expect(accountEvents.at(-1)).toEqual({ memberId: member.memberId, event: { type: "support", id } });
    expect(staffEvents.at(-1)).toEqual({ type: "support", id });

    // The inbox puts it among the unanswered, with its member.
    const inbox = (await call(`${app.url}/ops/support`, "GET", undefined, staff.auth)).body.items;
    expect(inbox.find((row: { id: string }) => row.id === id)).toMatchObject({
      unanswered: true,
      unread: 1,
      memberId: member.memberId,
      memberAccount: expect.stringMatching(/^080/),
    });

    // Staff read it: the member's message shows as read on the member's side.
    expect((await call(`${app.url}/ops/support/${id}/read`, "POST", {}, staff.auth)).body.unread).toBe(0);
    const seen = (await call(`${app.url}/support/conversations/${id}`, "GET", undefined, member.auth)).body;
    expect(seen.messages[0].read).toBe(true);

    app.advance(minuteMs);
    const answered = await reply(staff.auth, id, "We found it: it arrives today.");
    expect(answered.status).toBe(201);
    expect(answered.body).toMatchObject({ unanswered: false, lastAuthor: "staff" });
    expect(accountEvents.at(-1)).toEqual({ memberId: member.memberId, event: { type: "support", id } });

    // The member sees the reply, unread until they open it, then read on the staff side.
    const overview = (await call(`${app.url}/support`, "GET", undefined, member.auth)).body;
    expect(overview.conversations[0]).toMatchObject({ id, unread: 1, lastAuthor: "staff" });
    const thread = (await call(`${app.url}/support/conversations/${id}`, "GET", undefined, member.auth)).body;
    expect(thread.messages.map((message: { author: string; body: string }) => message.author)).toEqual([
      "member",
      "staff",
    ]);
    expect(thread.messages[1]).toMatchObject({ staffName: expect.any(String), read: false });
    await call(`${app.url}/support/conversations/${id}/read`, "POST", {}, member.auth);
    const staffSide = (await call(`${app.url}/ops/support/${id}`, "GET", undefined, staff.auth)).body;
    expect(staffSide.messages[1].read).toBe(true);

    // The member writes more: unanswered again.
    expect((await write(member.auth, id, "Thank you!")).status).toBe(201);
    const again = (await call(`${app.url}/ops/support/${id}`, "GET", undefined, staff.auth)).body;
    expect(again).toMatchObject({ unanswered: true, unread: 1 });

    // Every reply is in the audit log, with who sent it and what it said.
    const audit = await auditRows(`member:${member.memberId}`);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: staff.staffId });
    expect(JSON.stringify(audit[0]?.after)).toContain("We found it");
    expect(await ledgerHealthy()).toBe(true);
  });

  it("never shows or accepts a message in another member's conversation", async () => {
    const owner = await registerMember(app.url, app.database);
    const stranger = await registerMember(app.url, app.database);
    const { body } = await open(owner.auth, { topic: "account", body: "Private question" });
    const id: string = body.id;

    const read = await call(`${app.url}/support/conversations/${id}`, "GET", undefined, stranger.auth);
    expect(read.status).toBe(404);
    expect(read.body.error.code).toBe("SUPPORT_CONVERSATION_NOT_FOUND");
    const written = await write(stranger.auth, id, "Let me in");
    expect(written.body.error.code).toBe("SUPPORT_CONVERSATION_NOT_FOUND");
    const marked = await call(`${app.url}/support/conversations/${id}/read`, "POST", {}, stranger.auth);
    expect(marked.status).toBe(404);
    expect((await call(`${app.url}/support`, "GET", undefined, stranger.auth)).body.conversations).toEqual(
      [],
    );
    // The owner's screenshot-less thread still holds only the owner's message.
    const thread = (await call(`${app.url}/support/conversations/${id}`, "GET", undefined, owner.auth)).body;
    expect(thread.messages).toHaveLength(1);
    // Members cannot reach the staff inbox.
    expect((await call(`${app.url}/ops/support`, "GET", undefined, owner.auth)).status).toBe(403);
  });

  it("refuses empty text, control characters and unknown topics, and a retry with the same key opens one conversation", async () => {
    const member = await registerMember(app.url, app.database);
    expect((await open(member.auth, { topic: "account", body: "   " })).body.error.code).toBe(
      "SUPPORT_MESSAGE_REQUIRED",
    );
    expect((await open(member.auth, { topic: "account", body: "bad\u0007bell" })).body.error.code).toBe(
      "INVALID_TEXT",
    );
    expect((await open(member.auth, { topic: "weather", body: "Hello" })).body.error.code).toBe(
      "SUPPORT_TOPIC_INVALID",
    );
    const same = key();
    const first = await open(member.auth, { topic: "trading", body: "Once" }, same);
    const retry = await open(member.auth, { topic: "trading", body: "Once" }, same);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    const overview = (await call(`${app.url}/support`, "GET", undefined, member.auth)).body;
    expect(overview.conversations).toHaveLength(1);
  });

  it("slows a member who writes too much, and lets them write again after the window", async () => {
    const member = await registerMember(app.url, app.database);
    const { body } = await open(member.auth, { topic: "other", body: "One" });
    const answers = [];
    for (let index = 0; index < 4; index += 1)
      answers.push(await write(member.auth, body.id, `More ${index}`));
    // Four messages in ten minutes: the opener and three more, then refused.
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 429]);
    expect(answers[3]?.body.error.code).toBe("SUPPORT_THROTTLED");
    const thread = (await call(`${app.url}/support/conversations/${body.id}`, "GET", undefined, member.auth))
      .body;
    expect(thread.messages).toHaveLength(4);
    // Another member is not held up by it.
    const other = await registerMember(app.url, app.database);
    expect((await open(other.auth, { topic: "other", body: "Hi" })).status).toBe(201);
    app.advance(11 * minuteMs);
    expect((await write(member.auth, body.id, "Later")).status).toBe(201);
  });

  it("puts unanswered conversations first in the inbox, the longest waiting at the top", async () => {
    const staff = await signInStaff(app, "reviewer");
    const a = await registerMember(app.url, app.database);
    const b = await registerMember(app.url, app.database);
    app.advance(minuteMs);
    const older = (await open(a.auth, { topic: "account", body: "Waiting longest" })).body.id;
    app.advance(minuteMs);
    const newer = (await open(b.auth, { topic: "account", body: "Waiting less" })).body.id;
    app.advance(minuteMs);
    await reply(staff.auth, older, "Answered");
    const items: { id: string; unanswered: boolean }[] = (
      await call(`${app.url}/ops/support`, "GET", undefined, staff.auth)
    ).body.items;
    const ids = items.map((row) => row.id);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    const firstAnswered = items.findIndex((row) => !row.unanswered);
    expect(items.slice(firstAnswered).every((row) => !row.unanswered)).toBe(true);
    // A retried reply is sent once and audited once.
    const same = key();
    await reply(staff.auth, newer, "Only once", same);
    await reply(staff.auth, newer, "Only once", same);
    const thread = (await call(`${app.url}/ops/support/${newer}`, "GET", undefined, staff.auth)).body;
    expect(thread.messages.filter((message: { body: string }) => message.body === "Only once")).toHaveLength(
      1,
    );
    expect(await auditRows(`member:${b.memberId}`)).toHaveLength(1);
  });
});
