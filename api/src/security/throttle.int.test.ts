import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsChallengeCookieName } from "../auth/auth.routes.ts";
import { smsCodeAttemptsMax, smsCodeTtlMs } from "../auth/auth.service.ts";
import { members, smsChallenges } from "../db/schema.ts";
import { hashToken } from "../kernel/member-sessions.ts";
import { StaffService } from "../ops/staff.service.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { throttleRules } from "./throttle.ts";

/**
 * What the attacker of the security review tried, against both stores: Redis (service mode;
 * REDIS_URL's server or the local one) and the in-process store of embedded mode. The apps
 * here trust the test itself as a proxy (TRUST_PROXY=loopback), so X-Forwarded-For picks the
 * address each request comes from; one app further down trusts nobody, as a default install.
 */

/** Guesses sent at once, and where the right secret sits among them (the review's #46 of 60). */
const burst = 60;
const rightAt = 45;

let nextAddress = 1;
/** A documentation address (TEST-NET-3) no other test uses. */
const freshAddress = () => `203.0.113.${nextAddress++}`;
const from = (ip: string, headers: Record<string, string> = {}) => ({ ...headers, "x-forwarded-for": ip });

function codes(answers: { status: number; body: { error?: { code: string } } }[]): Record<string, number> {
  const tally: Record<string, number> = {};
  for (const answer of answers) {
    const code = answer.status < 300 ? "OK" : (answer.body.error?.code ?? String(answer.status));
    tally[code] = (tally[code] ?? 0) + 1;
  }
  return tally;
}

/** Sends `burst` requests at once, the right secret at `rightAt`; the answers in sending order. */
function fire(
  send: (secret: string, index: number) => ReturnType<typeof call>,
  right: string,
  wrong: string,
) {
  return Promise.all(
    Array.from({ length: burst }, (_, index) => send(index === rightAt ? right : `${wrong}${index}`, index)),
  );
}

function challengeOf(answer: { headers: Headers }): string {
  const cookie = answer.headers.getSetCookie().find((line) => line.startsWith(`${smsChallengeCookieName}=`));
  if (!cookie) throw new Error("no challenge cookie");
  return cookie.slice(smsChallengeCookieName.length + 1).split(";")[0] as string;
}

async function accountOf(app: TestApp, memberId: string): Promise<string> {
  const [row] = await app.database.db.select().from(members).where(eq(members.id, memberId));
  return row?.account as string;
}

