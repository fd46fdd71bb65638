import { rm } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { filesIn, jpeg, postForm, tempUploadDir } from "../identity/identity-fixtures.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { submissionsPerWindowMax } from "./fund-requests.ts";
import {
  balanceOf,
  createChannel,
  fundingRowCounts,
  fundPassword,
  readyToWithdraw,
} from "./funding-fixtures.ts";

let app: TestApp;
let uploadDir: string;
let reviewer: Record<string, string>;
let reviewerId: string;
let supervisor: Record<string, string>;
/** JPY, 10,000 to 5,000,000 yen. */
let channelId: string;
let receipt: Buffer;

beforeAll(async () => {
  uploadDir = await tempUploadDir();
  app = await startTestApp({ UPLOAD_DIR: uploadDir });
  await seedDemo(app.database.db, Date.now());
  const signedIn = await signInStaff(app, "reviewer");
  reviewer = signedIn.auth;
  reviewerId = signedIn.staffId;
  supervisor = (await signInStaff(app, "supervisor")).auth;
  channelId = await createChannel(app.url, supervisor);
  receipt = await jpeg();
});
afterAll(async () => {
  await app?.close();
  if (uploadDir) await rm(path.dirname(uploadDir), { recursive: true, force: true });
});

function deposit(
  auth: Record<string, string>,
  fields: Record<string, string>,
  file: { bytes: Uint8Array; name: string; type: string } | null = {
    bytes: receipt,
    name: "振込明細.jpg",
    type: "image/jpeg",
  },
  headers: Record<string, string> = {},
) {
  return postForm(`${app.url}/deposits`, fields, file ? { receipt: file } : {}, { ...auth, ...headers });
}

/** Rows and stored files: a refused deposit leaves both as they were. */
async function written() {
  return { ...(await fundingRowCounts(app.database)), files: (await filesIn(uploadDir)).length };
}

const review = (id: string, auth: Record<string, string>, body: unknown) =>
  call(`${app.url}/ops/deposits/${id}/review`, "POST", body, auth);

