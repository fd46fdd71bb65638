/**
 * The confirmation before money moves, in Japanese at a phone's size: the demo member's buy
 * order stops at a confirmation that restates it (type, side, quantity, price, leverage,
 * validity, the estimate); Back returns to the sheet as it was and sends nothing; Confirm sends.
 * Then the member sets a trading PIN in Mine's settings, and the next order asks for it: a wrong
 * one is refused at the step and moves nothing, the right one goes through. Switching the step
 * off on this device still asks for the PIN; with the PIN removed, an order goes on the first tap.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmStep, openProduct, type Product, tapChoice } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
const soon = { timeout: 30_000, interval: 200 };
const demo = { account: "09012345678", password: "demo1234" };
const pin = "482913";

/** Every order the page sends, and how the server answered each. */
const ordersSent: number[] = [];

beforeAll(async () => {
  product = await openProduct("confirm");
  ({ page, base } = product);
  page.on("response", (response) => {
    const request = response.request();
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/v1/orders")
      ordersSent.push(response.status());
  });
}, 240_000);

afterAll(async () => {
  await product?.close();
});

const step = () => page.locator("[data-testid=confirm-step]");
const sheet = () => page.locator("[data-testid=order-sheet]");

async function choose(name: string, value: string): Promise<void> {
  await tapChoice(page.locator(`input[name=${name}][value='${value}']`));
}

/** Opens Toyota's buy sheet with its estimate read. */
async function openBuySheet(): Promise<void> {
  await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
  await expect.poll(() => page.locator("[data-testid=detail-last]").textContent(), soon).toMatch(/\d/);
  await page.click("[data-testid=trade-long]");
  await sheet().waitFor();
  await expect
    .poll(() => sheet().locator("[data-testid=estimate-required]").textContent(), soon)
    .toMatch(/\d/);
}

/** The number of orders the server took (201) so far. */
const taken = () => ordersSent.filter((status) => status === 201).length;

