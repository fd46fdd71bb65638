/**
 * Every route of the spec's table (src/app/spec-routes.ts) opens in Japanese, English and
 * Traditional Chinese at a phone's size without a console error, signed in as the demo member.
 * A route with no screen shows the not-found page, which fails here, so adding a route to the
 * table without a screen fails too; a route listed as not yet built must still show not-found,
 * so whoever builds it is told to move it out of the list.
 *
 * On the way it walks the new screens' journeys: Home's trade shortcut through search to the
 * order screen and a filled order, the pre-market shortcut to the US extended session's hours,
 * the hot lists switching lists, the new listings' empty state, and the about screen's licences.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allSpecRoutes, notYetBuilt, type SpecRoute } from "../src/app/spec-routes.ts";
import { confirmStep, openProduct, type Product, tapChoice } from "./harness.ts";

/** Each interface language with the spec's code for it in `lang=` (src/i18n/locale.ts). */
const languages = [
  { lang: "ja", code: "jp" },
  { lang: "en", code: "en" },
  { lang: "zh-Hant", code: "tw" },
] as const;
const soon = { timeout: 30_000 };

let product: Product;
let page: Page;
let base: string;
/** Console errors and uncaught exceptions, each with the address it happened on. */
const problems: string[] = [];
/** Requests still on their way: a screen is settled when none are. */
let inFlight = 0;
/** A position the order screen opened, for `/position/positionDetail?id=`. */
let positionId = "";

/** The query a route needs to show something real (its spec path takes none). */
function queryFor(route: SpecRoute): string {
  if (route === "/market/marketDetail" || route === "/market/marketBuy") return "symbol=JP%3A7203";
  if (route === "/position/positionDetail") return `id=${positionId}`;
  return "";
}

/**
 * Waits until the route's screen is on the page: two frames after the address changed (the
 * router renders on `hashchange`, so the new screen or its loading placeholder is there by
 * then), its lazily loaded code arrived, and no request is on its way.
 */
async function settle(): Promise<void> {
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined)))),
  );
  await page.locator(".screen-fallback").waitFor({ state: "detached", timeout: 30_000 });
  await expect.poll(() => inFlight, soon).toBe(0);
}

async function open(route: SpecRoute, lang: string, code: string): Promise<void> {
  const query = queryFor(route);
  await page.goto(`${base}#${route}?${query ? `${query}&` : ""}lang=${code}`);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang), soon).toBe(lang);
  await settle();
}