describe("a deposit", () => {
  it("is recorded as pending with its receipt stored, and moves no money until approved", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    const before = await written();
    const response = await deposit(auth, { channelId, amount: "250000" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      channelId,
      channelName: "Mizuho transfer",
      channelNames: null,
      currency: "JPY",
      amount: "250000",
      status: "pending",
      reason: null,
      createdAtMs: expect.any(Number),
      reviewedAtMs: null,
    });
    expect(await written()).toMatchObject({
      deposits: before.deposits + 1,
      uploads: before.uploads + 1,
      files: before.files + 1,
      journals: before.journals,
    });
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(0n);
    const list = await call(`${app.url}/deposits`, "GET", undefined, auth);
    expect(list.body.items).toEqual([response.body]);
    // The member can read their own receipt back; it was re-encoded as a JPEG.
    const [row] = (
      (await app.database.db.execute(
        sql`select receipt_upload_id from deposits where id = ${Number(response.body.id)}`,
      )) as unknown as { rows: { receipt_upload_id: string }[] }
    ).rows;
    const image = await fetch(`${app.url}/uploads/${row?.receipt_upload_id}`, { headers: auth });
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toContain("image/jpeg");
  });

  it("takes decimal amounts in a currency that has them", async () => {
    const usd = await createChannel(app.url, supervisor, {
      name: "USD wire",
      currency: "USD",
      min: "100",
      max: "10000",
    });
    const { auth } = await registerMember(app.url, app.database);
    const response = await deposit(auth, { channelId: usd, amount: "1234.56" });
    expect(response.body).toMatchObject({ currency: "USD", amount: "123456", channelName: "USD wire" });
  });

  const refusals: [string, () => Promise<Record<string, string>>, string | null, string, number][] = [
    [
      "an unknown channel",
      async () => ({ channelId: "999999", amount: "50000" }),
      "receipt",
      "CHANNEL_NOT_FOUND",
      404,
    ],
    [
      "a malformed channel",
      async () => ({ channelId: "1 or 1=1", amount: "50000" }),
      "receipt",
      "CHANNEL_NOT_FOUND",
      404,
    ],
    [
      "a disabled channel",
      async () => ({
        channelId: await createChannel(app.url, supervisor, { name: "closed", enabled: false }),
        amount: "50000",
      }),
      "receipt",
      "CHANNEL_NOT_FOUND",
      404,
    ],
    ["no amount", async () => ({ channelId }), "receipt", "AMOUNT_INVALID", 400],
    ["a non-number", async () => ({ channelId, amount: "五万" }), "receipt", "AMOUNT_INVALID", 400],
    ["a zero amount", async () => ({ channelId, amount: "0" }), "receipt", "AMOUNT_INVALID", 400],
    [
      "sen in a yen channel",
      async () => ({ channelId, amount: "50000.5" }),
      "receipt",
      "AMOUNT_INVALID",
      400,
    ],
    [
      "less than the channel takes",
      async () => ({ channelId, amount: "9999" }),
      "receipt",
      "AMOUNT_BELOW_MINIMUM",
      400,
    ],
    [
      "more than the channel takes",
      async () => ({ channelId, amount: "5000001" }),
      "receipt",
      "AMOUNT_ABOVE_MAXIMUM",
      400,
    ],
    ["no receipt", async () => ({ channelId, amount: "50000" }), null, "RECEIPT_REQUIRED", 400],
    [
      "a text file named .jpg",
      async () => ({ channelId, amount: "50000" }),
      "text",
      "UPLOAD_TYPE_INVALID",
      415,
    ],
  ];
  for (const [what, fields, file, code, status] of refusals) {
    it(`is refused for ${what} with ${code}, writing nothing`, async () => {
      const { auth } = await registerMember(app.url, app.database);
      const body = await fields();
      const before = await written();
      const part =
        file === "receipt"
          ? undefined
          : file === "text"
            ? {
                bytes: new TextEncoder().encode("not an image at all"),
                name: "receipt.jpg",
                type: "image/jpeg",
              }
            : null;
      const response = await deposit(auth, body, part);
      expect(response.status).toBe(status);
      expect(response.body.error.code).toBe(code);
      expect(await written()).toEqual(before);
    });
  }

  it("names the channel's bound when the amount is outside it", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const low = await deposit(auth, { channelId, amount: "9999" });
    expect(low.body.error.details).toEqual({ minimum: "10000", currency: "JPY" });
    const high = await deposit(auth, { channelId, amount: "5000001" });
    expect(high.body.error.details).toEqual({ maximum: "5000000", currency: "JPY" });
  });

  it("is refused for a frozen account, writing nothing", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await app.database.db.execute(sql`update members set frozen = true where id = ${memberId}`);
    const before = await written();
    const response = await deposit(auth, { channelId, amount: "50000" });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe("ACCOUNT_FROZEN");
    expect(await written()).toEqual(before);
  });

  it("is refused outside fund hours, writing nothing", async () => {
    const sunday = Date.parse("2026-11-22T03:00:00Z");
    const dir = await tempUploadDir();
    const closed = await startTestApp({ FUND_HOURS: "09:30-19:30", UPLOAD_DIR: dir }, { startMs: sunday });
    try {
      await seedDemo(closed.database.db, sunday);
      const staff = (await signInStaff(closed, "supervisor")).auth;
      const id = await createChannel(closed.url, staff);
      const { auth } = await registerMember(closed.url, closed.database);
      const before = await fundingRowCounts(closed.database);
      const response = await postForm(
        `${closed.url}/deposits`,
        { channelId: id, amount: "50000" },
        { receipt: { bytes: receipt, name: "r.jpg", type: "image/jpeg" } },
        auth,
      );
      expect(response.status).toBe(409);
      expect(response.body.error.code).toBe("OUTSIDE_FUND_HOURS");
      expect(await fundingRowCounts(closed.database)).toEqual(before);
      expect(await filesIn(dir)).toEqual([]);
    } finally {
      await closed.close();
      await rm(path.dirname(dir), { recursive: true, force: true });
    }
  });

  it("needs a signed-in member before anything is read", async () => {
    const before = await written();
    const response = await deposit({}, { channelId, amount: "50000" });
    expect(response.status).toBe(401);
    expect(await written()).toEqual(before);
  });

  it("waits while the member has a deposit pending", async () => {
    const { auth } = await registerMember(app.url, app.database);
    expect((await deposit(auth, { channelId, amount: "50000" })).status).toBe(201);
    const before = await written();
    const second = await deposit(auth, { channelId, amount: "60000" });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("FUND_OPERATION_IN_PROGRESS");
    expect(await written()).toEqual(before);
  });

  it("and a withdrawal waits for a pending deposit, and a deposit for an open withdrawal", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    const cardId = await readyToWithdraw(app.database, memberId);
    await fund(app.database, memberId, "JPY", 100_000n);
    const made = await deposit(auth, { channelId, amount: "50000" });
    let before = await written();
    const withdrawal = await call(
      `${app.url}/withdrawals`,
      "POST",
      { cardId, currency: "JPY", amount: "5000", fundPassword },
      auth,
    );
    expect(withdrawal.body.error.code).toBe("FUND_OPERATION_IN_PROGRESS");
    expect(await written()).toEqual(before);

    await review(made.body.id, reviewer, { decision: "reject", reason: "no transfer arrived" });
    const open = await call(
      `${app.url}/withdrawals`,
      "POST",
      { cardId, currency: "JPY", amount: "5000", fundPassword },
      auth,
    );
    expect(open.status).toBe(201);
    await call(`${app.url}/ops/withdrawals/${open.body.id}/check`, "POST", {}, reviewer);
    before = await written();
    const blocked = await deposit(auth, { channelId, amount: "50000" });
    expect(blocked.body.error.code).toBe("FUND_OPERATION_IN_PROGRESS");
    expect(await written()).toEqual(before);
  });

  it("lets one of many simultaneous deposits through, storing one receipt", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const before = await written();
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, index) => deposit(auth, { channelId, amount: String(20_000 + index) })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await written()).toMatchObject({
      deposits: before.deposits + 1,
      uploads: before.uploads + 1,
      files: before.files + 1,
    });
  });

  it(`counts deposits and withdrawals together against the rate of ${submissionsPerWindowMax} per ten minutes`, async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    const cardId = await readyToWithdraw(app.database, memberId);
    await fund(app.database, memberId, "JPY", 100_000n);
    for (let index = 0; index < submissionsPerWindowMax; index += 1) {
      if (index % 2 === 0) {
        const made = await deposit(auth, { channelId, amount: "10000" });
        expect(made.status).toBe(201);
        await review(made.body.id, reviewer, { decision: "reject", reason: "duplicate" });
      } else {
        const made = await call(
          `${app.url}/withdrawals`,
          "POST",
          { cardId, currency: "JPY", amount: "1000", fundPassword },
          auth,
        );
        expect(made.status).toBe(201);
        await call(
          `${app.url}/ops/withdrawals/${made.body.id}/review`,
          "POST",
          { decision: "reject", reason: "x" },
          reviewer,
        );
      }
    }
    const before = await written();
    const refused = await deposit(auth, { channelId, amount: "10000" });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe("SUBMITTING_TOO_FREQUENTLY");
    expect(await written()).toEqual(before);
  });

  it("answers a retry with the same key with the first result, storing one receipt", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    const headers = { "idempotency-key": `deposit-${memberId}` };
    const first = await deposit(auth, { channelId, amount: "70000" }, undefined, headers);
    const before = await written();
    const second = await deposit(auth, { channelId, amount: "70000" }, undefined, headers);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await written()).toEqual(before);
    const reused = await deposit(auth, { channelId, amount: "80000" }, undefined, headers);
    expect(reused.body.error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await written()).toEqual(before);
  });

  it("is private: another member neither lists it nor reads its receipt", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const made = await deposit(auth, { channelId, amount: "50000" });
    const detail = await call(`${app.url}/ops/deposits/${made.body.id}`, "GET", undefined, reviewer);
    const other = await registerMember(app.url, app.database);
    const list = await call(`${app.url}/deposits`, "GET", undefined, other.auth);
    expect(list.body.items).toEqual([]);
    const image = await call(
      `${app.url}/uploads/${detail.body.receiptUploadId}`,
      "GET",
      undefined,
      other.auth,
    );
    expect(image.status).toBe(404);
  });
});

