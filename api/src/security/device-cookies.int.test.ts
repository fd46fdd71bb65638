import {
  bearerTransport,
  deviceCookieName,
  deviceTokenHeader,
  sessionTransportHeader,
  staffDeviceCookieName,
} from "@kabuto/shared/api/auth";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { members } from "../db/schema.ts";
import { StaffService } from "../ops/staff.service.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { throttleRules } from "./throttle.ts";

/**
 * The attacker's probe that locked members and the admin out, against OWASP's device cookies: a
 * browser that signed in to an account before keeps signing in to it, within a budget of its
 * own, however many guesses others make. On the Redis store, as service mode counts; the app
 * trusts the test as its proxy (TRUST_PROXY=loopback), so X-Forwarded-For says where each
 * request comes from.
 */

let nextAddress = 1;
/** A documentation address (TEST-NET-2) no other request of this file uses. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

type Answer = Awaited<ReturnType<typeof call>>;

/**
 * A browser: it keeps the cookies answers set (each with its path, as a browser scopes them) and
 * sends back those whose path the request falls under, from one address of its own.
 */
class Browser {
  private readonly jar = new Map<string, { value: string; path: string }>();
  private readonly base: string;
  readonly ip: string;

  constructor(base: string, ip: string = freshAddress()) {
    this.base = base;
    this.ip = ip;
  }

  async post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const url = new URL(`${this.base}${path}`);
    const cookie = [...this.jar]
      .filter(([, held]) => url.pathname.startsWith(held.path))
      .map(([name, held]) => `${name}=${held.value}`)
      .join("; ");
    const answer = await call(url.toString(), "POST", body, {
      "x-forwarded-for": this.ip,
      ...(cookie ? { cookie } : {}),
      ...headers,
    });
    for (const line of answer.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
      const [name = "", value = ""] = pair.split("=");
      const path = attributes.find((part) => part.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
      if (value === "" || attributes.some((part) => /^expires=thu, 01 jan 1970/i.test(part))) {
        this.jar.delete(name);
      } else {
        this.jar.set(name, { value, path });
      }
    }
    return answer;
  }

  cookie(name: string): string | undefined {
    return this.jar.get(name)?.value;
  }

  setCookie(name: string, value: string, path: string): void {
    this.jar.set(name, { value, path });
  }
}

const codeOf = (answer: Answer) => (answer.status < 300 ? "OK" : answer.body?.error?.code);

