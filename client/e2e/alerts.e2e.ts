/**
 * Price alerts in a real browser against a real server, in Japanese on a phone: the demo member
 * opens Toyota's page, taps the bell, is refused a level the price has already reached, sets one
 * a tenth of a yen above the price and one below it, and is told when one fires (the feed moves
 * every half second under MARKET_HOURS=always): a notice wherever they are, and the alerts
 * screen's list of what fired.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProduct, type Product } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
const soon = { timeout: 30_000, interval: 250 };
/** A random walk leaves a band of a tenth of a yen either side within seconds; allow a minute on a busy machine. */
const fires = { timeout: 60_000, interval: 500 };

const demo = { account: "09012345678", password: "demo1234" };
const toyota = "JP:7203";

beforeAll(async () => {
  product = await openProduct("alerts");
  ({ page, base } = product);
}, 240_000);

afterAll(async () => {
  await product?.close();
});

/** The price the sheet's hint shows now (`現在：¥3,001.5`), as a number. */
async function shownPrice(): Promise<number> {
  const hint = (await page.locator("#alert-threshold-hint").textContent()) ?? "";
  return Number(hint.replace(/[^\d.]/g, ""));
}

/**
 * Taps the bell until the sheet is open. Notices slide in at the top of the screen, over the
 * stock page's header and its bell: "alert set", and the alert just set firing a moment later (a
 * tenth of a yen away, it often does within seconds). One that arrives as the bell is tapped takes
 * the tap, and the member taps again.
 */
async function openSheet(): Promise<void> {
  const form = page.locator("[data-testid=alert-form]");
  await expect
    .poll(async () => {
      // An open sheet's backdrop takes the tap (it times out), and the form is there.
      await page.click("[data-testid=alert-button]", { timeout: 10_000 }).catch(() => undefined);
      return form.waitFor({ timeout: 5_000 }).then(
        () => true,
        () => false,
      );
    }, soon)
    .toBe(true);
  await expect.poll(shownPrice, soon).toBeGreaterThan(0);
}

/** Sets an alert through the sheet; true when the server took it (false: the price got there first). */
async function setAlert(kind: "上昇" | "下落", offset: number): Promise<boolean> {
  await openSheet();
  await page.locator("[data-testid=alert-form] label", { hasText: `株価が${kind}` }).click();
  await page.fill("#alert-threshold", ((await shownPrice()) + offset).toFixed(1));
  await page.click("[data-testid=alert-submit]");
  const outcome = await Promise.race([
    page
      .locator("[data-testid=alert-sheet]")
      .waitFor({ state: "hidden", timeout: 15_000 })
      .then(() => true),
    page
      .locator("#alert-threshold-error")
      .waitFor({ timeout: 15_000 })
      .then(() => false),
  ]);
  if (!outcome) {
    // Closed before the next try: a closing sheet's form is still on screen for a moment.
    await page.keyboard.press("Escape");
    await page.locator("[data-testid=alert-sheet]").waitFor({ state: "hidden", timeout: 15_000 });
  }
  return outcome;
}

describe("price alerts", () => {
  it("refuse a level already reached, and tell the member when one fires", async () => {
    await page.goto(`${base}#/login/login`);
    await page.fill("#login-account", demo.account);
    await page.fill("#login-password", demo.password);
    await page.check("#login-privacy");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);

    await page.goto(`${base}#/market/marketDetail?symbol=${encodeURIComponent(toyota)}`);
    await openSheet();
    await product.snap("alerts-sheet-ja");

    // A level the price is already past is refused in the member's language, and nothing is set.
    await page.locator("[data-testid=alert-form] label", { hasText: "株価が上昇" }).click();
    await page.fill("#alert-threshold", ((await shownPrice()) - 100).toFixed(1));
    await page.click("[data-testid=alert-submit]");
    await expect
      .poll(() => page.locator("#alert-threshold-error").textContent(), soon)
      .toContain("すでにその水準に達しています");
    await page.keyboard.press("Escape");
    await page.locator("[data-testid=alert-sheet]").waitFor({ state: "hidden", timeout: 15_000 });

    // Every notice the app shows from here on, however briefly it stays (a toast lasts seconds):
    // the page is one document, so the record survives the screens the member moves through.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { toasts: string[] }).toasts = seen;
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll("[data-sonner-toast]")) {
          const text = toast.textContent ?? "";
          if (!seen.includes(text)) seen.push(text);
        }
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const toasts = () => page.evaluate(() => (window as unknown as { toasts: string[] }).toasts);

    // A tenth of a yen either side of the price: whichever way it moves, one fires.
    await expect.poll(() => setAlert("上昇", 0.1), soon).toBe(true);
    await expect.poll(() => setAlert("下落", -0.1), soon).toBe(true);

    // One fires while the member stays on the stock's page, the first screen they opened after
    // signing in: the notice reaches them there, not only once they open a screen of the account.
    await expect
      .poll(async () => (await toasts()).some((text) => text.startsWith("トヨタ")), fires)
      .toBe(true);

    await page.goto(`${base}#/user/usercenter`);
    await page.click("[data-testid=menu-alerts]");
    await page.waitForURL(/#\/user\/alerts$/);
    const conditions = page.locator("[data-testid=alert-condition]");
    await expect
      .poll(() => conditions.allTextContents(), soon)
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^株価 ¥[\d,.]+ 以上$/),
          expect.stringMatching(/^株価 ¥[\d,.]+ 以下$/),
        ]),
      );

    // What fired is listed on the alerts screen.
    const notices = page.locator("[data-testid=alert-notice]");
    await expect.poll(() => notices.count(), fires).toBeGreaterThan(0);
    expect(await notices.first().textContent()).toContain("通知時の株価");
    await expect
      .poll(() => page.locator("[data-testid=alert][data-status=done]").count(), soon)
      .toBeGreaterThan(0);
    await product.snap("alerts-screen-ja");
  });
});