describe("review by operations", () => {
  async function pending(amount = "300000") {
    const member = await registerMember(app.url, app.database);
    const made = await deposit(member.auth, { channelId, amount });
    expect(made.status).toBe(201);
    return { ...member, id: String(made.body.id) };
  }

  it("credits an approved deposit from the house clearing account, audited, in the fund records", async () => {
    const { auth, memberId, id } = await pending();
    const approved = await review(id, reviewer, { decision: "approve" });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      id,
      status: "approved",
      reviewedBy: reviewerId,
      journalId: expect.stringMatching(/^\d+$/),
      reviewedAtMs: expect.any(Number),
    });
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(300_000n);
    const mine = await call(`${app.url}/deposits`, "GET", undefined, auth);
    expect(mine.body.items[0]).toMatchObject({ id, status: "approved" });
    const records = await call(`${app.url}/ledger?type=deposit`, "GET", undefined, auth);
    expect(records.body.items).toMatchObject([
      {
        id: approved.body.journalId,
        kind: "deposit",
        ref: `deposit:${id}`,
        changes: [{ purpose: "available", currency: "JPY", amount: "300000" }],
      },
    ]);
    const audit = await call(`${app.url}/ops/audit?target=deposit:${id}`, "GET", undefined, supervisor);
    expect(audit.body.items).toMatchObject([
      {
        action: "deposit.approve",
        staffId: reviewerId,
        before: { status: "pending" },
        after: { status: "approved" },
      },
    ]);
    const again = await review(id, reviewer, { decision: "approve" });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("REQUEST_NOT_PENDING");
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(300_000n);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  it("rejects only with a reason, which the member reads, and moves no money", async () => {
    const { auth, memberId, id } = await pending();
    const before = await written();
    for (const body of [{ decision: "reject" }, { decision: "reject", reason: "   " }]) {
      const refused = await review(id, reviewer, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe("REASON_REQUIRED");
    }
    const malformed = await review(id, reviewer, { decision: "maybe" });
    expect(malformed.body.error.code).toBe("VALIDATION_FAILED");
    expect(await written()).toEqual(before);
    const rejected = await review(id, reviewer, { decision: "reject", reason: "入金が確認できません" });
    expect(rejected.body).toMatchObject({
      status: "rejected",
      reason: "入金が確認できません",
      journalId: null,
    });
    const mine = await call(`${app.url}/deposits`, "GET", undefined, auth);
    expect(mine.body.items[0]).toMatchObject({ status: "rejected", reason: "入金が確認できません" });
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(0n);
    expect((await written()).journals).toBe(before.journals);
    expect((await review(id, reviewer, { decision: "approve" })).body.error.code).toBe("REQUEST_NOT_PENDING");
  });

  it("shows the queue with the member, the receipt and the member's earlier requests", async () => {
    const first = await pending("20000");
    await review(first.id, reviewer, { decision: "approve" });
    const second = await deposit(first.auth, { channelId, amount: "30000" });
    const queue = await call(`${app.url}/ops/deposits`, "GET", undefined, reviewer);
    expect(queue.status).toBe(200);
    expect(queue.body.items.every((item: { status: string }) => item.status === "pending")).toBe(true);
    const item = queue.body.items.find((entry: { id: string }) => entry.id === second.body.id);
    expect(item).toMatchObject({
      memberId: first.memberId,
      memberAccount: expect.stringMatching(/^080/),
      receiptUploadId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      history: [{ kind: "deposit", id: first.id, amount: "20000", status: "approved" }],
    });
    const image = await fetch(`${app.url}/ops/uploads/${item.receiptUploadId}`, { headers: reviewer });
    expect(image.status).toBe(200);
    const approved = await call(`${app.url}/ops/deposits?status=approved`, "GET", undefined, reviewer);
    expect(approved.body.items.map((entry: { id: string }) => entry.id)).toContain(first.id);
    const detail = await call(`${app.url}/ops/deposits/${first.id}`, "GET", undefined, reviewer);
    expect(detail.body).toMatchObject({ id: first.id, status: "approved", history: [] });
    expect((await call(`${app.url}/ops/deposits?status=odd`, "GET", undefined, reviewer)).status).toBe(400);
  });

  it("answers unknown and malformed ids with DEPOSIT_NOT_FOUND", async () => {
    for (const id of ["999999", "abc"]) {
      expect((await call(`${app.url}/ops/deposits/${id}`, "GET", undefined, reviewer)).body.error.code).toBe(
        "DEPOSIT_NOT_FOUND",
      );
      expect((await review(id, reviewer, { decision: "approve" })).body.error.code).toBe("DEPOSIT_NOT_FOUND");
    }
  });

  it("is for staff only: members get 403, strangers 401, and nothing changes", async () => {
    const { auth, id } = await pending();
    const routes: [string, string, unknown][] = [
      ["GET", "/ops/deposits", undefined],
      ["GET", `/ops/deposits/${id}`, undefined],
      ["POST", `/ops/deposits/${id}/review`, { decision: "approve" }],
    ];
    const before = await written();
    for (const [method, route, body] of routes) {
      const asMember = await call(`${app.url}${route}`, method, body, auth);
      expect(asMember.status).toBe(403);
      expect(asMember.body.error.code).toBe("FORBIDDEN");
      const asNobody = await call(`${app.url}${route}`, method, body);
      expect(asNobody.status).toBe(401);
      expect(asNobody.body.error.code).toBe("STAFF_UNAUTHENTICATED");
    }
    expect(await written()).toEqual(before);
  });
});
