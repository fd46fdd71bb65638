/**
 * Online support with real staff, live both ways: a member writes from `/user/pj`, a staff
 * member who already has the console's inbox open sees the conversation arrive without
 * reloading, opens it beside the member's profile and replies; the member sees the reply
 * arrive in the open thread, and staff see it read. Two browser contexts, as a member's phone
 * and a staff member's desk are two browsers.
 */
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProduct, type Product, tapChoice } from "./harness.ts";

let product: Product;
let member: Page;
let staffContext: BrowserContext;
let staff: Page;
let base: string;
const soon = { timeout: 30_000, interval: 250 };

const account = `080${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
/** The demo admin embedded mode seeds (README, "Operations console"). */
const admin = { login: "admin", password: "kabuto-ops-demo" };
const question = "入金が反映されません。";
const answer = "確認しました。本日中に反映されます。";

beforeAll(async () => {
  product = await openProduct("support");
  ({ page: member, base } = product);
  const browser = member.context().browser();
  if (!browser) throw new Error("no browser");
  staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  staff = await staffContext.newPage();
}, 240_000);

afterAll(async () => {
  await staffContext?.close();
  await product?.close();
});

describe("online support, live both ways", () => {
  it("has staff watching the inbox and a member signed in", async () => {
    await member.goto(`${base}#/login/register`);
    await member.fill("#register-account", account);
    await member.fill("#register-password", "kabuto123");
    await member.fill("#register-confirm", "kabuto123");
    await member.fill("#register-invite", "KABUTO");
    await member.check("#register-terms");
    await member.click("button[type=submit]");
    await member.waitForURL(/#\/home\/index$/);

    await staff.goto(`${base}#/ops/login`);
    await staff.fill("#ops-login", admin.login);
    await staff.fill("#ops-password", admin.password);
    await staff.locator("button[type=submit]").click();
    await staff.waitForURL((url) => url.hash === "#/ops");
    await staff.goto(`${base}#/ops/support`);
    await staff.locator("h1", { hasText: "サポート" }).waitFor();
  });

  it("shows staff the member's new conversation as it is written", async () => {
    await member.goto(`${base}#/user/pj`);
    await member.locator("[data-testid=support-hours]").waitFor();
    await tapChoice(member.locator("input[name=support-topic][value=funds]"));
    await member.fill("#support-body", question);
    await member.locator("form.support-new button[type=submit]").click();
    await member.waitForURL((url) => url.hash.startsWith("#/user/pj?id="));
    const thread = member.locator("[data-testid=support-message]");
    await expect.poll(() => thread.first().textContent(), soon).toContain(question);
    await product.snap("support-01-member-wrote");

    // No reload on the staff side: the inbox heard it on the staff topic.
    const row = staff.locator("[data-testid=support-inbox-row]", { hasText: account });
    await row.waitFor({ timeout: soon.timeout });
    expect(await staff.locator("tr", { has: row }).textContent()).toContain("回答待ち");
  });

  it("lets staff reply beside the member's profile, and the member sees it arrive", async () => {
    await staff.locator("[data-testid=support-inbox-row]", { hasText: account }).click();
    await staff.locator("[data-testid=support-thread]").waitFor();
    expect(await staff.locator("[data-testid=support-message]").first().textContent()).toContain(question);
    // The member's profile is beside the thread.
    await staff.locator(".ops-card", { hasText: account }).first().waitFor();
    await staff.fill("#support-reply", answer);
    await staff.locator("button[type=submit]", { hasText: "返信を送信" }).click();

    const messages = member.locator("[data-testid=support-message]");
    await expect.poll(() => messages.count(), soon).toBe(2);
    expect(await messages.nth(1).textContent()).toContain(answer);
    // The member's own message shows staff have read it.
    await expect
      .poll(() => messages.first().locator("[data-testid=support-read]").textContent(), soon)
      .toContain("既読");
    await product.snap("support-02-member-sees-reply");

    // The member has the thread open, so the reply is read, and staff see that live too.
    const reply = staff.locator("[data-testid=support-message]").nth(1);
    await expect
      .poll(() => reply.locator("[data-testid=support-read]").textContent(), soon)
      .toContain("会員が既読");
  });

  it("records the reply in the audit log", async () => {
    const response = await staff.request.get(`${base}api/v1/ops/audit`);
    expect(response.status()).toBe(200);
    const { items } = (await response.json()) as { items: { action: string }[] };
    expect(items.some((entry) => entry.action === "support.reply")).toBe(true);
  });
});
