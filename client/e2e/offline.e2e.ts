/**
 * The installable app (issue 18): the manifest and the service worker register without a
 * console error; the demo member's watchlist, position and account totals, Home's indices and
 * notices, and the stocks last opened (named, quoted, charted), seen once online, open again with
 * the network gone (the page reloaded from the service worker's precache, the figures from
 * IndexedDB) under an offline banner with the time they were true, with orders disabled and the
 * reason shown; back online the banner goes and prices move again.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmStep, openProduct, type Product } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
const problems: string[] = [];

const demo = { account: "09012345678", password: "demo1234" };
const soon = { timeout: 30_000, interval: 200 };
/** The simulator moves prices every 500 ms with every session open: a change within this is certain. */
const priceMoveMs = 30_000;
const toyota = "JP:7203";
const apple = "US:AAPL";
/** A stock opened but neither watched nor held: kept because its page was opened. */
const microsoft = "US:MSFT";

beforeAll(async () => {
  product = await openProduct("offline");
  ({ page, base } = product);
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
}, 240_000);

afterAll(async () => {
  await product?.close();
});

/** The kept record of the signed-in member, read from IndexedDB as the app wrote it. */
function keptRecord(): Promise<{
  summary?: unknown;
  holding?: unknown[];
  watchlist?: { symbol: string }[];
  charts?: { symbol: string }[];
  quotes?: { topic: string }[];
  reads?: { queries: { queryKey: unknown[] }[] };
} | null> {
  return page.evaluate(
    (account) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("kabuto-offline");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const database = open.result;
          if (!database.objectStoreNames.contains("last-state")) return resolve(null);
          const read = database
            .transaction("last-state")
            .objectStore("last-state")
            .get(`last-state:${account}`);
          read.onsuccess = () => resolve(read.result ?? null);
          read.onerror = () => reject(read.error);
        };
      }),
    demo.account,
  );
}

async function watch(symbol: string): Promise<void> {
  await page.goto(`${base}#/market/marketDetail?symbol=${encodeURIComponent(symbol)}`);
  const star = page.locator(".star-button");
  await expect.poll(() => star.isEnabled(), soon).toBe(true);
  // A dispatched click: the toast of the previous add may lie over the header.
  if ((await star.getAttribute("aria-pressed")) !== "true") await star.dispatchEvent("click");
  await expect.poll(() => star.getAttribute("aria-pressed"), soon).toBe("true");
}

function watchedPrice(symbol: string) {
  return page.locator(`.quote-row[data-symbol='${symbol}'] [data-testid=last]`);
}

