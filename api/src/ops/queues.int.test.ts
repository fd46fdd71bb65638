import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChannel, readyToWithdraw } from "../funding/funding-fixtures.ts";
import {
  jpeg,
  postForm,
  removeTempUploadDirs,
  submitKyc,
  tempUploadDir,
} from "../identity/identity-fixtures.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { signInStaff } from "./members.fixtures.ts";

let app: TestApp;
let reviewer: Record<string, string>;
let channelId: string;
let supervisor: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp({ UPLOAD_DIR: await tempUploadDir() });
  await seedDemo(app.database.db, Date.now());
  reviewer = (await signInStaff(app, "reviewer")).auth;
  supervisor = (await signInStaff(app, "supervisor")).auth;
  channelId = await createChannel(app.url, supervisor);
});
afterAll(async () => {
  await app?.close();
  await removeTempUploadDirs();
});

const queues = async () => (await call(`${app.url}/ops/queues`, "GET", undefined, reviewer)).body;

async function withdrawal(): Promise<string> {
  const member = await registerMember(app.url, app.database);
  const cardId = await readyToWithdraw(app.database, member.memberId);
  await fund(app.database, member.memberId, "JPY", 1_000_000n);
  const made = await call(
    `${app.url}/withdrawals`,
    "POST",
    { cardId, currency: "JPY", amount: "100000", fundPassword: "246810" },
    member.auth,
  );
  if (made.status !== 201) throw new Error(`withdrawal not made: ${JSON.stringify(made.body)}`);
  return String(made.body.id);
}

/** A verified member with a yen line asks for a loan: one request in the loan queue. */
async function loanRequest(): Promise<number> {
  const member = await registerMember(app.url, app.database);
  await readyToWithdraw(app.database, member.memberId);
  const line = { score: 600, lines: { JPY: "100000", USD: "0" }, reason: "queue test" };
  await call(`${app.url}/ops/members/${member.memberId}/credit`, "PUT", line, supervisor);
  const asked = await call(`${app.url}/loans`, "POST", { currency: "JPY", amount: "50000" }, member.auth);
  if (asked.status !== 201) throw new Error(`loan not asked for: ${JSON.stringify(asked.body)}`);
  return asked.body.createdAtMs;
}

describe("the review queues on the overview", () => {
  it("count every open request exactly, with when the oldest came, and drop decided ones", async () => {
    const none = { count: 0, oldestAtMs: null };
    expect(await queues()).toEqual({
      kyc: none,
      deposits: none,
      withdrawalsToCheck: none,
      withdrawalsToApprove: none,
      loans: none,
      dayTrading: none,
    });

    const first = await submitKyc(app.url, (await registerMember(app.url, app.database)).auth);
    await submitKyc(app.url, (await registerMember(app.url, app.database)).auth);
    const depositor = await registerMember(app.url, app.database);
    const deposited = await postForm(
      `${app.url}/deposits`,
      { channelId, amount: "250000" },
      { receipt: { bytes: await jpeg(), name: "receipt.jpg", type: "image/jpeg" } },
      depositor.auth,
    );
    expect(deposited.status).toBe(201);
    const toCheck = await withdrawal();
    const toApprove = await withdrawal();
    const checked = await call(`${app.url}/ops/withdrawals/${toApprove}/check`, "POST", {}, reviewer);
    expect(checked.status).toBe(200);
    const loanAskedAtMs = await loanRequest();
    const dayTrader = await registerMember(app.url, app.database);
    const applied = await call(`${app.url}/day-trading/application`, "POST", { agree: true }, dayTrader.auth);
    expect(applied.status).toBe(201);

    expect(await queues()).toEqual({
      kyc: { count: 2, oldestAtMs: first.body.application.createdAtMs },
      deposits: { count: 1, oldestAtMs: deposited.body.createdAtMs },
      withdrawalsToCheck: { count: 1, oldestAtMs: expect.any(Number) },
      withdrawalsToApprove: { count: 1, oldestAtMs: expect.any(Number) },
      loans: { count: 1, oldestAtMs: loanAskedAtMs },
      dayTrading: { count: 1, oldestAtMs: applied.body.createdAtMs },
    });

    const rejected = await call(
      `${app.url}/ops/kyc/${first.body.application.id}/review`,
      "POST",
      { decision: "reject", reason: "The photo is blurred" },
      reviewer,
    );
    expect(rejected.status).toBe(200);
    const rejectedCheck = await call(
      `${app.url}/ops/withdrawals/${toCheck}/review`,
      "POST",
      { decision: "reject", reason: "The card is closed" },
      reviewer,
    );
    expect(rejectedCheck.status).toBe(200);
    const approved = await call(
      `${app.url}/ops/day-trading/applications/${applied.body.id}/review`,
      "POST",
      { decision: "approve" },
      reviewer,
    );
    expect(approved.status).toBe(200);
    const after = await queues();
    expect(after.dayTrading).toEqual(none);
    expect(after.kyc.count).toBe(1);
    expect(after.kyc.oldestAtMs).toBeGreaterThanOrEqual(first.body.application.createdAtMs);
    expect(after.withdrawalsToCheck).toEqual(none);
  });
});
