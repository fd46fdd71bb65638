/**
 * The quotes journey in a real browser against a real server: register, watch a Japanese price
 * move, open a stock (chart and five-level book), change the chart interval, and switch the
 * interface to English and to Traditional Chinese.
 *
 * It builds the client when client/dist is missing or older than its sources, starts the
 * embedded server (`node server/src/bin/embedded.ts`) on a free port with a fresh data folder and
 * every market session open, and drives Chromium at a phone's size. Screenshots of each step go
 * to client/e2e/screenshots/ (ignored by git). Throughout, it records every report of the
 * page's Content Security Policy: the journey covers the home screen, live prices over the
 * socket and the charts, and none of it may need what the policy forbids.
 */
import type { Locator, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProduct, type Product, tapChoice } from "./harness.ts";

/** The simulator moves prices every few hundred ms; a tick within this window is certain. */
const priceMoveMs = 30_000;

let product: Product;
let page: Page;
let base: string;
/** What the browser said the CSP blocked: console reports and `securitypolicyviolation` events. */
const violations: string[] = [];
const snap = (name: string) => product.snap(name);

beforeAll(async () => {
  product = await openProduct("quotes");
  ({ page, base } = product);
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = Reflect.get(window, "reportCspViolation");
      if (typeof report === "function") report(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
}, 240_000);

afterAll(async () => {
  await product?.close();
});

/**
 * Holds the answers to the requests whose address matches, until `release`: the page shows what
 * it shows while they load, for as long as the test looks at it.
 */
async function holdAnswers(on: Page, pattern: RegExp) {
  const held: Route[] = [];
  let releasing = false;
  await on.route(pattern, (route) => (releasing ? route.continue() : void held.push(route)));
  return {
    /** Resolves once `count` requests have been asked and are held. */
    asked: (count: number) => expect.poll(() => held.length).toBeGreaterThanOrEqual(count),
    release: async () => {
      releasing = true;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

/** Where an element's top edge is on the page (nothing here scrolls). */
async function topOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on the page");
  return Math.round(box.y);
}

describe("quotes in the browser", () => {
  it("serves the page under a CSP that runs only its own inline script, unframeable", async () => {
    const response = await page.goto(base);
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(response?.headers()["x-content-type-options"]).toBe("nosniff");
    // The page's own script ran under that policy: the catalog of the reader's language was
    // asked for beside the entry, not after it.
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.querySelectorAll("link[rel=modulepreload]")].some((link) =>
            /\/ja-[\w-]+\.js$/.test(link.getAttribute("href") ?? ""),
          ),
        ),
      )
      .toBe(true);
  });

  it("registers a new member with the demo invitation code", async () => {
    const account = `090${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
    await page.goto(`${base}#/login/register`);
    await page.fill("#register-account", account);
    await page.fill("#register-password", "kabuto123");
    await page.fill("#register-confirm", "kabuto123");
    await page.fill("#register-invite", "KABUTO");
    await page.check("#register-terms");
    await snap("01-register");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);
    await page.locator(".index-card[data-symbol='IDX:N225']").waitFor();
    await snap("02-home");
  });

  it("opens Home without the market calendar's holiday table or the console's schemas", async () => {
    // Once, an order rule that read the calendar put the table (200-odd KiB of script) into the
    // chunk every screen loads, and a phone parsed it before Home could answer a tap. Likewise the
    // news and rewards schemas once took a staff reason from the console's module, and Home built
    // its two hundred schemas before its first paint.
    await page.goto(`${base}#/home/index`);
    await page.locator(".index-card[data-symbol='IDX:N225']").waitFor();
    const scripts = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((entry) => entry.name)
        .filter((name) => name.endsWith(".js")),
    );
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) {
      const source = await (await page.request.get(script)).text();
      // Every day in the table is named in English beside its Japanese name.
      expect(source, script).not.toContain("week_en");
      // The staff password rule, declared in the console's module (shared/src/api/ops.ts) only.
      expect(source, script).not.toContain("{10,128}");
    }
  });

  it("keeps what lies below Home's figures and a stock's price in place while they load", async () => {
    // A context of its own with the member's session, where no service worker answers first, so
    // the answers can be held: the places the screens keep are what shows before they arrive.
    const browser = page.context().browser();
    if (!browser) throw new Error("no browser");
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: "block",
      storageState: await page.context().storageState(),
    });
    try {
      const still = await context.newPage();
      const home = await holdAnswers(still, /\/api\/v1\/(indices|rewards)(\?|$)/);
      await still.goto(`${base}#/home/index`);
      const shortcuts = still.locator("nav.shortcuts");
      await shortcuts.waitFor();
      await home.asked(2);
      const shortcutsTop = await topOf(shortcuts);
      await home.release();
      await still.locator(".index-card[data-symbol='IDX:N225']").waitFor();
      await still.locator("[data-testid=checkin-card]").waitFor();
      expect(await topOf(shortcuts)).toBe(shortcutsTop);

      // The stock, and the chart's code, which loads on the stock's page only.
      const stock = await holdAnswers(
        still,
        /\/api\/v1\/instruments\/JP(%3A|:)7203(\?|$)|\/price-chart-[\w-]+\.js$/,
      );
      await still.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
      const chart = still.locator(".chart-card");
      const book = still.locator("[data-testid=order-book]");
      await book.waitFor();
      await stock.asked(2);
      const tops = [await topOf(chart), await topOf(book)];
      await stock.release();
      await still.locator("[data-testid=price-chart]").waitFor();
      await expect.poll(() => still.locator("[data-testid=detail-last]").textContent()).toMatch(/\d/);
      expect([await topOf(chart), await topOf(book)]).toEqual(tops);
    } finally {
      await context.close();
    }
  });

  it("shows Japanese prices moving in the quote list", async () => {
    await page.click("a[href='#/market/market']");
    const last = page.locator(".quote-row[data-symbol^='JP:'] [data-testid=last]");
    await last.first().waitFor();
    const before = await last.allTextContents();
    expect(before.length).toBeGreaterThan(5);
    await expect
      .poll(async () => (await last.allTextContents()).some((text, index) => text !== before[index]), {
        timeout: priceMoveMs,
        interval: 250,
      })
      .toBe(true);
    await snap("03-market");
  });

  it("opens a stock with its chart and five-level book", async () => {
    await page.click(".quote-row[data-symbol='JP:7203']");
    await page.waitForURL(/#\/market\/marketDetail\?symbol=JP%3A7203$/);
    await page.locator("[data-testid=price-chart][data-status=ready] canvas").first().waitFor();
    const bookPrices = page.locator("[data-testid=order-book] .book__price");
    await expect.poll(() => bookPrices.count()).toBe(10);
    await expect
      .poll(async () => (await bookPrices.allTextContents()).filter((text) => /\d/.test(text)).length, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(2);
    await expect.poll(() => page.locator("[data-testid=detail-last]").textContent()).toMatch(/\d/);
    await snap("04-detail");
  });

  it("switches the chart interval", async () => {
    const fiveMinutes = page.getByRole("radio", { name: "5分" });
    await tapChoice(fiveMinutes);
    expect(await page.getByRole("radio", { name: "日足" }).isChecked()).toBe(false);
    await page.locator("[data-testid=price-chart][data-status=ready] canvas").first().waitFor();
    await snap("05-detail-5m");
  });

  it("switches the interface to English, then to Traditional Chinese", async () => {
    await page.goto(`${base}#/user/changeLang`);
    await expect.poll(() => page.locator("h1:visible").textContent()).toBe("言語");
    await page.getByRole("radio", { name: "English" }).check();
    await expect.poll(() => page.locator("h1:visible").textContent()).toBe("Language");
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem("lang")])).toEqual([
      "en",
      "en",
    ]);
    await page.goto(`${base}#/market/market`);
    await expect.poll(() => page.locator(".tab-bar").textContent()).toContain("Quotes");
    await snap("06-market-en");

    await page.goto(`${base}#/user/changeLang`);
    await page.getByRole("radio", { name: "繁體中文" }).check();
    await expect.poll(() => page.locator("h1:visible").textContent()).toBe("語言");
    await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
    await expect.poll(() => page.locator("[data-testid=order-book] h2").textContent()).toContain("五檔報價");
    await expect.poll(() => page.locator("h1:visible").textContent()).toContain("豐田汽車");
    await page.locator("[data-testid=price-chart][data-status=ready] canvas").first().waitFor();
    await snap("07-detail-zh-hant");
  });

  it("met no Content Security Policy refusal on the way", () => {
    expect(violations).toEqual([]);
  });
});
