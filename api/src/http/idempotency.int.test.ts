import { rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  balanceOf,
  createChannel,
  fundingRowCounts,
  fundPassword,
  readyToWithdraw,
} from "../funding/funding-fixtures.ts";
import { fundPasswordFailuresMax } from "../identity/fund-password.ts";
import { filesIn, jpeg, postForm, tempUploadDir } from "../identity/identity-fixtures.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";

/**
 * An Idempotency-Key means one request, whatever route it names: a retry with the same key and
 * the same request gets the stored first answer (status and body) before any other check runs,
 * so it meets no refusal its first run caused and no throttle counts it; the same key with
 * another request, files included, is 422 IDEMPOTENCY_KEY_REUSED and changes nothing.
 */
let app: TestApp;
let uploadDir: string;
/** A JPY deposit channel, 10,000 to 5,000,000 yen. */
let channelId: string;

beforeAll(async () => {
  uploadDir = await tempUploadDir();
  app = await startTestApp({ UPLOAD_DIR: uploadDir });
  await seedDemo(app.database.db, Date.now());
  channelId = await createChannel(app.url, (await signInStaff(app, "supervisor")).auth);
});
afterAll(async () => {
  await app?.close();
  if (uploadDir) await rm(path.dirname(uploadDir), { recursive: true, force: true });
});

/** A verified member with a fund password, a card and a million yen. */
async function withdrawer() {
  const member = await registerMember(app.url, app.database);
  const cardId = await readyToWithdraw(app.database, member.memberId);
  await fund(app.database, member.memberId, "JPY", 1_000_000n);
  return { ...member, cardId };
}

const withdraw = (auth: Record<string, string>, body: unknown, key: string) =>
  call(`${app.url}/withdrawals`, "POST", body, { ...auth, "idempotency-key": key });

/** Rows and stored files: a refused request leaves both as they were. */
async function written() {
  return { ...(await fundingRowCounts(app.database)), files: (await filesIn(uploadDir)).length };
}

describe("the daily check-in", () => {
  it("answers a repeated key with the stored check-in, not ALREADY_CHECKED_IN, and pays once", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const checkIn = (key: string) =>
      call(`${app.url}/rewards/check-in`, "POST", {}, { ...auth, "idempotency-key": key });
    const first = await checkIn("check-in-today");
    expect(first.status).toBe(201);
    const again = await checkIn("check-in-today");
    expect([again.status, again.body]).toEqual([201, first.body]);
    // Another key is another check-in, which today has had.
    const other = await checkIn("check-in-again");
    expect([other.status, other.body.error.code]).toEqual([409, "ALREADY_CHECKED_IN"]);
    const rewards = await call(`${app.url}/rewards`, "GET", undefined, auth);
    expect(rewards.body.points).toBe(first.body.earned);
  });
});

describe("keyed requests of many members that arrive together", () => {
  // Their sessions and their keys' stored answers are read together, in one statement each
  // (`coalesced`): every member must still get only what is theirs.
  it("answers each member's retry with that member's first answer, and a signed-out member 401", async () => {
    const checkers = await Promise.all([1, 2, 3].map(() => registerMember(app.url, app.database)));
    const checkIn = (auth: Record<string, string>, key: string) =>
      call(`${app.url}/rewards/check-in`, "POST", {}, { ...auth, "idempotency-key": key });
    // The same key for every member: a key is the member's own.
    const firsts = await Promise.all(checkers.map(({ auth }) => checkIn(auth, "together")));
    expect(firsts.map((first) => first.status)).toEqual([201, 201, 201]);
    const leaver = await registerMember(app.url, app.database);
    const signedOut = await call(`${app.url}/auth/logout`, "POST", {}, leaver.auth);
    expect(signedOut.status).toBeLessThan(300);

    const [again, refused] = await Promise.all([
      Promise.all(checkers.map(({ auth }) => checkIn(auth, "together"))),
      checkIn(leaver.auth, "together"),
    ]);
    expect(again.map((answer) => [answer.status, answer.body])).toEqual(
      firsts.map((first) => [201, first.body]),
    );
    expect(refused.status).toBe(401);
    // Each member was paid once, by their own first check-in.
    for (const [index, { auth }] of checkers.entries()) {
      const rewards = await call(`${app.url}/rewards`, "GET", undefined, auth);
      expect(rewards.body.points).toBe(firsts[index]?.body.earned);
    }
  });
});