beforeAll(async () => {
  product = await openProduct("spec-routes");
  ({ page, base } = product);
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`${page.url()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
  page.on("request", () => {
    inFlight += 1;
  });
  page.on("requestfinished", () => {
    inFlight -= 1;
  });
  page.on("requestfailed", () => {
    inFlight -= 1;
  });
  await page.goto(`${base}#/login/login`);
  await page.fill("#login-account", "09012345678");
  await page.fill("#login-password", "demo1234");
  await page.check("#login-privacy");
  await page.click("button[type=submit]");
  await page.waitForURL(/#\/home\/index$/);
}, 240_000);

afterAll(async () => {
  await product?.close();
});

describe("the new screens' journeys", () => {
  it("trades from Home: the trade shortcut, search, the order screen, a filled order", async () => {
    await page.click("[data-testid=shortcut-trade]");
    await page.waitForURL(/#\/home\/search\?then=buy$/);
    await page.locator("[data-testid=search-for-trade]").waitFor();
    await page.fill("#search-input", "7203");
    await page.click(".quote-row[data-symbol='JP:7203']");
    await page.waitForURL(/#\/market\/marketBuy\?symbol=JP%3A7203&side=long$/);
    const screen = page.locator("[data-testid=buy-screen]");
    await expect.poll(() => screen.locator("[data-testid=order-last]").textContent(), soon).toMatch(/\d/);
    await expect
      .poll(() => screen.locator("[data-testid=estimate-required]").textContent(), soon)
      .toMatch(/\d/);
    await product.snap("routes-01-order-screen");
    await page.click("[data-testid=order-submit]");
    await confirmStep(page);
    await page.waitForURL(/#\/position\/position$/);
    const row = page.locator("[data-testid=holding-row][data-symbol='JP:7203']").first();
    await row.waitFor();
    positionId = (await row.getAttribute("data-position")) ?? "";
    expect(positionId).toMatch(/^\d+$/);
  });

  it("opens the US pre-market from Home with the session's hours", async () => {
    await page.goto(`${base}#/home/index?lang=en`);
    await page.click("[data-testid=shortcut-pre-market]");
    await page.waitForURL(/#\/market\/market\?session=pre$/);
    const hours = page.locator("[data-testid=extended-hours][data-session=pre]");
    await expect.poll(() => hours.textContent(), soon).toMatch(/04:00\s*–\s*09:30 New York time/);
    await product.snap("routes-02-pre-market");
    await page.goto(`${base}#/home/index?lang=en`);
    await page.click("[data-testid=shortcut-after-hours]");
    await expect
      .poll(() => page.locator("[data-testid=extended-hours][data-session=after]").textContent(), soon)
      .toMatch(/16:00\s*–\s*20:00 New York time/);
  });

  it("leads from each product tile on Home to its screen", async () => {
    const tiles: [string, RegExp][] = [
      ["shortcut-ipo", /#\/market\/subscribe/],
      ["shortcut-day-trading", /#\/common\/dayTrading$/],
      ["shortcut-block-trade", /#\/market\/block/],
      ["shortcut-follow", /#\/gdindex\/gdindex/],
    ];
    for (const [id, screen] of tiles) {
      await page.goto(`${base}#/home/index?lang=en`);
      await page.click(`[data-testid=${id}]`);
      await page.waitForURL(screen);
    }
  });

  it("ranks the hot lists live, and switches market and list", async () => {
    await page.goto(`${base}#/market/stockHot/stockList?lang=en`);
    const list = page.locator("[data-testid=hot-list][data-market=JP][data-kind=gainers]");
    await list.waitFor();
    await expect.poll(() => list.locator(".session-badge").getAttribute("data-phase"), soon).toBe("regular");
    await tapChoice(page.locator("input[name=hot-kind][value=volume]"));
    const volume = page.locator("[data-testid=hot-list][data-kind=volume]");
    // The simulator trades every name within seconds of opening: the most traded list fills.
    await expect.poll(() => volume.locator(".quote-row").count(), soon).toBeGreaterThan(0);
    await expect
      .poll(() => volume.locator(".quote-row__note").first().textContent(), soon)
      .toMatch(/Vol\. \d/);
    // Tokyo's names ranked at the PTS, which trades beside the TSE in every session here: its own
    // prices, under the PTS's column.
    await tapChoice(page.locator("input[name=hot-venue][value=pts]"));
    await page.waitForURL(/market=JP&kind=volume&venue=pts/);
    const atPts = page.locator("[data-testid=hot-list][data-kind=volume][data-venue=pts]");
    await expect.poll(() => atPts.locator(".quote-row").count(), soon).toBeGreaterThan(0);
    await expect.poll(() => atPts.textContent(), soon).toContain("PTS price");
    await page.getByRole("tab", { name: "US stocks" }).click();
    await page.waitForURL(/market=US&kind=volume$/);
    await page.locator("[data-testid=hot-list][data-market=US]").waitFor();
    await product.snap("routes-03-hot-lists");
  });

  it("lists the new share that listed this week, with its listing date", { timeout: 420_000 }, async () => {
    // The first start's offerings include one that listed the day before (api/src/ipo/ipo-seed.ts),
    // seeded with its crowd of applicants in the background once the history is stored; every
    // process adds listed offerings to its catalog within 15 seconds.
    await expect
      .poll(() => product.log(), { timeout: 300_000, interval: 1000 })
      .toMatch(/created 2 crowded demo new shares/);
    const row = page.locator("[data-testid=new-listings] .quote-row", { hasText: "Hanabi Quantum Works" });
    await expect
      .poll(
        async () => {
          await page.goto(`${base}#/market/marketNew?lang=en`);
          await page.reload();
          await row.waitFor({ timeout: 5000 }).catch(() => undefined);
          return (await row.count()) > 0 ? row.textContent() : "";
        },
        { timeout: 60_000, interval: 2000 },
      )
      .toMatch(/Listed \w{3} \d{1,2}, \d{4}/);
    await expect.poll(() => page.locator("[data-testid=new-listings-empty]").count()).toBe(0);
  });

  it("lists the bundled open-source packages with their licences on the about screen", async () => {
    await page.goto(`${base}#/user/aboutUs?lang=en`);
    const react = page.locator("[data-testid=licence]", { hasText: "react-dom" });
    await expect.poll(() => react.textContent(), soon).toMatch(/MIT/);
    await react.locator("summary").click();
    await expect
      .poll(() => react.locator("pre").first().textContent(), soon)
      .toMatch(/Permission is hereby granted/);
    await expect
      .poll(() => page.locator("[data-testid=about-version]").textContent(), soon)
      .toMatch(/^\d+\.\d+\.\d+$/);
    await page.locator("[data-testid=about-terms]").waitFor();
    await page.locator("[data-testid=about-privacy]").waitFor();
    await product.snap("routes-04-about");
  });
});

describe.each(languages)("every route of the spec in $lang", ({ lang, code }) => {
  it.each(allSpecRoutes())(`opens %s`, async (route) => {
    const before = problems.length;
    await open(route, lang, code);
    const notFound = await page.locator("[data-testid=not-found]").count();
    const unbuilt = notYetBuilt[route];
    if (unbuilt) {
      expect(
        notFound,
        `${route} has a screen now: take it out of notYetBuilt in src/app/spec-routes.ts (${unbuilt})`,
      ).toBe(1);
    } else {
      expect(notFound, `${route} is in the spec's table but has no screen`).toBe(0);
    }
    expect(problems.slice(before)).toEqual([]);
  });
});