describe("the installable app", () => {
  it("registers its manifest and service worker without a console error", async () => {
    await page.goto(`${base}#/home/index`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(base);
    const cdp = await page.context().newCDPSession(page);
    const manifest = (await cdp.send("Page.getAppManifest")) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    await cdp.detach();
    expect(manifest.url).toBe(`${base}manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? "{}") as {
      name: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(parsed.name).toBe("Kabuto 株取引");
    expect(parsed.display).toBe("standalone");
    expect(parsed.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of parsed.icons) {
      const response = await page.request.get(new URL(icon.src, manifest.url).href);
      expect(response.headers()["content-type"]).toBe("image/png");
    }
    // Another language links its own manifest, which names the app in that language.
    await page.goto(`${base}?lang=tw#/user/changeLang`);
    await expect
      .poll(() => page.locator("link[rel=manifest]").getAttribute("href"), soon)
      .toBe("./manifest.zh-Hant.webmanifest");
    const chinese = await (await page.request.get(`${base}manifest.zh-Hant.webmanifest`)).json();
    expect(chinese.name).toBe("Kabuto 股票交易");
    await page.goto(`${base}?lang=jp#/home/index`);
    await page.locator(".home").waitFor();
    expect(problems).toEqual([]);
  });

  it("keeps the member's watchlist, position and totals while online", async () => {
    await page.goto(`${base}#/login/login`);
    await page.fill("#login-account", demo.account);
    await page.fill("#login-password", demo.password);
    await page.check("#login-privacy");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);
    await watch(toyota);
    await watch(apple);
    // One lot of Toyota at market, so there is a position to keep.
    await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
    await expect.poll(() => page.locator("[data-testid=detail-last]").textContent(), soon).toMatch(/\d/);
    await page.click("[data-testid=trade-long]");
    const sheet = page.locator("[data-testid=order-sheet]");
    await sheet.waitFor();
    await expect.poll(() => sheet.locator("[data-testid=order-shares]").textContent(), soon).toMatch(/100/);
    await page.click("[data-testid=order-submit]");
    await confirmStep(page);
    await sheet.waitFor({ state: "hidden" });
    await page.goto(`${base}#/position/position`);
    await page.locator(`[data-testid=holding-row][data-symbol='${toyota}']`).first().waitFor();
    await page.goto(`${base}#/user/usercenter`);
    await expect
      .poll(
        () =>
          page.locator("[data-testid=funds-card][data-currency=JPY] [data-testid=funds-total]").textContent(),
        soon,
      )
      .toMatch(/\d/);
    // A stock only looked at, chart and all, and Home with its indices and newest notice.
    await page.goto(`${base}#/market/marketDetail?symbol=${encodeURIComponent(microsoft)}`);
    await expect
      .poll(() => page.locator("[data-testid=price-chart]").getAttribute("data-status"), soon)
      .toBe("ready");
    await page.goto(`${base}#/home/index`);
    await expect.poll(() => page.locator(".index-card[data-symbol]").count(), soon).toBe(5);
    await page.locator("[data-testid=announcement-strip]").waitFor();
    await page.goto(`${base}#/market/market?tab=watchlist`);
    await expect.poll(() => watchedPrice(apple).textContent(), soon).toMatch(/\d/);
    await expect
      .poll(async () => {
        const kept = await keptRecord();
        // The demo member's watchlist starts with dividend payers; the two watched here are kept too.
        const watched = (kept?.watchlist ?? []).map((item) => item.symbol);
        const paths = (kept?.reads?.queries ?? []).map((query) => query.queryKey[1]);
        return [
          kept?.summary !== undefined,
          kept?.holding?.length ?? 0,
          watched.includes(toyota) && watched.includes(apple),
          kept?.charts?.some((chart) => chart.symbol === microsoft) ?? false,
          paths.includes("/indices") && paths.includes("/instruments/{symbol}") && paths.includes("/news"),
          ["session:JP", "session:US"].every((topic) =>
            kept?.quotes?.some((update) => update.topic === topic),
          ),
        ];
      }, soon)
      .toEqual([true, 1, true, true, true, true]);
  });

  it("opens offline with the last known state, the time it was true and orders disabled", async () => {
    await page.context().setOffline(true);
    await page.reload();
    const banner = page.locator("[data-testid=offline-banner]");
    await banner.waitFor();
    await expect
      .poll(() => page.locator("[data-testid=offline-as-of]").textContent(), soon)
      .toMatch(/\d{2}:\d{2}/);
    expect(await banner.textContent()).toContain("オフラインです");
    // The watchlist with the prices it last had.
    await expect.poll(() => watchedPrice(toyota).textContent(), soon).toMatch(/\d/);
    await expect.poll(() => watchedPrice(apple).textContent(), soon).toMatch(/\d/);
    await product.snap("offline-watchlist");
    // Home: the indices and the newest notice as they last were, each market's last phase.
    await page.goto(`${base}#/home/index`);
    await expect.poll(() => page.locator(".index-card[data-symbol]").count(), soon).toBe(5);
    await expect
      .poll(() => page.locator(".index-card[data-symbol] .index-card__last").first().textContent(), soon)
      .toMatch(/\d/);
    await page.locator("[data-testid=announcement-strip]").waitFor();
    await expect.poll(() => page.locator(".session-badge .skeleton").count(), soon).toBe(0);
    await product.snap("offline-home");
    // The stock only looked at: its name, last price and chart.
    await page.goto(`${base}#/market/marketDetail?symbol=${encodeURIComponent(microsoft)}`);
    await expect.poll(() => page.locator("[data-testid=detail-last]").textContent(), soon).toMatch(/\d/);
    await expect
      .poll(() => page.locator("[data-testid=price-chart]").getAttribute("data-status"), soon)
      .toBe("ready");
    expect(await page.locator(".detail-title").textContent()).toContain("マイクロソフト");
    await product.snap("offline-unwatched-detail");
    // The position and the account totals.
    await page.goto(`${base}#/position/position`);
    await page.locator(`[data-testid=holding-row][data-symbol='${toyota}']`).first().waitFor();
    await page.goto(`${base}#/user/usercenter`);
    await expect
      .poll(
        () =>
          page.locator("[data-testid=funds-card][data-currency=JPY] [data-testid=funds-total]").textContent(),
        soon,
      )
      .toMatch(/\d/);
    await product.snap("offline-mine");
    // An order needs the server: the buttons are disabled and say why.
    await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
    await expect.poll(() => page.locator("[data-testid=trade-long]").isDisabled(), soon).toBe(true);
    expect(await page.locator("[data-testid=trade-short]").isDisabled()).toBe(true);
    await page.locator("[data-testid=needs-connection]").waitFor();
    await product.snap("offline-detail");
  });

  it("comes back online: the banner goes and prices move again", async () => {
    await page.goto(`${base}#/market/market?tab=watchlist`);
    await expect.poll(() => watchedPrice(toyota).textContent(), soon).toMatch(/\d/);
    const kept = await watchedPrice(toyota).textContent();
    await page.context().setOffline(false);
    await page.locator("[data-testid=offline-banner]").waitFor({ state: "detached" });
    await expect
      .poll(() => watchedPrice(toyota).textContent(), { timeout: priceMoveMs, interval: 250 })
      .not.toBe(kept);
    await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
    await expect.poll(() => page.locator("[data-testid=trade-long]").isEnabled(), soon).toBe(true);
  });
});