describe("a withdrawal", () => {
  it("answers many retries of one key sent at once with the first answer, holding once", async () => {
    const { auth, memberId, cardId } = await withdrawer();
    const body = { cardId, currency: "JPY", amount: "30000", fundPassword };
    // More than the fund password's throttle lets through at once: a retry must spend no guess.
    const retries = fundPasswordFailuresMax * 2;
    const answers = await Promise.all(
      Array.from({ length: retries }, () => withdraw(auth, body, "withdraw-once")),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(retries).fill(201));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
    expect(await balanceOf(app.database, memberId, "held", "JPY")).toBe(30_000n);
    const list = await call(`${app.url}/withdrawals`, "GET", undefined, auth);
    expect(list.body.items).toHaveLength(1);
  });

  it("answers a retry with the first answer while the fund password must wait", async () => {
    const { auth, cardId } = await withdrawer();
    const body = { cardId, currency: "JPY", amount: "20000", fundPassword };
    const first = await withdraw(auth, body, "withdraw-before-guesses");
    expect(first.status).toBe(201);
    // Someone with the member's session guesses the fund password until it has to wait.
    for (let guess = 0; guess < fundPasswordFailuresMax; guess += 1) {
      const wrong = await withdraw(auth, { ...body, fundPassword: "000000" }, `guess-${guess}`);
      expect(wrong.body.error.code).toBe("FUND_PASSWORD_WRONG");
    }
    const throttled = await withdraw(auth, { ...body, fundPassword: "000000" }, "guess-last");
    expect(throttled.body.error.code).toBe("FUND_PASSWORD_THROTTLED");
    const retry = await withdraw(auth, body, "withdraw-before-guesses");
    expect([retry.status, retry.body]).toEqual([201, first.body]);
  });

  it("replays the same JSON body with its keys in another order", async () => {
    const { auth, memberId, cardId } = await withdrawer();
    const first = await withdraw(
      auth,
      { cardId, currency: "JPY", amount: "10000", fundPassword },
      "reordered",
    );
    expect(first.status).toBe(201);
    const before = await written();
    const reordered = `{"fundPassword":"${fundPassword}","amount":"10000","currency":"JPY","cardId":"${cardId}"}`;
    const retry = await withdraw(auth, reordered, "reordered");
    expect([retry.status, retry.body]).toEqual([201, first.body]);
    expect(await written()).toEqual(before);
    expect(await balanceOf(app.database, memberId, "held", "JPY")).toBe(10_000n);
  });

  it("refuses the same key with another amount as the key's reuse, changing nothing", async () => {
    const { auth, cardId } = await withdrawer();
    const body = { cardId, currency: "JPY", amount: "10000", fundPassword };
    expect((await withdraw(auth, body, "reused")).status).toBe(201);
    const before = await written();
    const reused = await withdraw(auth, { ...body, amount: "20000" }, "reused");
    expect([reused.status, reused.body.error.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    expect(await written()).toEqual(before);
  });
});

describe("a deposit", () => {
  const deposit = (auth: Record<string, string>, receipt: Buffer, key: string) =>
    postForm(
      `${app.url}/deposits`,
      { channelId, amount: "70000" },
      { receipt: { bytes: receipt, name: "振込明細.jpg", type: "image/jpeg" } },
      { ...auth, "idempotency-key": key },
    );

  it("refuses the same key with another receipt image as the key's reuse, storing nothing", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const receipt = await jpeg();
    const first = await deposit(auth, receipt, "deposit-once");
    expect(first.status).toBe(201);
    const before = await written();
    const again = await deposit(auth, receipt, "deposit-once");
    expect([again.status, again.body]).toEqual([201, first.body]);
    const otherPhoto = await deposit(auth, await jpeg({ width: 80 }), "deposit-once");
    expect([otherPhoto.status, otherPhoto.body.error.code]).toEqual([422, "IDEMPOTENCY_KEY_REUSED"]);
    expect(await written()).toEqual(before);
  });
});
