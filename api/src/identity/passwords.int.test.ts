import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { throttleRules } from "../security/throttle.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { bearerSignIn, call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { fundPasswordFailuresMax, verifyFundPassword } from "./fund-password.ts";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
});
afterAll(async () => {
  await app?.close();
});

/** What verifyFundPassword needs, as the app's services have it. */
const fundDeps = () => ({ db: app.database.db, throttle: app.throttle });

async function memberRow(target: TestApp, memberId: string) {
  const [row] = await target.database.db.select().from(members).where(eq(members.id, memberId));
  if (!row) throw new Error("no such member");
  return row;
}

/** A member signed in twice (two devices): both bearer headers. */
async function memberWithTwoSessions(target: TestApp = app) {
  const { auth, memberId } = await registerMember(target.url, target.database);
  const { account } = await memberRow(target, memberId);
  const login = await call(
    `${target.url}/auth/login`,
    "POST",
    { account, password: "secret123" },
    bearerSignIn,
  );
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { memberId, account, current: auth, other: { authorization: `Bearer ${login.body.token}` } };
}

const changeLogin = (auth: Record<string, string>, body: unknown, target: TestApp = app) =>
  call(`${target.url}/me/password`, "POST", body, auth);
const setFund = (auth: Record<string, string>, body: unknown) =>
  call(`${app.url}/me/fund-password`, "POST", body, auth);
const signedIn = async (auth: Record<string, string>, target: TestApp = app) =>
  (await call(`${target.url}/me`, "GET", undefined, auth)).status;

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

describe("the security status", () => {
  it("tells the screens what is set and which flags apply", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const status = await call(`${app.url}/me/security`, "GET", undefined, auth);
    expect(status.body).toEqual({
      fundPasswordSet: false,
      verification: "unverified",
      realName: null,
      frozen: false,
      tradingBarred: false,
      withdrawBarred: false,
    });
    expect((await call(`${app.url}/me/security`, "GET")).status).toBe(401);
  });
});

describe("changing the login password", () => {
  const refusals: [string, Record<string, string>, string][] = [
    ["a wrong old password", { oldPassword: "wrong1234" }, "OLD_PASSWORD_WRONG"],
    ["no old password", { oldPassword: "" }, "PASSWORD_REQUIRED"],
    ["a new password that is too short", { password: "abc", passwordConfirm: "abc" }, "PASSWORD_INVALID"],
    ["a confirmation that differs", { passwordConfirm: "newsecret9" }, "PASSWORDS_DIFFER"],
  ];
  for (const [what, change, code] of refusals) {
    it(`refuses ${what} (${code}): the hash and every session stay`, async () => {
      const member = await memberWithTwoSessions();
      const before = (await memberRow(app, member.memberId)).passwordHash;
      const body = {
        oldPassword: "secret123",
        password: "newsecret1",
        passwordConfirm: "newsecret1",
        ...change,
      };
      const refused = await changeLogin(member.current, body);
      expect([refused.status, refused.body.error.code]).toEqual([400, code]);
      expect((await memberRow(app, member.memberId)).passwordHash).toBe(before);
      expect([await signedIn(member.current), await signedIn(member.other)]).toEqual([200, 200]);
    });
  }

  it("ends the member's other sessions (their token gets 401) and keeps the current one", async () => {
    const member = await memberWithTwoSessions();
    const changed = await changeLogin(member.current, {
      oldPassword: "secret123",
      password: "newsecret1",
      passwordConfirm: "newsecret1",
    });
    expect([changed.status, changed.body]).toEqual([200, { ok: true }]);
    expect(await signedIn(member.current)).toBe(200);
    const ended = await call(`${app.url}/me`, "GET", undefined, member.other);
    expect([ended.status, ended.body.error.code]).toEqual([401, "UNAUTHENTICATED"]);
    const old = await call(`${app.url}/auth/login`, "POST", {
      account: member.account,
      password: "secret123",
    });
    expect(old.body.error.code).toBe("LOGIN_FAILED");
    const fresh = await call(`${app.url}/auth/login`, "POST", {
      account: member.account,
      password: "newsecret1",
    });
    expect(fresh.status).toBe(200);
    const hash = (await memberRow(app, member.memberId)).passwordHash;
    expect(hash.startsWith("$argon2id$")).toBe(true);
  });

  it("counts wrong old passwords as failed sign-ins: after five, even the right one waits (LOGIN_THROTTLED)", async () => {
    const member = await memberWithTwoSessions();
    const before = (await memberRow(app, member.memberId)).passwordHash;
    const body = (oldPassword: string) => ({
      oldPassword,
      password: "newsecret1",
      passwordConfirm: "newsecret1",
    });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await changeLogin(member.current, body("guess0000"))).body.error.code).toBe(
        "OLD_PASSWORD_WRONG",
      );
    }
    const throttled = await changeLogin(member.current, body("secret123"));
    expect([throttled.status, throttled.body.error.code]).toEqual([429, "LOGIN_THROTTLED"]);
    expect((await memberRow(app, member.memberId)).passwordHash).toBe(before);
  });

  it("drops ended sessions from the API's session cache at once", async () => {
    const cached = await startTestApp({ SESSION_CACHE_MS: "60000" });
    try {
      await seedDemo(cached.database.db, Date.now());
      const member = await memberWithTwoSessions(cached);
      // The other device's session is now remembered for a minute.
      expect(await signedIn(member.other, cached)).toBe(200);
      const changed = await changeLogin(
        member.current,
        { oldPassword: "secret123", password: "newsecret1", passwordConfirm: "newsecret1" },
        cached,
      );
      expect(changed.status).toBe(200);
      expect(await signedIn(member.other, cached)).toBe(401);
      expect(await signedIn(member.current, cached)).toBe(200);
    } finally {
      await cached.close();
    }
  });
});

