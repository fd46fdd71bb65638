/**
 * What a newcomer met in their first hour, each now mended, in a real browser against the real
 * product: an address with no screen says so and leads home; `lang=` in an address reached
 * inside the app applies at once; a file that is not an image, chosen as an ID photo, says why
 * at once with no broken preview; the operations console's first visit goes to sign-in without
 * "sign in again", and its audit log names actions in words.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProduct, type Product } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
const soon = { timeout: 30_000, interval: 250 };

/** The demo admin embedded mode seeds (README, "Operations console"). */
const admin = { login: "admin", password: "kabuto-ops-demo" };

beforeAll(async () => {
  product = await openProduct("newcomer");
  ({ page, base } = product);
}, 240_000);

afterAll(async () => {
  await product?.close();
});

/** An in-app move to `hash`, as a link or a wrapper's navigation makes it: no page load. */
async function moveInApp(hash: string): Promise<void> {
  await page.evaluate((to) => {
    location.hash = to;
  }, hash);
}

describe("an address with no screen", () => {
  it("says 'not found' in the interface language, keeps the address and leads home", async () => {
    await page.goto(`${base}#/user/noSuchScreen`);
    const notFound = page.locator("[data-testid=not-found]");
    await notFound.waitFor();
    await expect.poll(() => page.locator("h1").textContent(), soon).toBe("ページが見つかりません");
    expect(new URL(page.url()).hash).toBe("#/user/noSuchScreen");
    await product.snap("newcomer-not-found-ja");
    await page.locator("[data-testid=not-found-home]").click();
    await page.waitForURL(/#\/home\/index$/);
  });
});

describe("lang= in an address reached inside the app", () => {
  it("switches the language at once, as a full load would", async () => {
    await page.goto(`${base}#/home/index`);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), soon).toBe("ja");
    await moveInApp("#/user/noSuchScreen?lang=en");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), soon).toBe("en");
    await expect.poll(() => page.locator("h1").textContent(), soon).toBe("Page not found");
    await product.snap("newcomer-not-found-en");
    await moveInApp("#/home/index?lang=tw");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), soon).toBe("zh-Hant");
    // Ignored like on a full load: an unknown value changes nothing.
    await moveInApp("#/home/index?lang=fr");
    await moveInApp("#/home/index?lang=jp");
    await expect.poll(() => page.evaluate(() => document.documentElement.lang), soon).toBe("ja");
  });
});

describe("a non-image chosen as an ID photo", () => {
  it("says why at once, with no preview", async () => {
    await page.goto(`${base}#/login/register`);
    await page.fill("#register-account", `080${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`);
    await page.fill("#register-password", "kabuto123");
    await page.fill("#register-confirm", "kabuto123");
    await page.fill("#register-invite", "KABUTO");
    await page.check("#register-terms");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);

    await page.goto(`${base}#/user/bandCard`);
    await page.locator("[data-testid=kyc-form]").waitFor();
    await page.setInputFiles("#kyc-front", {
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not a photo"),
    });
    const frontError = page.locator("#kyc-front-error");
    await frontError.waitFor();
    expect(await frontError.textContent()).toBe("アップロードできるのはJPEG・PNG・WebP形式の画像のみです。");
    expect(await page.locator(".photo-field__preview").count()).toBe(0);

    // A file the phone gives no type for is previewed, and its failure to draw is said too.
    await page.setInputFiles("#kyc-back", {
      name: "scan",
      mimeType: "",
      buffer: Buffer.from("%PDF-1.4 not an image"),
    });
    const backError = page.locator("#kyc-back-error");
    await backError.waitFor();
    expect(await backError.textContent()).toBe("アップロードできるのはJPEG・PNG・WebP形式の画像のみです。");
    await expect.poll(() => page.locator(".photo-field__preview").count(), soon).toBe(0);
    await product.snap("newcomer-photo-not-image");
  });
});

describe("the operations console", () => {
  it("goes to sign-in on a first visit without saying 'sign in again'", async () => {
    const context = await page
      .context()
      .browser()
      ?.newContext({ viewport: { width: 390, height: 844 } });
    if (!context) throw new Error("no browser");
    // Every notice the page shows, kept: a toast lasts two seconds and would be gone by the check.
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { seenToasts: seen });
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll("[data-sonner-toast]"))
          seen.push(toast.textContent ?? "");
      }).observe(document, { childList: true, subtree: true });
    });
    const fresh = await context.newPage();
    try {
      await fresh.goto(`${base}#/ops`);
      await fresh.waitForURL((url) => url.hash.startsWith("#/ops/login"));
      await fresh.locator("#ops-login").waitFor();
      // Past the pause after which a lost session's notice and redirect would have come.
      await fresh.waitForTimeout(2500);
      expect(await fresh.evaluate(() => (window as unknown as { seenToasts: string[] }).seenToasts)).toEqual(
        [],
      );
      expect(new URL(fresh.url()).hash).toMatch(/^#\/ops\/login/);
      await fresh.screenshot({ path: "client/e2e/screenshots/newcomer-ops-first-visit.png" });
    } finally {
      await context.close();
    }
  });

  it("names audit actions in words, with the code beside", async () => {
    await page.goto(`${base}#/ops/login`);
    await page.fill("#ops-login", admin.login);
    await page.fill("#ops-password", admin.password);
    await page.click("form button[type=submit]");
    await page.waitForURL((url) => url.hash.startsWith("#/ops") && !url.hash.startsWith("#/ops/login"));
    const created = await page.request.post(`${base}api/v1/ops/staff`, {
      data: { login: "newcomer", name: "New Comer", role: "reviewer", password: "newcomer-password-1" },
    });
    expect(created.status(), await created.text()).toBe(201);
    await page.goto(`${base}#/ops/audit`);
    // Newest first by time: a seed's own action (a support reply) may be newer than this one.
    const action = page
      .locator("[data-testid=audit-action]", { has: page.locator("code", { hasText: "staff.create" }) })
      .first();
    await action.waitFor();
    expect(await action.locator("span").first().textContent()).toBe("スタッフアカウントを作成");
    expect(await action.locator("code").textContent()).toBe("staff.create");
    await product.snap("newcomer-ops-audit");
  });
});
