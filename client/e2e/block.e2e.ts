/**
 * A block trade from a member's phone, in Japanese: the demo member opens block trades from Home,
 * proposes a negotiated bid inside the allowed band (the money is held at once), the desk approves
 * it in the console, and the member sees it passed under the bidding tab and in fund records.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmStep, openProduct, type Product, tapChoice } from "./harness.ts";

const soon = { timeout: 30_000, interval: 250 };
const demo = { account: "09012345678", password: "demo1234" };
const admin = { login: "admin", password: "kabuto-ops-demo" };
/** One of the names a first start opens to negotiated bids (api/src/block/block-seed.ts). */
const symbol = "JP:7203";

let product: Product;
let page: Page;
let base: string;

beforeAll(async () => {
  product = await openProduct("block");
  ({ page, base } = product);
});
afterAll(async () => {
  await product?.close();
});

async function signIn(): Promise<void> {
  await page.goto(`${base}#/login/login`);
  await page.fill("#login-account", demo.account);
  await page.fill("#login-password", demo.password);
  await page.check("#login-privacy");
  await page.click("button[type=submit]");
  await page.waitForURL(/#\/home\/index$/);
}

describe("a negotiated block bid, held, approved by the desk and filled", () => {
  it("proposes a bid inside the band from Home, and the money is held at once", async () => {
    await signIn();
    await page.click("[data-testid=shortcut-block-trade]");
    await page.waitForURL(/#\/market\/block$/);
    await page.locator("[data-testid=block-offering][data-phase=open]").first().waitFor();
    const card = page.locator(`[data-testid=block-instrument][data-symbol='${symbol}']`);
    await card.waitFor();
    await product.snap("block-01-list");
    await card.click();
    await page.locator("[data-testid=block-form]").waitFor();
    // The band is 7% either side of the last trade, and the form shows what 100 shares hold.
    await expect.poll(() => page.locator("[data-testid=block-band]").textContent(), soon).toMatch(/±7%/);
    await expect
      .poll(() => page.locator("[data-testid=block-hold]").textContent(), soon)
      .toMatch(/[¥￥][\d,]+/);
    await product.snap("block-02-form");
    await page.click("[data-testid=block-submit]");
    await confirmStep(page);
    await page.waitForURL(/#\/position\/position\?tab=bidding$/);
    const record = page.locator("[data-testid=block-record]").first();
    await expect.poll(() => record.getAttribute("data-state"), soon).toBe("pending");
    expect(await record.locator("[data-testid=block-record-state]").textContent()).toBe("審査中");
    await product.snap("block-03-pending");
  });

  it("is approved in the console's block desk", async () => {
    await page.goto(`${base}#/ops/login`);
    await page.fill("#ops-login", admin.login);
    await page.fill("#ops-password", admin.password);
    await page.click("form button[type=submit]");
    await page.waitForURL((url) => url.hash.startsWith("#/ops") && !url.hash.startsWith("#/ops/login"));
    await page.goto(`${base}#/ops/block`);
    const approve = page.locator("[data-testid=block-bids] [data-testid=block-approve]");
    await approve.first().waitFor();
    await product.snap("block-04-desk");
    await approve.first().click();
    await expect.poll(() => page.locator("[data-testid=block-bids]").count(), soon).toBe(0);
  });

  it("shows the member the bid passed, and the hold and its release in fund records", async () => {
    await signIn();
    await page.goto(`${base}#/position/position?tab=bidding`);
    const record = page.locator("[data-testid=block-record]").first();
    await expect.poll(() => record.getAttribute("data-state"), soon).toBe("passed");
    expect(await record.locator("[data-testid=block-record-state]").textContent()).toBe("承認済み");
    await product.snap("block-05-passed");
    await page.goto(`${base}#/user/FundingDetails`);
    const hold = page.locator("[data-testid=fund-row][data-kind=block_hold]");
    await hold.first().waitFor();
    expect(await hold.first().locator("[data-testid=fund-memo]").textContent()).toMatch(
      /^ブロック取引 7203：100株 @[\d,.]+（審査まで拘束）$/,
    );
  });

  it("offers the filled position back to the desk as a sell bid", async () => {
    await page.goto(`${base}#/market/blockApply?symbol=${encodeURIComponent(symbol)}`);
    await page.locator("[data-testid=block-form]").waitFor();
    await tapChoice(page.locator("input[name=block-side][value=sell]"));
    // The position is offered whole: its 100 shares, with the selling fee held.
    await page.locator("input[name=block-position]").first().waitFor({ state: "attached" });
    await expect
      .poll(() => page.locator("[data-testid=block-hold]").textContent(), soon)
      .toMatch(/[¥￥][\d,]+/);
    await product.snap("block-06-sell-form");
    await page.click("[data-testid=block-submit]");
    await confirmStep(page);
    await page.waitForURL(/#\/position\/position\?tab=bidding$/);
    const sell = page.locator("[data-testid=block-record]", {
      has: page.locator("[data-testid=block-record-sell]"),
    });
    await expect.poll(() => sell.first().getAttribute("data-state"), soon).toBe("pending");
    expect(await sell.first().locator("[data-testid=block-record-sell]").textContent()).toContain("売り");
  });
});