describe("device cookies keep an owner's own device signing in", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ TRUST_PROXY: "loopback" }, { throttle: "redis" });
    // The demo member's invitation code lets the test's members register.
    await seedDemo(app.database.db, Date.now());
  });
  afterAll(async () => {
    await app?.close();
  });

  const browser = () => new Browser(app.url);
  const signIn = (from: Browser, account: string, password: string, headers?: Record<string, string>) =>
    from.post("/auth/login", { account, password }, headers);

  async function newMember(): Promise<string> {
    const { memberId } = await registerMember(app.url, app.database);
    const [row] = await app.database.db.select().from(members).where(eq(members.id, memberId));
    return row?.account as string;
  }

  /** The probe: wrong passwords from a new address each, until the account's untrusted budget is spent. */
  async function lockOut(account: string): Promise<void> {
    for (let guess = 0; guess < throttleRules.signInAccount.limit; guess += 1) {
      expect(codeOf(await signIn(browser(), account, `guess${guess}xyz`))).toBe("LOGIN_FAILED");
    }
    // Anyone without the account's device cookie now waits, the owner on a new phone included.
    expect(codeOf(await signIn(browser(), account, "secret123"))).toBe("LOGIN_THROTTLED");
  }

  describe("member password sign-in", () => {
    it("the owner's browser that signed in before still signs in while an attacker holds the account", async () => {
      const account = await newMember();
      const owner = browser();
      expect(codeOf(await signIn(owner, account, "secret123"))).toBe("OK");
      await lockOut(account);

      const again = await signIn(owner, account, "secret123");
      expect(codeOf(again)).toBe("OK");
      expect(again.body.member.account).toBe(account);
      // Signing in does not lift the attacker's wait: only the owner's device is let through.
      expect(codeOf(await signIn(browser(), account, "secret123"))).toBe("LOGIN_THROTTLED");
    });

    it("the owner's device has five wrong tries of its own, then waits like everyone else", async () => {
      const account = await newMember();
      const owner = browser();
      expect(codeOf(await signIn(owner, account, "secret123"))).toBe("OK");
      await lockOut(account);
      for (let guess = 0; guess < throttleRules.signInDevice.limit; guess += 1) {
        expect(codeOf(await signIn(owner, account, `typo${guess}abc`))).toBe("LOGIN_FAILED");
      }
      const spent = await signIn(owner, account, "secret123");
      expect([spent.status, codeOf(spent)]).toEqual([429, "LOGIN_THROTTLED"]);
      expect(spent.body.error.details.retryAfterMs).toBeGreaterThan(0);
    });

    it("a device's wrong tries spend its own budget, not the account's: others still sign in", async () => {
      const account = await newMember();
      const owner = browser();
      expect(codeOf(await signIn(owner, account, "secret123"))).toBe("OK");
      for (let guess = 0; guess < throttleRules.signInDevice.limit; guess += 1) {
        expect(codeOf(await signIn(owner, account, `typo${guess}abc`))).toBe("LOGIN_FAILED");
      }
      // The member's other phone, with no device cookie yet, finds the account untouched.
      expect(codeOf(await signIn(browser(), account, "secret123"))).toBe("OK");
    });

    it("only a cookie the server signed for that account lets a browser through", async () => {
      const account = await newMember();
      const other = await newMember();
      const owner = browser();
      expect(codeOf(await signIn(owner, account, "secret123"))).toBe("OK");
      const genuine = owner.cookie(deviceCookieName) as string;
      const elsewhere = browser();
      expect(codeOf(await signIn(elsewhere, other, "secret123"))).toBe("OK");
      await lockOut(account);

      // Another account's cookie, the owner's with its signature altered, and a made-up one.
      const [nonce = "", signature = ""] = genuine.split(".");
      const altered = `${nonce}.${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
      const madeUp = `${"n".repeat(22)}.${"s".repeat(43)}`;
      expect(codeOf(await signIn(elsewhere, account, "secret123"))).toBe("LOGIN_THROTTLED");
      for (const forged of [altered, madeUp, "not-a-device-token"]) {
        const attacker = browser();
        attacker.setCookie(deviceCookieName, forged, "/api/v1/auth");
        expect(codeOf(await signIn(attacker, account, "secret123"))).toBe("LOGIN_THROTTLED");
        expect(codeOf(await signIn(browser(), account, "secret123", { [deviceTokenHeader]: forged }))).toBe(
          "LOGIN_THROTTLED",
        );
      }
      // The genuine one, from any address, is still let through.
      const copy = browser();
      copy.setCookie(deviceCookieName, genuine, "/api/v1/auth");
      expect(codeOf(await signIn(copy, account, "secret123"))).toBe("OK");
    });

    it("a native app gets its device token in the answer and sends it back in a header", async () => {
      const account = await newMember();
      const app1 = browser();
      const bearer = { [sessionTransportHeader]: bearerTransport };
      const first = await signIn(app1, account, "secret123", bearer);
      expect(codeOf(first)).toBe("OK");
      expect(first.body.deviceToken).toMatch(/^[\w-]{22}\.[\w-]{43}$/);
      expect(first.headers.getSetCookie()).toEqual([]);
      await lockOut(account);
      const again = await signIn(browser(), account, "secret123", {
        ...bearer,
        [deviceTokenHeader]: first.body.deviceToken,
      });
      expect(codeOf(again)).toBe("OK");
      expect(again.body.token).toBeDefined();
    });
  });

  describe("SMS sign-in codes", () => {
    it("codes others asked for the number do not hold up the owner's device, whose own budget stays capped", async () => {
      const account = await newMember();
      const owner = browser();
      expect(codeOf(await signIn(owner, account, "secret123"))).toBe("OK");
      // The probe: codes for the owner's number from four addresses, until the number's hour is spent.
      const attackers = [browser(), browser(), browser(), browser()];
      let asked = 0;
      for (const attacker of attackers) {
        for (let request = 0; request < throttleRules.smsSendPair.limit; request += 1) {
          if (asked < throttleRules.smsSendAccount.limit) {
            expect(codeOf(await attacker.post("/auth/sms-code", { account }))).toBe("OK");
            asked += 1;
          }
        }
      }
      expect(asked).toBe(throttleRules.smsSendAccount.limit);
      expect(codeOf(await browser().post("/auth/sms-code", { account }))).toBe("SMS_THROTTLED");

      // The owner's device asks within its own small allowance, then waits with everyone else.
      for (let request = 0; request < throttleRules.smsSendDevice.limit; request += 1) {
        expect(codeOf(await owner.post("/auth/sms-code", { account }))).toBe("OK");
      }
      expect(codeOf(await owner.post("/auth/sms-code", { account }))).toBe("SMS_THROTTLED");
      // Its last code signs it in.
      const code = app.sms.lastCode(account) as string;
      const signedIn = await owner.post("/auth/sms-login", { account, code });
      expect(codeOf(signedIn)).toBe("OK");
      expect(signedIn.body.member.account).toBe(account);
    });
  });

  describe("staff sign-in", () => {
    it("five wrong sign-ins from an attacker do not lock out the admin's browser", async () => {
      const login = "device.admin";
      await new StaffService(app.database.db).create(
        { login, name: login, role: "admin", password: "staff-password-1" },
        null,
        { nowMs: Date.now() },
      );
      const staffSignIn = (from: Browser, password: string) =>
        from.post("/ops/auth/login", { login, password });
      const admin = browser();
      expect(codeOf(await staffSignIn(admin, "staff-password-1"))).toBe("OK");
      for (let guess = 0; guess < throttleRules.staffAccount.limit; guess += 1) {
        expect(codeOf(await staffSignIn(browser(), `guess-${guess}`))).toBe("STAFF_LOGIN_FAILED");
      }
      expect(codeOf(await staffSignIn(browser(), "staff-password-1"))).toBe("STAFF_LOGIN_THROTTLED");
      const signedIn = await staffSignIn(admin, "staff-password-1");
      expect(codeOf(signedIn)).toBe("OK");
      expect(signedIn.body.staff.login).toBe(login);

      // A member's device cookie is no staff one, even carried under the staff cookie's name.
      const account = await newMember();
      const member = browser();
      expect(codeOf(await signIn(member, account, "secret123"))).toBe("OK");
      const crossed = browser();
      crossed.setCookie(staffDeviceCookieName, member.cookie(deviceCookieName) as string, "/api/v1/ops/auth");
      expect(codeOf(await staffSignIn(crossed, "staff-password-1"))).toBe("STAFF_LOGIN_THROTTLED");
    });
  });
});