describe.each(["redis", "memory"] as const)("with the %s throttle store", (store) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: "loopback" }, { throttle: store });
    await seedDemo(app.database.db, Date.now());
  });
  afterAll(async () => {
    await app?.close();
  });

  const signIn = (account: string, password: string, ip: string) =>
    call(`${app.url}/auth/login`, "POST", { account, password }, from(ip));
  const requestCode = (account: string, ip: string, headers: Record<string, string> = {}) =>
    call(`${app.url}/auth/sms-code`, "POST", { account }, from(ip, headers));
  const smsLogin = (account: string, code: string, challenge: string, ip: string) =>
    call(
      `${app.url}/auth/sms-login`,
      "POST",
      { account, code },
      from(ip, { cookie: `${smsChallengeCookieName}=${challenge}` }),
    );

  describe("parallel guessing checks at most the limit", () => {
    it("member sign-in: the right password among 60 at once is refused, five are checked", async () => {
      const { memberId } = await registerMember(app.url, app.database);
      const account = await accountOf(app, memberId);
      const answers = await fire(
        (password) => signIn(account, password, freshAddress()),
        "secret123",
        "wrong",
      );
      const tally = codes(answers);
      expect(tally.LOGIN_FAILED).toBeLessThanOrEqual(throttleRules.signInAccount.limit);
      expect(tally.OK).toBeUndefined();
      expect(answers[rightAt]?.body.error.code).toBe("LOGIN_THROTTLED");
      expect((tally.LOGIN_FAILED ?? 0) + (tally.LOGIN_THROTTLED ?? 0)).toBe(burst);
    });

    it("staff sign-in: the same for the admin's login", async () => {
      const login = `guard.${store}`;
      await new StaffService(app.database.db).create(
        { login, name: login, role: "admin", password: "staff-password-1" },
        null,
        { nowMs: Date.now() },
      );
      const answers = await fire(
        (password) => call(`${app.url}/ops/auth/login`, "POST", { login, password }, from(freshAddress())),
        "staff-password-1",
        "guess-",
      );
      const tally = codes(answers);
      expect(tally.STAFF_LOGIN_FAILED).toBeLessThanOrEqual(throttleRules.staffAccount.limit);
      expect(tally.OK).toBeUndefined();
      expect(answers[rightAt]?.body.error.code).toBe("STAFF_LOGIN_THROTTLED");
    });

    it("the fund password: six digits cannot be walked through by sending them together", async () => {
      const member = await registerMember(app.url, app.database);
      const set = await call(
        `${app.url}/me/fund-password`,
        "POST",
        { loginPassword: "secret123", fundPassword: "246810", fundPasswordConfirm: "246810" },
        member.auth,
      );
      expect(set.status).toBe(200);
      const answers = await fire(
        (oldFundPassword) =>
          call(
            `${app.url}/me/fund-password`,
            "POST",
            { oldFundPassword, fundPassword: "975310", fundPasswordConfirm: "975310" },
            member.auth,
          ),
        "246810",
        "1000",
      );
      const tally = codes(answers);
      expect((tally.FUND_PASSWORD_WRONG ?? 0) + (tally.OK ?? 0)).toBeLessThanOrEqual(
        throttleRules.fundPassword.limit,
      );
      expect((tally.FUND_PASSWORD_THROTTLED ?? 0) + (tally.FUND_PASSWORD_WRONG ?? 0) + (tally.OK ?? 0)).toBe(
        burst,
      );
      // Each request reads its session and the member first, so which five reach the check
      // depends on the database's order: nearly always the right one comes later and is refused
      // unchecked; it may be one of the five, but there is never a sixth.
      if (!tally.OK) expect(answers[rightAt]?.body.error.code).toBe("FUND_PASSWORD_THROTTLED");
    });

    it("the old password of /me/password: a stolen session guesses no faster than sign-in", async () => {
      const member = await registerMember(app.url, app.database);
      const answers = await fire(
        (oldPassword) =>
          call(
            `${app.url}/me/password`,
            "POST",
            { oldPassword, password: "newsecret1", passwordConfirm: "newsecret1" },
            from(freshAddress(), member.auth),
          ),
        "secret123",
        "guess",
      );
      const tally = codes(answers);
      expect((tally.OLD_PASSWORD_WRONG ?? 0) + (tally.OK ?? 0)).toBeLessThanOrEqual(
        throttleRules.signInAccount.limit,
      );
      expect((tally.LOGIN_THROTTLED ?? 0) + (tally.OLD_PASSWORD_WRONG ?? 0) + (tally.OK ?? 0)).toBe(burst);
      // As for the fund password, the session is read first, so the right one is nearly always
      // refused unchecked; when it is not, it is one of the five.
      if (!tally.OK) {
        expect(answers[rightAt]?.body.error.code).toBe("LOGIN_THROTTLED");
        // It is the sign-in count: the account's password sign-in waits too.
        const account = await accountOf(app, member.memberId);
        expect((await signIn(account, "secret123", freshAddress())).body.error.code).toBe("LOGIN_THROTTLED");
      }
    });

    it("an SMS code: a burst at one code gets three guesses, and the right code after them is refused", async () => {
      const victim = "09012345678";
      const ip = freshAddress();
      const challenge = challengeOf(await requestCode(victim, ip));
      const code = app.sms.lastCode(victim) as string;
      const wrong = (index: number) => String((Number(code) + 1 + index) % 1_000_000).padStart(6, "0");
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) => smsLogin(victim, wrong(index), challenge, ip)),
      );
      expect(codes(answers)).toEqual({ SMS_CODE_WRONG: 20 });
      // The attempt is counted by the statement that reads the code's hash: never a fourth.
      const [row] = await app.database.db
        .select()
        .from(smsChallenges)
        .where(eq(smsChallenges.challengeHash, hashToken(challenge)));
      expect(row?.attempts).toBe(smsCodeAttemptsMax);
      expect((await smsLogin(victim, code, challenge, ip)).body.error.code).toBe("SMS_CODE_WRONG");
    });
  });

  describe("a lockout anyone can start does not keep the owner out", () => {
    it("the victim's password waits, but an SMS code from their own browser signs them in and clears it", async () => {
      const { memberId } = await registerMember(app.url, app.database);
      const account = await accountOf(app, memberId);
      // The attacker rotates addresses: every one of them is new, only the account's count stops them.
      for (let guess = 0; guess < 12; guess += 1) await signIn(account, `guess${guess}xx`, freshAddress());
      const victimAddress = "198.51.100.7";
      const refused = await signIn(account, "secret123", victimAddress);
      expect(refused.body.error.code).toBe("LOGIN_THROTTLED");

      // The attacker asks for codes for the victim too; each is good only for the browser that asked.
      const attackerChallenge = challengeOf(await requestCode(account, freshAddress()));
      const sent = await requestCode(account, victimAddress);
      expect(sent.status).toBe(200);
      const code = app.sms.lastCode(account) as string;
      expect(code).toMatch(/^\d{6}$/);
      expect((await smsLogin(account, code, attackerChallenge, freshAddress())).body.error.code).toBe(
        "SMS_CODE_WRONG",
      );
      const signedIn = await smsLogin(account, code, challengeOf(sent), victimAddress);
      expect(signedIn.status).toBe(200);
      expect(signedIn.body.member.account).toBe(account);
      expect(signedIn.headers.getSetCookie().some((line) => line.startsWith("kabuto_session="))).toBe(true);
      // Proving who they are cleared the password's count.
      expect((await signIn(account, "secret123", victimAddress)).status).toBe(200);
    });

    it("five wrong passwords no longer lock the admin for a quarter of an hour: a minute, then doubling", async () => {
      const login = `admin.${store}`;
      await new StaffService(app.database.db).create(
        { login, name: login, role: "admin", password: "staff-password-1" },
        null,
        { nowMs: Date.now() },
      );
      const staffSignIn = (password: string) =>
        call(`${app.url}/ops/auth/login`, "POST", { login, password }, from(freshAddress()));
      for (let guess = 0; guess < 5; guess += 1) await staffSignIn(`guess-${guess}`);
      expect((await staffSignIn("staff-password-1")).body.error.code).toBe("STAFF_LOGIN_THROTTLED");
      app.advance(throttleRules.staffAccount.backoff.firstMs);
      expect((await staffSignIn("staff-password-1")).status).toBe(200);
    });
  });

  describe("SMS sign-in codes", () => {
    it("answer a member and a stranger alike, and text only the member", async () => {
      const ip = freshAddress();
      const member = await requestCode("09012345678", ip);
      const stranger = await requestCode("08077776666", ip);
      expect([member.status, stranger.status]).toEqual([200, 200]);
      expect(member.body).toEqual(stranger.body);
      expect(member.body).toEqual({ ok: true, expiresInMs: smsCodeTtlMs });
      expect(challengeOf(member)).toMatch(/^[\w-]{43}$/);
      expect(challengeOf(stranger)).toMatch(/^[\w-]{43}$/);
      expect(app.sms.messagesTo("08077776666")).toEqual([]);
      expect(app.sms.lastCode("09012345678")).toMatch(/^\d{6}$/);
    });

    it("are hashed at rest, expire, and work once", async () => {
      const { memberId } = await registerMember(app.url, app.database);
      const account = await accountOf(app, memberId);
      const ip = freshAddress();
      const first = challengeOf(await requestCode(account, ip));
      const firstCode = app.sms.lastCode(account) as string;
      const [row] = await app.database.db
        .select()
        .from(smsChallenges)
        .where(eq(smsChallenges.account, account));
      expect(row?.codeHash.startsWith("$argon2id$")).toBe(true);
      expect(row?.codeHash).not.toContain(firstCode);
      expect(row?.challengeHash).not.toBe(first);

      app.advance(smsCodeTtlMs + 1);
      expect((await smsLogin(account, firstCode, first, ip)).body.error.code).toBe("SMS_CODE_WRONG");

      const second = challengeOf(await requestCode(account, ip));
      const secondCode = app.sms.lastCode(account) as string;
      const used = await Promise.all([1, 2, 3].map(() => smsLogin(account, secondCode, second, ip)));
      expect(codes(used)).toEqual({ OK: 1, SMS_CODE_WRONG: 2 });
    });

    it("are throttled per number and per address", async () => {
      const ip = freshAddress();
      for (let request = 0; request < throttleRules.smsSendPair.limit; request += 1) {
        expect((await requestCode("08011112222", ip)).status).toBe(200);
      }
      const again = await requestCode("08011112222", ip);
      expect([again.status, again.body.error.code]).toEqual([429, "SMS_THROTTLED"]);
      // Other addresses may still ask for that number, up to its own hourly allowance.
      let sent = throttleRules.smsSendPair.limit;
      while (sent < throttleRules.smsSendAccount.limit) {
        expect((await requestCode("08011112222", freshAddress())).status).toBe(200);
        sent += 1;
      }
      expect((await requestCode("08011112222", freshAddress())).body.error.code).toBe("SMS_THROTTLED");
      // One address asking for many numbers stops at its own limit.
      const sprayer = freshAddress();
      const sprayed = await Promise.all(
        Array.from({ length: 15 }, (_, index) =>
          requestCode(`0803333${String(index).padStart(4, "0")}`, sprayer),
        ),
      );
      expect(codes(sprayed)).toEqual({
        OK: throttleRules.smsSendAddress.limit,
        SMS_THROTTLED: 15 - throttleRules.smsSendAddress.limit,
      });
    });
  });
});

