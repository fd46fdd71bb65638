/**
 * Proof of liabilities in a real browser against a real server, in Japanese on a phone: a visitor
 * finds the public page from the sign-in page and reads each currency's root and total; the demo
 * member opens it from Mine, verifies their balance (the browser climbs the path with the shared
 * code) and sees it verified, then changes the balance by one yen and sees the check fail.
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
  product = await openProduct("proof");
  ({ page, base } = product);
}, 240_000);

afterAll(async () => {
  await product?.close();
});

const resultText = async () => (await page.locator("[data-testid=proof-result-JPY]").textContent()) ?? "";

describe("proof of liabilities", () => {
  it("publishes the roots to anyone, and lets a member verify their balance and see a yen off fail", async () => {
    // The first start took the day's snapshot; the sign-in page links to it.
    await page.goto(`${base}#/login/login`);
    await page.click("[data-testid=login-proof-link]");
    await page.waitForURL(/#\/proof$/);
    const jpy = page.locator("[data-testid=proof-root-JPY]");
    await jpy.waitFor(soon);
    expect(await jpy.textContent()).toMatch(/会員への債務.*￥[\d,]+.*ルート.*[0-9a-f]{64}/s);
    expect(await page.locator("[data-testid=proof-latest]").textContent()).toContain("日本時間");
    expect(await page.locator("main").textContent()).toContain("証明しないこと");
    // The snapshot pins the tamper-evident trail's heads, and the page publishes their digest.
    expect(await page.locator("[data-testid=proof-trail]").textContent()).toMatch(/[0-9a-f]{64}/);

    await page.goto(`${base}#/login/login`);
    await page.fill("#login-account", demo.account);
    await page.fill("#login-password", demo.password);
    await page.check("#login-privacy");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);

    await page.goto(`${base}#/user/usercenter`);
    await page.click("[data-testid=menu-proof]");
    await page.waitForURL(/#\/proof$/);
    await page.click("[data-testid=proof-verify-link]");
    await page.waitForURL(/#\/user\/proof\?id=\d+$/);

    await expect.poll(resultText, soon).toContain("確認できました");
    const field = page.locator("[data-testid=proof-amount-JPY]");
    const shown = await field.inputValue();
    expect(shown).toMatch(/^\d+$/);
    expect(BigInt(shown)).toBeGreaterThan(0n);
    await product.snap("proof-verified-ja");

    // One yen more than the snapshot counted: the leaf changes and the path no longer reaches the root.
    await field.fill(String(BigInt(shown) + 1n));
    await expect.poll(resultText, soon).toContain("確認できません");
    await product.snap("proof-one-yen-off-ja");

    await field.fill(shown);
    await expect.poll(resultText, soon).toContain("確認できました");
  });
});
