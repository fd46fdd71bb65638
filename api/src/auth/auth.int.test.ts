import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members, sessions } from "../db/schema.ts";
import { throttleRules } from "../security/throttle.ts";
import { seedDemo } from "../seed.ts";
import { bearerSignIn, call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { smsChallengeCookieName } from "./auth.routes.ts";

let app: TestApp;
let nextNumber = 10_000_000;
/** A fresh Japanese mobile number for each registration. */
const mobile = () => `090${String(nextNumber++).padStart(8, "0")}`;
const valid = () => ({
  account: mobile(),
  password: "secret123",
  passwordConfirm: "secret123",
  inviteCode: "KABUTO",
  acceptTerms: true,
});

async function memberCount(): Promise<number> {
  const [row] = await app.database.db.select({ n: count() }).from(members);
  return row?.n ?? 0;
}

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
});
afterAll(async () => {
  await app?.close();
});

describe("registration", () => {
  it("creates a member, signs them in with an httpOnly cookie and no token a script could read, and /me knows them", async () => {
    const body = valid();
    const registered = await call(`${app.url}/auth/register`, "POST", body);
    expect(registered.status).toBe(201);
    expect(registered.body.member.account).toBe(body.account);
    expect(registered.body.member.inviteCode).toMatch(/^[2-9A-Z]{6}$/);
    expect(registered.body.token).toBeUndefined();
    const cookie = registered.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/kabuto_session=.+HttpOnly/i);
    const me = await call(`${app.url}/me`, "GET", undefined, { cookie: cookie.split(";")[0] ?? "" });
    expect(me.status).toBe(200);
    expect(me.body.account).toBe(body.account);
    expect(me.body.verification).toBe("unverified");
  });

  it("accepts the spec's ten-digit account numbers", async () => {
    const registered = await call(`${app.url}/auth/register`, "POST", { ...valid(), account: "1234567890" });
    expect(registered.status).toBe(201);
  });

  const refusals: [string, Record<string, unknown>, string, number][] = [
    ["a missing account", { account: "" }, "ACCOUNT_REQUIRED", 400],
    ["an account of letters", { account: "abcdefghij" }, "ACCOUNT_INVALID", 400],
    ["a nine-digit account", { account: "123456789" }, "ACCOUNT_INVALID", 400],
    ["an eleven-digit number not starting 070/080/090", { account: "01012345678" }, "ACCOUNT_INVALID", 400],
    ["a short password", { password: "abc12", passwordConfirm: "abc12" }, "PASSWORD_INVALID", 400],
    [
      "a password with symbols",
      { password: "secret!23", passwordConfirm: "secret!23" },
      "PASSWORD_INVALID",
      400,
    ],
    ["passwords that differ", { passwordConfirm: "secret124" }, "PASSWORDS_DIFFER", 400],
    ["no invitation code", { inviteCode: "" }, "INVITE_CODE_REQUIRED", 400],
    ["an unknown invitation code", { inviteCode: "NOPE42" }, "INVITER_NOT_FOUND", 400],
    ["terms not accepted", { acceptTerms: false }, "TERMS_NOT_ACCEPTED", 400],
  ];
  for (const [what, change, code, status] of refusals) {
    it(`refuses ${what} with ${code} and writes nothing`, async () => {
      const before = await memberCount();
      const response = await call(`${app.url}/auth/register`, "POST", { ...valid(), ...change });
      expect(response.status).toBe(status);
      expect(response.body.error.code).toBe(code);
      expect(response.headers.get("set-cookie")).toBeNull();
      expect(await memberCount()).toBe(before);
    });
  }

  it("refuses an account that exists with ACCOUNT_EXISTS, even when two requests race", async () => {
    const body = valid();
    const results = await Promise.all([1, 2, 3].map(() => call(`${app.url}/auth/register`, "POST", body)));
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409]);
    const again = await call(`${app.url}/auth/register`, "POST", body);
    expect(again.body.error.code).toBe("ACCOUNT_EXISTS");
  });

  it("refuses a body that is not JSON with BAD_REQUEST", async () => {
    const response = await call(`${app.url}/auth/register`, "POST", "{not json");
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("BAD_REQUEST");
  });

  it("lists every field's problem in details.fields", async () => {
    const response = await call(`${app.url}/auth/register`, "POST", { account: "x", password: "y" });
    expect(response.body.error.details.fields).toMatchObject({
      account: "ACCOUNT_INVALID",
      password: "PASSWORD_INVALID",
      acceptTerms: "TERMS_NOT_ACCEPTED",
    });
  });
});

describe("the session cache", () => {
  it("forgets a session signed out through this process at once", async () => {
    const cached = await startTestApp({ SESSION_CACHE_MS: "60000" });
    try {
      await seedDemo(cached.database.db, Date.now());
      const login = await call(
        `${cached.url}/auth/login`,
        "POST",
        { account: "09012345678", password: "demo1234" },
        bearerSignIn,
      );
      const auth = { authorization: `Bearer ${login.body.token}` };
      expect((await call(`${cached.url}/me`, "GET", undefined, auth)).status).toBe(200);
      expect((await call(`${cached.url}/auth/logout`, "POST", {}, auth)).status).toBe(200);
      expect((await call(`${cached.url}/me`, "GET", undefined, auth)).status).toBe(401);
    } finally {
      await cached.close();
    }
  });
});