describe("the fund password", () => {
  const first = { loginPassword: "secret123", fundPassword: "246810", fundPasswordConfirm: "246810" };

  it("is set the first time with the login password as proof; other sessions stay", async () => {
    const member = await memberWithTwoSessions();
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ loginPassword: undefined }, 400, "PASSWORD_REQUIRED"],
      [{ loginPassword: "wrong1234" }, 400, "OLD_PASSWORD_WRONG"],
      [{ fundPassword: "12345", fundPasswordConfirm: "12345" }, 400, "FUND_PASSWORD_INVALID"],
      [{ fundPassword: "abcdef", fundPasswordConfirm: "abcdef" }, 400, "FUND_PASSWORD_INVALID"],
      [{ fundPassword: "", fundPasswordConfirm: "" }, 400, "FUND_PASSWORD_REQUIRED"],
      [{ fundPasswordConfirm: "135790" }, 400, "PASSWORDS_DIFFER"],
    ];
    for (const [change, status, code] of refusals) {
      const refused = await setFund(member.current, { ...first, ...change });
      expect([refused.status, refused.body.error.code]).toEqual([status, code]);
      expect((await memberRow(app, member.memberId)).fundPasswordHash).toBeNull();
    }
    const set = await setFund(member.current, first);
    expect([set.status, set.body]).toEqual([200, { ok: true }]);
    expect((await memberRow(app, member.memberId)).fundPasswordHash?.startsWith("$argon2id$")).toBe(true);
    expect(
      (await call(`${app.url}/me/security`, "GET", undefined, member.current)).body.fundPasswordSet,
    ).toBe(true);
    expect([await signedIn(member.current), await signedIn(member.other)]).toEqual([200, 200]);
    expect(await codeOf(verifyFundPassword(fundDeps(), member.memberId, "246810", Date.now()))).toBe("OK");
  });

  it("is changed with the old fund password as proof, which ends the other sessions", async () => {
    const member = await memberWithTwoSessions();
    await setFund(member.current, first);
    const change = { oldFundPassword: "246810", fundPassword: "975310", fundPasswordConfirm: "975310" };
    const before = (await memberRow(app, member.memberId)).fundPasswordHash;
    const missing = await setFund(member.current, {
      ...change,
      oldFundPassword: undefined,
      loginPassword: "secret123",
    });
    expect([missing.status, missing.body.error.code]).toEqual([400, "FUND_PASSWORD_REQUIRED"]);
    const wrong = await setFund(member.current, { ...change, oldFundPassword: "000000" });
    expect([wrong.status, wrong.body.error.code]).toEqual([400, "FUND_PASSWORD_WRONG"]);
    expect((await memberRow(app, member.memberId)).fundPasswordHash).toBe(before);
    expect(await signedIn(member.other)).toBe(200);

    const changed = await setFund(member.current, change);
    expect(changed.status).toBe(200);
    expect(await signedIn(member.current)).toBe(200);
    expect(await signedIn(member.other)).toBe(401);
    expect(await codeOf(verifyFundPassword(fundDeps(), member.memberId, "975310", Date.now()))).toBe("OK");
    expect(await codeOf(verifyFundPassword(fundDeps(), member.memberId, "246810", Date.now()))).toBe(
      "FUND_PASSWORD_WRONG",
    );
  });

  it("cannot be guessed through the change form either: wrong old ones count toward the throttle", async () => {
    const member = await memberWithTwoSessions();
    await setFund(member.current, first);
    const change = (oldFundPassword: string) => ({
      oldFundPassword,
      fundPassword: "975310",
      fundPasswordConfirm: "975310",
    });
    for (let attempt = 0; attempt < fundPasswordFailuresMax; attempt += 1) {
      expect((await setFund(member.current, change(`00000${attempt}`))).body.error.code).toBe(
        "FUND_PASSWORD_WRONG",
      );
    }
    const throttled = await setFund(member.current, change("246810"));
    expect([throttled.status, throttled.body.error.code]).toEqual([429, "FUND_PASSWORD_THROTTLED"]);
  });
});

