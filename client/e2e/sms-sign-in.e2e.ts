/**
 * The way in for a member whose password sign-in someone else has slowed down: the sign-in
 * screen says so and points to SMS sign-in (the spec's /login/logon and /login/logon2), the
 * code arrives (embedded mode's log transport writes it to the server's log) and signs them in.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProduct, type Product } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
const soon = { timeout: 30_000, interval: 250 };
const demo = { account: "09012345678", password: "demo1234" };

beforeAll(async () => {
  product = await openProduct("sms-sign-in");
  ({ page, base } = product);
}, 240_000);

afterAll(async () => {
  await product?.close();
});

/** The newest sign-in code the log transport wrote for `account`. */
function lastCode(account: string): string | undefined {
  let code: string | undefined;
  for (const line of product.log().split("\n")) {
    if (!line.startsWith("{")) continue;
    const entry = JSON.parse(line) as { to?: string; code?: string; purpose?: string };
    if (entry.purpose === "sign-in-code" && entry.to === account) code = entry.code;
  }
  return code;
}

describe("SMS sign-in", () => {
  it("takes a member past someone else's password guesses", async () => {
    // Someone guesses at the demo member's password until sign-in slows down.
    for (let guess = 0; guess < 6; guess += 1) {
      await fetch(`${base}api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ account: demo.account, password: `guess${guess}guess` }),
      });
    }

    await page.goto(`${base}#/login/login`);
    await page.fill("#login-account", demo.account);
    await page.fill("#login-password", demo.password);
    await page.check("#login-privacy");
    await page.click("button[type=submit]");
    const notice = page.locator("[data-testid=login-throttled]");
    await notice.waitFor(soon);
    await product.snap("sms-login-throttled");

    await notice.locator("a").click();
    await page.waitForURL(/#\/login\/logon\?account=09012345678$/);
    expect(await page.inputValue("#sms-account")).toBe(demo.account);
    await page.check("#sms-privacy");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/login\/logon2\?account=09012345678$/);
    await expect.poll(() => lastCode(demo.account), soon).toMatch(/^\d{6}$/);
    await product.snap("sms-login-code");

    // A wrong code says so and keeps the member here.
    const code = lastCode(demo.account) as string;
    await page.fill("#sms-code", code === "000000" ? "111111" : "000000");
    await page.click("button[type=submit]");
    await page.locator("#sms-code-error").waitFor(soon);
    // In the member's language: the sign-in feature's own message for SMS_CODE_WRONG.
    expect(await page.textContent("#sms-code-error")).toContain(
      "コードが正しくないか、有効期限が切れています",
    );
    expect(new URL(page.url()).hash).toMatch(/^#\/login\/logon2/);

    await page.fill("#sms-code", code);
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/, soon);
  });

  it("is one tap from the sign-in screen at any time", async () => {
    await page.goto(`${base}#/login/login`);
    await page.locator("[data-testid=login-sms-link]").click();
    await page.waitForURL(/#\/login\/logon$/);
    // Straight to the code screen without a number goes back to ask for one.
    await page.goto(`${base}#/login/logon2`);
    await page.waitForURL(/#\/login\/logon$/);
  });
});