describe("an API that trusts no proxy (the default)", () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp({ REGISTRATIONS_PER_ADDRESS_HOUR: "4" });
    await seedDemo(app.database.db, Date.now());
  });
  afterAll(async () => {
    await app?.close();
  });

  it("ignores X-Forwarded-For: rotating it does not make a new address", async () => {
    const guesses = throttleRules.signInAddress.limit + 10;
    const answers = await Promise.all(
      Array.from({ length: guesses }, (_, index) =>
        call(
          `${app.url}/auth/login`,
          "POST",
          { account: `0807000${String(index).padStart(4, "0")}`, password: "wrong1234" },
          { "x-forwarded-for": `198.18.0.${index + 1}` },
        ),
      ),
    );
    expect(codes(answers)).toEqual({
      LOGIN_FAILED: throttleRules.signInAddress.limit,
      LOGIN_THROTTLED: guesses - throttleRules.signInAddress.limit,
    });
  });

  it("registration: counted per address, existing number or new, and refused alike once over", async () => {
    const body = (account: string) => ({
      account,
      password: "secret123",
      passwordConfirm: "secret123",
      inviteCode: "KABUTO",
      acceptTerms: true,
    });
    const register = (account: string) =>
      call(`${app.url}/auth/register`, "POST", body(account), { "x-forwarded-for": "198.18.1.1" });
    // A form error is not an attempt.
    const malformed = await call(`${app.url}/auth/register`, "POST", { ...body("123"), acceptTerms: false });
    expect(malformed.body.error.code).toBe("ACCOUNT_INVALID");
    expect((await register("08055550001")).status).toBe(201);
    expect((await register("09012345678")).body.error.code).toBe("ACCOUNT_EXISTS");
    // The rest of the hour's allowance, sent at once: two are processed, whatever arrives.
    const burstAnswers = await Promise.all(
      Array.from({ length: 10 }, (_, index) => register(`0805555${String(index + 10).padStart(4, "0")}`)),
    );
    expect(codes(burstAnswers)).toEqual({ OK: 2, REGISTRATION_THROTTLED: 8 });
    const existing = await register("09012345678");
    const fresh = await register("08055559999");
    expect([existing.status, existing.body.error.code]).toEqual([429, "REGISTRATION_THROTTLED"]);
    expect([fresh.status, fresh.body.error.code]).toEqual([429, "REGISTRATION_THROTTLED"]);
    expect(existing.body.error.details.retryAfterMs).toBeGreaterThan(0);
  });
});