describe("verifyFundPassword (for withdrawals)", () => {
  it("refuses until a fund password is set (FUND_PASSWORD_NOT_SET)", async () => {
    const { memberId } = await registerMember(app.url, app.database);
    expect(await codeOf(verifyFundPassword(fundDeps(), memberId, "123456", Date.now()))).toBe(
      "FUND_PASSWORD_NOT_SET",
    );
  });

  it(`slows down after ${fundPasswordFailuresMax} wrong ones: the right one waits, then works and clears the count`, async () => {
    const member = await memberWithTwoSessions();
    await setFund(member.current, {
      loginPassword: "secret123",
      fundPassword: "246810",
      fundPasswordConfirm: "246810",
    });
    const startMs = Date.now();
    const attemptsLeft: unknown[] = [];
    for (let attempt = 0; attempt < fundPasswordFailuresMax; attempt += 1) {
      try {
        await verifyFundPassword(fundDeps(), member.memberId, "111111", startMs + attempt);
      } catch (error) {
        expect((error as AppError).code).toBe("FUND_PASSWORD_WRONG");
        attemptsLeft.push((error as AppError).details?.attemptsLeft);
      }
    }
    expect(attemptsLeft).toEqual([4, 3, 2, 1, 0]);
    expect(await codeOf(verifyFundPassword(fundDeps(), member.memberId, "246810", startMs + 10))).toBe(
      "FUND_PASSWORD_THROTTLED",
    );
    const firstWaitMs = throttleRules.fundPassword.backoff.firstMs;
    const later = startMs + firstWaitMs + 10;
    expect(await codeOf(verifyFundPassword(fundDeps(), member.memberId, "246810", later))).toBe("OK");
    // The right one cleared the count: five more wrong ones before any wait.
    for (let attempt = 0; attempt < fundPasswordFailuresMax; attempt += 1) {
      expect(
        await codeOf(verifyFundPassword(fundDeps(), member.memberId, "111111", later + 1 + attempt)),
      ).toBe("FUND_PASSWORD_WRONG");
    }
  });
});
