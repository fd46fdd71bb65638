/**
 * Day trading in a real browser against a real server: the demo invitee reads the terms and
 * applies, the demo admin approves the application in the console (and credits the invitee's
 * cash through the console's adjustment route), the invitee opens a day trade from the order tab,
 * watches the countdown on the trading tab, and sees the worker close it at the cut-off: the
 * notice, the trade details and the fund record.
 *
 * The cut-off is brought near with DAY_TRADE_CUTOFF_MINUTES: with MARKET_HOURS=always the trading
 * day ends at midnight in Tokyo, so the test sets the cut-off that many minutes before it that it
 * falls ten minutes after the server starts, time enough for the steps before the trade on a busy
 * machine. Once the trade is open the journey moves the server's clock to just past the cut-off
 * (clock-shift.ts) rather than wait for it. The journey runs in English (`lang=en` at sign-in).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmStep, openProduct, type Product } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
let cutoffMs: number;
/** How far ahead of this process's clock the server's runs (written to `clockFile`). */
let serverAheadMs = 0;
const clockDir = mkdtempSync(join(tmpdir(), "kabuto-e2e-day-trading-clock-"));
const clockFile = join(clockDir, "shift");
const soon = { timeout: 30_000, interval: 250 };
const admin = { login: "admin", password: "kabuto-ops-demo" };
const invitee = { account: "09087654321", password: "guest1234" };
/** From the server's start: time to start, sign in, apply, approve and open the trade. */
const leadMs = 600_000;

/** The next midnight in Tokyo (UTC+9, no daylight saving). */
function nextTokyoMidnight(nowMs: number): number {
  const midnight = new Date(nowMs);
  midnight.setUTCHours(15, 0, 0, 0);
  return midnight.getTime() > nowMs ? midnight.getTime() : midnight.getTime() + 86_400_000;
}

beforeAll(async () => {
  const target = Date.now() + leadMs;
  const minutes = (nextTokyoMidnight(target) - target) / 60_000;
  cutoffMs = nextTokyoMidnight(target) - Math.round(minutes * 60_000);
  writeFileSync(clockFile, "0");
  product = await openProduct("day-trading", { DAY_TRADE_CUTOFF_MINUTES: minutes.toFixed(4) }, { clockFile });
  ({ page, base } = product);
}, 240_000);

afterAll(async () => {
  await product?.close();
  rmSync(clockDir, { recursive: true, force: true });
});