describe("sign-in", () => {
  it("signs the demo member in, and out again", async () => {
    const login = await call(
      `${app.url}/auth/login`,
      "POST",
      { account: "09012345678", password: "demo1234" },
      bearerSignIn,
    );
    expect(login.status).toBe(200);
    // A bearer sign-in answers the token and sets no cookie, so its caller is exempt from the CSRF check.
    expect(login.headers.get("set-cookie")).toBeNull();
    const auth = { authorization: `Bearer ${login.body.token}` };
    expect((await call(`${app.url}/me`, "GET", undefined, auth)).status).toBe(200);
    expect((await call(`${app.url}/auth/logout`, "POST", {}, auth)).status).toBe(200);
    const after = await call(`${app.url}/me`, "GET", undefined, auth);
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe("UNAUTHENTICATED");
  });

  it("gives the same LOGIN_FAILED for a wrong password and an unknown account", async () => {
    const wrong = await call(`${app.url}/auth/login`, "POST", {
      account: "09012345678",
      password: "wrong123",
    });
    const unknown = await call(`${app.url}/auth/login`, "POST", {
      account: "08099999999",
      password: "wrong123",
    });
    expect([wrong.status, unknown.status]).toEqual([401, 401]);
    expect([wrong.body.error.code, unknown.body.error.code]).toEqual(["LOGIN_FAILED", "LOGIN_FAILED"]);
  });

  it("refuses empty fields with their own codes and counts no attempt", async () => {
    const body = valid();
    await call(`${app.url}/auth/register`, "POST", body);
    const empty = await call(`${app.url}/auth/login`, "POST", { account: "", password: "" });
    expect(empty.body.error.code).toBe("ACCOUNT_REQUIRED");
    for (let attempt = 0; attempt <= throttleRules.signInAccount.limit; attempt += 1) {
      const noPassword = await call(`${app.url}/auth/login`, "POST", { account: body.account });
      expect(noPassword.body.error.code).toBe("PASSWORD_REQUIRED");
    }
    const right = await call(`${app.url}/auth/login`, "POST", {
      account: body.account,
      password: body.password,
    });
    expect(right.status).toBe(200);
  });

  it("slows an account down after five failures, even with the right password, then lets the owner in", async () => {
    const body = valid();
    await call(`${app.url}/auth/register`, "POST", body);
    const attempt = (password: string) =>
      call(`${app.url}/auth/login`, "POST", { account: body.account, password });
    for (let failure = 0; failure < 5; failure += 1) {
      expect((await attempt("wrong123")).body.error.code).toBe("LOGIN_FAILED");
    }
    const [sessionsBefore] = await app.database.db.select({ n: count() }).from(sessions);
    const throttled = await attempt(body.password);
    expect(throttled.status).toBe(429);
    const firstMs = throttleRules.signInAccount.backoff.firstMs;
    expect(throttled.body.error.code).toBe("LOGIN_THROTTLED");
    // The wait started at the fifth failure, a moment ago.
    expect(throttled.body.error.details.retryAfterMs).toBeGreaterThan(firstMs - 5_000);
    expect(throttled.body.error.details.retryAfterMs).toBeLessThanOrEqual(firstMs);
    const [sessionsAfter] = await app.database.db.select({ n: count() }).from(sessions);
    expect(sessionsAfter?.n).toBe(sessionsBefore?.n);
    // A minute later one more guess is checked; the wait after it doubles.
    app.advance(firstMs);
    expect((await attempt("wrong123")).body.error.code).toBe("LOGIN_FAILED");
    const doubled = await attempt(body.password);
    expect(doubled.body.error.code).toBe("LOGIN_THROTTLED");
    expect(doubled.body.error.details.retryAfterMs).toBeGreaterThan(2 * firstMs - 5_000);
    app.advance(2 * firstMs);
    expect((await attempt(body.password)).status).toBe(200);
    // The right password cleared the count: a typo now costs nothing more than a typo.
    expect((await attempt("wrong123")).body.error.code).toBe("LOGIN_FAILED");
    expect((await attempt(body.password)).status).toBe(200);
  });
});

describe("SMS sign-in's answer", () => {
  const challengeOf = (answer: { headers: Headers }) => {
    const line = answer.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith(`${smsChallengeCookieName}=`));
    return line?.split(";")[0] ?? "";
  };
  const signInBySms = async (headers: Record<string, string>) => {
    const body = valid();
    expect((await call(`${app.url}/auth/register`, "POST", body)).status).toBe(201);
    const sent = await call(`${app.url}/auth/sms-code`, "POST", { account: body.account });
    const code = app.sms.lastCode(body.account) as string;
    return call(
      `${app.url}/auth/sms-login`,
      "POST",
      { account: body.account, code },
      { cookie: challengeOf(sent), ...headers },
    );
  };

  it("gives a browser the httpOnly cookie and no token a script could read", async () => {
    const signedIn = await signInBySms({});
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toBeUndefined();
    expect(signedIn.headers.getSetCookie().some((cookie) => /^kabuto_session=.+HttpOnly/i.test(cookie))).toBe(
      true,
    );
  });

  it("gives the native wrapper, which asks for bearer transport, the token and no session cookie", async () => {
    const signedIn = await signInBySms(bearerSignIn);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));
    expect(signedIn.headers.getSetCookie().some((cookie) => cookie.startsWith("kabuto_session="))).toBe(
      false,
    );
    const me = await call(`${app.url}/me`, "GET", undefined, {
      authorization: `Bearer ${signedIn.body.token}`,
    });
    expect(me.status).toBe(200);
  });
});
