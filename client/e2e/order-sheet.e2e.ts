/**
 * The order sheet as a member who has just registered meets it, in Japanese: with no money yet
 * their buying power reads ¥0 (not a loading bar that never ends) with a way to deposit, the
 * limit price can be emptied and stays empty, and confirming an empty or malformed price says
 * so at the field and sends nothing. The price hint names the daily price-limit band as such.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProduct, type Product, tapChoice } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
const soon = { timeout: 30_000, interval: 250 };
/**
 * How long an emptied price must stay empty: several of the simulator's 500 ms price moves,
 * each of which refilled the field before the fix.
 */
const staysEmptyMs = 2_000;

/** Every order the page sends, to prove that a refused form sends none. */
const ordersSent: string[] = [];

beforeAll(async () => {
  product = await openProduct("order-sheet");
  ({ page, base } = product);
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/v1/orders")
      ordersSent.push(request.postData() ?? "");
  });
}, 240_000);

afterAll(async () => {
  await product?.close();
});

const digits = (text: string | null) => (text ?? "").replace(/[^\d]/g, "");

async function choose(name: string, value: string): Promise<void> {
  await tapChoice(page.locator(`input[name=${name}][value='${value}']`));
}

describe("a newly registered member's order sheet", () => {
  it("registers a member with no money", async () => {
    await page.goto(`${base}#/login/register`);
    await page.fill("#register-account", `070${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`);
    await page.fill("#register-password", "kabuto123");
    await page.fill("#register-confirm", "kabuto123");
    await page.fill("#register-invite", "KABUTO");
    await page.check("#register-terms");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);
  });

  it("shows zero yen on the Mine tab rather than no figures", async () => {
    await page.goto(`${base}#/user/usercenter`);
    const yen = page.locator("[data-testid=funds-card][data-currency=JPY] [data-testid=funds-available]");
    await expect.poll(async () => digits(await yen.textContent()), soon).toBe("0");
    await product.snap("order-sheet-mine-empty");
  });

  it("shows ¥0 of buying power with a way to deposit", async () => {
    await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
    await expect.poll(() => page.locator("[data-testid=detail-last]").textContent(), soon).toMatch(/\d/);
    await page.click("[data-testid=trade-long]");
    const sheet = page.locator("[data-testid=order-sheet]");
    await sheet.waitFor();
    const available = sheet.locator("[data-testid=estimate-available]");
    await expect.poll(async () => digits(await available.textContent()), soon).toBe("0");
    expect(await available.locator(".skeleton").count()).toBe(0);
    const deposit = sheet.locator("[data-testid=estimate-deposit]");
    await deposit.waitFor();
    expect(await deposit.textContent()).toBe("入金する");
    expect(await deposit.getAttribute("href")).toBe("#/user/recharge");
    await product.snap("order-sheet-no-money");
  });

  it("names the price band the daily price limits", async () => {
    await choose("order-type", "limit");
    const price = page.locator("#order-price");
    await expect.poll(() => price.inputValue(), soon).toMatch(/\d/);
    const limits = page.locator("[data-testid=order-price-limits]");
    await expect.poll(() => limits.textContent(), soon).toMatch(/^値幅制限 [\d,.]+〜[\d,.]+$/);
  });

  it("keeps an emptied limit price empty, and refuses it at the field without sending", async () => {
    const price = page.locator("#order-price");
    await price.fill("");
    await page.waitForTimeout(staysEmptyMs);
    expect(await price.inputValue()).toBe("");
    await page.click("[data-testid=order-submit]");
    const error = page.locator("#order-price-error");
    await expect.poll(() => error.textContent(), soon).toBe("価格を入力してください。");
    expect(await price.getAttribute("aria-invalid")).toBe("true");
    // Still empty after the refusal, and the sheet is still open.
    expect(await price.inputValue()).toBe("");
    await page.locator("[data-testid=order-sheet]").waitFor();
    await product.snap("order-sheet-price-required");
    expect(ordersSent).toEqual([]);
  });

  it("refuses a malformed price at the field without sending", async () => {
    const price = page.locator("#order-price");
    await price.fill("12a");
    await page.click("[data-testid=order-submit]");
    await expect
      .poll(() => page.locator("#order-price-error").textContent(), soon)
      .toBe("価格を正しく入力してください。");
    expect(ordersSent).toEqual([]);
  });

  it("leads to the deposit screen", async () => {
    await page.locator("[data-testid=estimate-deposit]").click();
    await page.waitForURL(/#\/user\/recharge$/);
    await page.locator("[data-testid=channel]").first().waitFor();
  });
});
