import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { throttleRules } from "../security/throttle.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { StaffService } from "./staff.service.ts";

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const password = "staff-password-1";
let next = 1;

async function staffMember(): Promise<string> {
  const login = `guard.${next++}`;
  await new StaffService(app.database.db).create({ login, name: login, role: "reviewer", password }, null, {
    nowMs: Date.now(),
  });
  return login;
}

const signIn = (login: string, secret: string) =>
  call(`${app.url}/ops/auth/login`, "POST", { login, password: secret });

describe("staff sign-in", () => {
  it("refuses a wrong password without saying whether the login exists", async () => {
    const login = await staffMember();
    const wrong = await signIn(login, "not-the-password");
    const unknown = await signIn("nobody.here", "not-the-password");
    expect([wrong.status, wrong.body.error.code]).toEqual([401, "STAFF_LOGIN_FAILED"]);
    expect([unknown.status, unknown.body.error.code]).toEqual([401, "STAFF_LOGIN_FAILED"]);
    expect((await signIn(login, password)).status).toBe(200);
  });

  it("stops guessing at one login after the members' limit, even with the right password", async () => {
    const login = await staffMember();
    for (let attempt = 0; attempt < throttleRules.staffAccount.limit; attempt += 1) {
      expect((await signIn(login, `guess-${attempt}`)).body.error.code).toBe("STAFF_LOGIN_FAILED");
    }
    const right = await signIn(login, password);
    expect([right.status, right.body.error.code]).toEqual([429, "STAFF_LOGIN_THROTTLED"]);
  });

  it("stops one address trying a few passwords against every staff login in turn", async () => {
    const logins = await Promise.all(Array.from({ length: 8 }, () => staffMember()));
    const fresh = await staffMember();
    // The previous tests' failures came from this address too; fill up to the address limit.
    for (let attempt = 0; ; attempt += 1) {
      const login = logins[attempt % logins.length] as string;
      const answer = await signIn(login, `guess-${attempt}`);
      if (answer.body.error.code === "STAFF_LOGIN_THROTTLED") break;
      expect(attempt).toBeLessThan(throttleRules.staffAddress.limit);
    }
    // A login nobody has guessed at is refused from this address now, right password or not.
    const right = await signIn(fresh, password);
    expect([right.status, right.body.error.code]).toEqual([429, "STAFF_LOGIN_THROTTLED"]);
  });
});
