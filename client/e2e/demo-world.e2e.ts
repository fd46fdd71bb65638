/**
 * A first embedded start looks like a broker with members, in a real browser against the real
 * product: Home shows the house's newest notice and headlines in the reader's language, and the
 * invitation reward the rewards terms publish is advertised on Home and the registration screen,
 * and the customer-service shortcut the demo admin set leads to the online support chat.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProduct, type Product } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
const soon = { timeout: 30_000, interval: 250 };
let signedIn = false;

beforeAll(async () => {
  product = await openProduct("demo-world");
  ({ page, base } = product);
}, 240_000);

afterAll(async () => {
  await product?.close();
});

/** Signs the demo member in, so the support chat shows its conversations. */
async function signIn(): Promise<void> {
  await page.goto(`${base}#/login/login`);
  await page.fill("#login-account", "09012345678");
  await page.fill("#login-password", "demo1234");
  await page.check("#login-privacy");
  await page.click("button[type=submit]");
  await page.waitForURL(/#\/home\/index$/);
}

/** The interface language, as the language switch stores it, applied with a fresh load of `hash`. */
async function showIn(lang: "jp" | "en" | "tw", hash: string): Promise<void> {
  await page.goto(`${base}${hash}`);
  await page.evaluate((code) => localStorage.setItem("lang", code), lang);
  await page.reload();
}

describe("Home on a first start", () => {
  const languages = [
    { lang: "jp", reward: /お友だちを紹介して.*200/, script: /[\u3040-\u30ff]/ },
    { lang: "en", reward: /Invite a friend, get ¥200/, script: /^[\x20-\x7e–…¥]+$/ },
    { lang: "tw", reward: /邀請好友，領取.*200/, script: /[\u4e00-\u9fff]/ },
  ] as const;
  for (const { lang, reward, script } of languages) {
    it(`shows the newest notice, three headlines and the invitation reward (${lang})`, async () => {
      await showIn(lang, "#/home/index");
      const strip = page.locator("[data-testid=announcement-strip]");
      await strip.waitFor(soon);
      expect((await strip.textContent())?.trim()).toMatch(script);
      const headlines = page.locator("[data-testid=home-news] li");
      await expect.poll(() => headlines.count(), soon).toBe(3);
      for (const headline of await headlines.allTextContents()) expect(headline).toMatch(script);
      const banner = page.locator("[data-testid=invite-banner]");
      await banner.waitFor(soon);
      expect(await banner.textContent()).toMatch(reward);
      await product.snap(`demo-world-home-${lang}`);
    });
  }

  it("tells a newcomer registering what their friend's code pays", async () => {
    await showIn("en", "#/login/register");
    const note = page.locator("[data-testid=register-invite-reward]");
    await note.waitFor(soon);
    expect(await note.textContent()).toContain("receives ¥200");
  });

  for (const { lang, label } of [
    { lang: "jp", label: "お問い合わせ" },
    { lang: "en", label: "Customer service" },
  ] as const) {
    it(`leads from the customer-service shortcut to the online support chat, inside the app (${lang})`, async () => {
      if (!signedIn) {
        await signIn();
        signedIn = true;
      }
      await showIn(lang, "#/home/index");
      const shortcut = page.locator("[data-testid=shortcut-customer-service]");
      await shortcut.waitFor(soon);
      expect((await shortcut.textContent())?.trim()).toBe(label);
      // A page of the app, not a new tab.
      expect(await shortcut.getAttribute("target")).toBeNull();
      await shortcut.click();
      await page.waitForURL(/#\/user\/pj$/);
      await page.locator("#support-list-title").waitFor(soon);
    });
  }

  for (const { lang, type } of [
    { lang: "jp", type: "普通" },
    { lang: "en", type: "Ordinary" },
  ] as const) {
    it(`names the demo member's bank card type in the reader's language (${lang})`, async () => {
      if (!signedIn) {
        await signIn();
        signedIn = true;
      }
      await showIn(lang, "#/user/BankCard");
      const card = page.locator("[data-testid=bank-card] .bank-card__type").first();
      await card.waitFor(soon);
      expect((await card.textContent())?.trim()).toBe(type);
    });
  }
});