async function openPinSettings(): Promise<void> {
  await page.goto(`${base}#/user/setting`);
  await page.click("[data-testid=settings-trading-pin]");
  await page.waitForURL(/#\/user\/tradingPin$/);
  await page.locator("[data-testid=trading-pin-form]").waitFor();
}

describe("the confirmation before an order", () => {
  it("signs the demo member in", async () => {
    await page.goto(`${base}#/login/login`);
    await page.fill("#login-account", demo.account);
    await page.fill("#login-password", demo.password);
    await page.check("#login-privacy");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);
  });

  it("restates the order, with the sheet's estimate, before anything is sent", async () => {
    await openBuySheet();
    await choose("order-leverage", "2");
    await page.click("[data-testid=order-submit]");
    await step().waitFor();
    expect(await page.getByRole("alertdialog", { name: "買い注文の確認" }).count()).toBe(1);
    expect(await step().locator("[data-testid=confirm-type]").textContent()).toBe("成行");
    expect(await step().locator("[data-testid=confirm-side]").textContent()).toBe("買い・ロング");
    expect(await step().locator("[data-testid=confirm-quantity]").textContent()).toBe("100株（1単元）");
    expect(await step().locator("[data-testid=confirm-price]").textContent()).toBe("成行");
    expect(await step().locator("[data-testid=confirm-leverage]").textContent()).toBe("2倍");
    expect(await step().locator("[data-testid=confirm-validity]").textContent()).toBe("板で即時約定");
    expect(await step().locator("[data-testid=confirm-required]").textContent()).toMatch(/^[¥￥][\d,]+$/);
    // No PIN yet: none is asked, and the confirm button has the focus.
    expect(await step().locator("[data-testid=confirm-pin]").count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")), soon)
      .toBe("confirm-send");
    expect(await step().locator("[data-testid=confirm-send]").textContent()).toBe("発注する");
    await product.snap("confirm-01-order");
    expect(ordersSent).toEqual([]);
  });

  it("goes back to the sheet as it was, having sent nothing", async () => {
    await step().locator("[data-testid=confirm-back]").click();
    await step().waitFor({ state: "hidden" });
    await sheet().waitFor();
    expect(await page.locator("input[name=order-leverage][value='2']").isChecked()).toBe(true);
    expect(await page.locator("#order-lots").inputValue()).toBe("1");
    expect(ordersSent).toEqual([]);
  });

  it("sends the order once confirmed", async () => {
    await page.click("[data-testid=order-submit]");
    await confirmStep(page);
    await sheet().waitFor({ state: "hidden" });
    await expect
      .poll(() => page.locator("[data-sonner-toast]").first().textContent(), soon)
      .toContain("約定しました");
    expect(ordersSent).toEqual([201]);
  });
});

describe("a trading PIN", () => {
  it("is set in Mine's settings with the login password", async () => {
    await openPinSettings();
    expect(await page.locator("[data-testid=trading-pin-status]").textContent()).toBe("未設定");
    await page.fill("#pin-proof-value", demo.password);
    await page.fill("#pin-new", pin);
    await page.fill("#pin-confirm", pin);
    await page.click("[data-testid=pin-save]");
    await expect
      .poll(() => page.locator("[data-testid=trading-pin-status]").textContent(), soon)
      .toBe("設定済み");
    await product.snap("confirm-02-pin-set");
  });

  it("is asked at the confirmation: a wrong one is refused there and moves nothing, the right one sends", async () => {
    await openBuySheet();
    await page.click("[data-testid=order-submit]");
    await step().waitFor();
    const field = step().locator("[data-testid=confirm-pin]");
    await field.waitFor();
    expect(await page.getByLabel("取引パスワード（6桁）").count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), soon).toBe("confirm-pin");
    await field.fill("111112");
    await step().locator("[data-testid=confirm-send]").click();
    await expect
      .poll(() => page.locator("#confirm-pin-error").textContent(), soon)
      .toBe("取引パスワードが違います。発注されていません。");
    expect(await step().isVisible()).toBe(true);
    // Emptied, and the focus is back in it for the next try.
    expect(await field.inputValue()).toBe("");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id), soon).toBe("confirm-pin");
    await product.snap("confirm-03-wrong-pin");
    expect(taken()).toBe(1);
    await confirmStep(page, { pin });
    await sheet().waitFor({ state: "hidden" });
    await expect.poll(taken, soon).toBe(2);
  });
});

describe("the confirmation switched off on this device", () => {
  it("still asks for the PIN while one is set", async () => {
    await openPinSettings();
    const setting = page.locator("#confirm-on-device");
    expect(await setting.isChecked()).toBe(true);
    await setting.uncheck();
    expect(await setting.isChecked()).toBe(false);
    await product.snap("confirm-04-switched-off");
    await openBuySheet();
    await page.click("[data-testid=order-submit]");
    await step().locator("[data-testid=confirm-pin]").waitFor();
    await confirmStep(page, { pin });
    await sheet().waitFor({ state: "hidden" });
    await expect.poll(taken, soon).toBe(3);
  });

  it("sends on the first tap once the PIN is removed", async () => {
    await openPinSettings();
    await page.fill("#pin-proof-value", demo.password);
    await page.click("[data-testid=pin-remove]");
    await expect
      .poll(() => page.locator("[data-testid=trading-pin-status]").textContent(), soon)
      .toBe("未設定");
    expect(await page.locator("#confirm-on-device").isChecked()).toBe(false);
    await openBuySheet();
    let stepShown = false;
    await page.exposeFunction("stepShown", () => {
      stepShown = true;
    });
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.querySelector("[data-testid=confirm-step]"))
          (window as unknown as { stepShown: () => void }).stepShown();
      }).observe(document.body, { childList: true, subtree: true });
    });
    await page.click("[data-testid=order-submit]");
    await sheet().waitFor({ state: "hidden" });
    await expect.poll(taken, soon).toBe(4);
    expect(stepShown).toBe(false);
  });
});
