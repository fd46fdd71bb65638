/**
 * The dividend screens in a real browser against a real server: the demo member opens Dividends
 * from the account centre and finds the calendar listing real announced dividends on the names
 * the first start put on their watchlist, with what one trading unit would receive; opens one
 * and reads its dates and amount; and finds the received-and-paid history empty (nothing has
 * gone ex on a position yet: the simulator cannot hold a position across a past ex-date).
 */
import { formatUnitPrice } from "@kabuto/shared/format";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProduct, type Product } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
const snap = (name: string) => product.snap(name);
const soon = { timeout: 30_000, interval: 250 };

/** The seeded demo member of embedded mode (see the README). */
const demo = { account: "09012345678", password: "demo1234" };

beforeAll(async () => {
  product = await openProduct("dividends");
  ({ page, base } = product);
}, 240_000);

afterAll(async () => {
  await product?.close();
});

interface Upcoming {
  id: string;
  symbol: string;
  exDate: string;
  perShare: string;
  currency: string;
}

describe("dividends", () => {
  it("lists the watchlist's announced dividends and opens one", async () => {
    await page.goto(`${base}#/login/login`);
    await page.fill("#login-account", demo.account);
    await page.fill("#login-password", demo.password);
    await page.check("#login-privacy");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);

    await page.goto(`${base}#/user/usercenter`);
    await page.click("[data-testid=menu-dividends]");
    await page.waitForURL(/#\/common\/dividend$/);
    const rows = page.locator("[data-testid=dividend-upcoming]");
    await rows.first().waitFor(soon);

    // The screen shows what the server computes from the schedule, soonest first.
    const response = await page.request.get(`${base}api/v1/dividends?scope=upcoming`);
    const items = ((await response.json()) as { items: Upcoming[] }).items;
    expect(items.length).toBeGreaterThan(0);
    await expect.poll(() => rows.count(), soon).toBe(items.length);
    expect(await rows.evaluateAll((nodes) => nodes.map((node) => node.getAttribute("data-id")))).toEqual(
      items.map((item) => item.id),
    );
    const first = items[0] as Upcoming;
    // Japanese is the default language: the row names the ex-date (権利落ち日) and the amount a share.
    await expect.poll(() => rows.first().textContent(), soon).toContain("権利落ち日");
    expect(await rows.first().textContent()).toContain(first.perShare);
    await snap("40-dividend-calendar-ja");

    await rows.first().click();
    await page.waitForURL(/#\/common\/dividend3\?id=/);
    const exDate = page.locator("[data-testid=dividend-ex-date]");
    await exDate.waitFor(soon);
    expect(await exDate.textContent()).toBe(first.exDate.replaceAll("-", "/"));
    // A share's dividend reads as money does, in its currency's symbol form ($1.78, ￥47.8).
    expect(await page.locator("[data-testid=dividend-per-share]").textContent()).toBe(
      formatUnitPrice(first.perShare, first.currency, "ja"),
    );
    await snap("41-dividend-detail-ja");

    await page.goto(`${base}#/common/dividend2`);
    await page.locator("[data-testid=dividend-history-empty]").waitFor(soon);
    await snap("42-dividend-history-ja");
  });
});