async function memberGet<T>(path: string): Promise<T> {
  const response = await page.request.get(`${base}api/v1${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

describe("day trading", () => {
  it("signs the invitee and the demo admin in, side by side", async () => {
    await page.goto(`${base}#/login/login?lang=en`);
    await page.fill("#login-account", invitee.account);
    await page.fill("#login-password", invitee.password);
    await page.check("#login-privacy");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);
    await page.goto(`${base}#/ops/login`);
    await page.fill("#ops-login", admin.login);
    await page.fill("#ops-password", admin.password);
    await page.click("form button[type=submit]");
    await page.waitForURL((url) => url.hash.startsWith("#/ops") && !url.hash.startsWith("#/ops/login"));
  });

  it("is refused before approval; the invitee agrees to the terms and applies", async () => {
    await page.goto(`${base}#/common/dayTrading`);
    await page.locator("[data-testid=day-trading-not-approved]").waitFor();
    const refused = await page.request.post(`${base}api/v1/orders`, {
      data: { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 1, dayTrade: true },
    });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe("DAY_TRADE_NOT_APPROVED");

    await page.goto(`${base}#/common/dayTrading?tab=applied`);
    await page.locator("[data-testid=day-trade-agreement]").waitFor();
    // Applying without agreeing is refused at the form.
    await page.click("[data-testid=day-trade-apply]");
    await page.locator("#day-trade-agree-error").waitFor();
    await page.check("#day-trade-agree");
    await page.click("[data-testid=day-trade-apply]");
    const status = page.locator("[data-testid=day-trade-application-status]");
    await expect.poll(() => status.textContent(), soon).toBe("Under review");
    await product.snap("day-trading-01-applied");
  });

  it("the admin approves the application in the console", async () => {
    const me = await memberGet<{ id: string }>("/me");
    await page.goto(`${base}#/ops/day-trading`);
    const application = (await memberGet<{ application: { id: string } }>("/day-trading")).application;
    const row = page.locator(`a[href$="/ops/day-trading/${application.id}"]`).first();
    await row.waitFor();
    await product.snap("day-trading-02-queue");
    await row.click();
    const approve = page.locator("[data-testid=review-approve]");
    await expect.poll(() => approve.isEnabled(), soon).toBe(true);
    await approve.click();
    await page.locator("[data-testid=review-confirm] button.button--primary").click();
    await page.locator("[data-testid=review-confirm]").waitFor({ state: "hidden" });
    await expect
      .poll(
        async () => (await memberGet<{ application: { status: string } }>("/day-trading")).application.status,
        soon,
      )
      .toBe("approved");
    await product.snap("day-trading-02b-approved");
    // Cash to trade with, through the console's audited adjustment.
    const credited = await page.request.post(`${base}api/v1/ops/members/${me.id}/adjustments`, {
      data: { currency: "JPY", amount: "1000000", reason: "day-trading demo cash" },
      headers: { "idempotency-key": "day-trading-e2e-cash" },
    });
    expect(credited.status()).toBe(201);
  });

  it("opens a day trade at 3.3×, with the cut-off said before confirming, and counts down to it", async () => {
    expect(Date.now()).toBeLessThan(cutoffMs - 20_000);
    await page.goto(`${base}#/common/dayTrading?tab=order&symbol=JP%3A7203`);
    await page.locator("[data-testid=order-daytrade-cutoff]").waitFor();
    const power = page.locator("[data-testid=day-trade-buying-power]");
    await expect.poll(() => power.textContent(), soon).toMatch(/3,3\d\d,\d\d\d/);
    await product.snap("day-trading-03-order");
    await page.click("[data-testid=order-submit]");
    await confirmStep(page);
    await page.waitForURL(/tab=trading/);
    const open = page.locator("[data-testid=day-trade-open]");
    await open.waitFor();
    expect(await open.textContent()).toContain("3.3");
    const countdown = page.locator("[data-testid=day-trade-countdown]");
    const left = Number(await countdown.getAttribute("data-left"));
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(cutoffMs - Date.now() + 2_000);
    await expect.poll(async () => Number(await countdown.getAttribute("data-left")), soon).toBeLessThan(left);
    await product.snap("day-trading-04-countdown");
  });

  it("sees it closed by the worker at the cut-off, in the trade details and the fund records", async () => {
    // Still open half a minute before the cut-off, after the worker's passes have seen that time.
    serverAheadMs = cutoffMs - Date.now() - 30_000;
    writeFileSync(clockFile, String(serverAheadMs));
    await page.waitForTimeout(2_000);
    expect(await page.locator("[data-testid=day-trade-open]").count()).toBe(1);
    // Past it: the worker closes the trade.
    serverAheadMs = cutoffMs - Date.now() + 1_000;
    writeFileSync(clockFile, String(serverAheadMs));
    await expect.poll(() => page.locator("[data-testid=day-trade-open]").count(), soon).toBe(0);
    expect(Date.now() + serverAheadMs).toBeGreaterThanOrEqual(cutoffMs);
    // The notice on the member's account topic.
    await page
      .getByText("Your day trade was closed at the cut-off, before the session's close.")
      .first()
      .waitFor();
    await page.goto(`${base}#/common/dayTrading?tab=details`);
    const closed = page.locator("[data-testid=day-trade-closed]").first();
    await closed.waitFor();
    expect(await closed.locator("[data-testid=day-trade-close-reason]").textContent()).toContain(
      "Closed at the cut-off",
    );
    await product.snap("day-trading-05-closed");
    // No new day trade after the cut-off.
    const late = await page.request.post(`${base}api/v1/orders`, {
      data: { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 1, dayTrade: true },
    });
    expect((await late.json()).error.code).toBe("DAY_TRADE_CUTOFF_PASSED");
    await page.goto(`${base}#/user/FundingDetails`);
    await expect
      .poll(() => page.locator("body").textContent(), soon)
      .toContain("Day trade: long 7203 100 shares closed at the cut-off at");
  }, 120_000);
});
