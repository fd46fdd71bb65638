/**
 * What a newcomer tripped on in their second hour, each now mended, in a real browser against
 * the real product at a phone's size: the day-trade order tab's notes no longer overlap and its
 * two figures say which is which; a 1× position offers no added margin and lists no stamp duty;
 * an exchange is filed under the word of its tab, with a readable rate; prices read as money
 * beside money, and volumes at one precision; the operations console names every code in words,
 * shows money in its currency's units, and its first visit logs no failed request.
 */
import type { ConsoleMessage, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProduct, type Product } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
const soon = { timeout: 30_000, interval: 250 };

/** The demo member and operations login embedded mode seeds (README). */
const demo = { account: "09012345678", password: "demo1234" };
const admin = { login: "admin", password: "kabuto-ops-demo" };

/** A code as the server writes it (`lead.approve`, `block_release`): none should reach a reader. */
const rawCode = /\b[a-z]+(?:\.[a-z_]+|(?:_[a-z]+)+)\b/g;

beforeAll(async () => {
  product = await openProduct("second-hour-money");
  ({ page, base } = product);
  await page.goto(`${base}#/login/login`);
  await page.fill("#login-account", demo.account);
  await page.fill("#login-password", demo.password);
  await page.check("#login-privacy");
  await page.click("button[type=submit]");
  await page.waitForURL(/#\/home\/index$/);
}, 240_000);

afterAll(async () => {
  await product?.close();
});

/** The interface language, as the language switch stores it, applied with a fresh load of `hash`. */
async function showIn(lang: "jp" | "en" | "tw", hash: string): Promise<void> {
  await page.evaluate((code) => localStorage.setItem("lang", code), lang);
  await page.goto(`${base}${hash}`);
  await page.reload();
}

/** A member's request through the API, as the app sends it (the session cookie, a fresh key). */
async function send<T>(method: "post" | "put", path: string, body: unknown): Promise<T> {
  const response = await page.request.fetch(`${base}api/v1${path}`, {
    method,
    data: body,
    headers: { "idempotency-key": crypto.randomUUID() },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

async function read<T>(path: string): Promise<T> {
  const response = await page.request.get(`${base}api/v1${path}`);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

describe("the day-trade order tab", () => {
  for (const lang of ["jp", "tw"] as const) {
    it(`lays its notes one under the other and names both figures (${lang})`, async () => {
      await showIn(lang, "#/common/dayTrading?tab=order");
      const terms = page.locator("[data-testid=order-daytrade-terms]");
      await terms.waitFor(soon);
      await expect
        .poll(() => page.locator("[data-testid=estimate-required]").textContent(), soon)
        .toMatch(/\d/);
      const boxes = await terms.locator("p").evaluateAll((notes) =>
        notes.map((note) => {
          const box = note.getBoundingClientRect();
          return { top: box.top, bottom: box.bottom };
        }),
      );
      for (let i = 1; i < boxes.length; i++) {
        const [above, below] = [boxes[i - 1], boxes[i]];
        if (!above || !below) continue;
        expect(below.top, `note ${i + 1} starts inside note ${i}`).toBeGreaterThanOrEqual(above.bottom);
      }
      const power = await page.locator("[data-testid=day-trade-buying-power-label]").textContent();
      const cash = await page.locator("[data-testid=estimate-available-label]").textContent();
      expect(power).not.toBe(cash);
      // What the buying power is, in words and with the leverage behind it.
      expect(await page.locator("[data-testid=day-trade-buying-power-note]").textContent()).toMatch(/3\.3/);
      if (lang === "jp") {
        expect(power).toBe("デイトレード買付余力");
        expect(cash).toBe("利用可能な現金");
      }
      await product.snap(`second-hour-day-trade-${lang}`);
    });
  }
});

describe("a position bought outright at 1×", () => {
  it("offers no added margin and lists no stamp duty; a leveraged one still offers margin", async () => {
    const cash = await send<{ positionId: string }>("post", "/orders", {
      symbol: "JP:7203",
      side: "long",
      type: "market",
      quantity: 100,
      leverage: 1,
    });
    await showIn("jp", `#/position/positionDetail?id=${cash.positionId}`);
    await expect.poll(() => page.locator("[data-testid=detail-pnl]").textContent(), soon).toMatch(/\d/);
    await page.locator("[data-testid=close-position]").waitFor();
    expect(await page.locator("[data-testid=add-margin]").count()).toBe(0);
    expect(await page.locator("[data-testid=detail-sale-tax]").count()).toBe(0);
    expect(await page.locator("[data-testid=position-detail]").textContent()).not.toContain("印紙税");
    await product.snap("second-hour-position-1x");

    const leveraged = await send<{ positionId: string }>("post", "/orders", {
      symbol: "JP:7203",
      side: "long",
      type: "market",
      quantity: 100,
      leverage: 2,
    });
    await page.goto(`${base}#/position/positionDetail?id=${leveraged.positionId}`);
    await page.locator("[data-testid=add-margin]").waitFor(soon);
  });
});

describe("an exchange in the fund records", () => {
  it("is named by its tab's word, with the rate at four decimals", async () => {
    const quote = await send<{ id: string }>("post", "/fx/quote", { from: "USD", to: "JPY", amount: "100" });
    await send("post", "/fx/convert", { quoteId: quote.id });
    await showIn("jp", "#/user/FundingDetails");
    const row = page.locator("[data-testid=fund-row][data-kind=fx]").first();
    await row.waitFor(soon);
    const tab = (await page.locator(".funds-tabs [role=tab]").allTextContents()).at(-1);
    expect(tab).toBe("両替");
    expect(await row.locator(".fund-row__kind").textContent()).toBe(tab);
    expect(await row.locator("[data-testid=fund-memo]").textContent()).toMatch(
      /^USD→JPY（レート \d{1,3}(,\d{3})*\.\d{4}）$/,
    );
    await product.snap("second-hour-fund-records-fx");
  });
});

describe("prices and volumes", () => {
  it("show an offer price as money, and every volume of a ranking at one precision", async () => {
    await showIn("jp", "#/market/subscribe?tab=progress");
    const offer = page.locator("[data-testid=ipo-offer-price]").first();
    await offer.waitFor(soon);
    expect(await offer.textContent()).toMatch(/^￥\d{1,3}(,\d{3})*$/);

    await page.goto(`${base}#/market/stockHot/stockList?market=JP&kind=volume`);
    const notes = page.getByText(/^出来高 /);
    await expect.poll(() => notes.count(), soon).toBeGreaterThan(3);
    for (const note of await notes.allTextContents()) expect(note).toMatch(/^出来高 \d{1,3}(,\d{3})*$/);
    await product.snap("second-hour-volumes");
  });
});

describe("the operations console", () => {
  /** Errors the page logs (a failed request is one), from the moment this is called. */
  function consoleErrors(of: Page): string[] {
    const errors: string[] = [];
    of.on("console", (message: ConsoleMessage) => {
      if (message.type() === "error") errors.push(message.text());
    });
    of.on("pageerror", (error) => errors.push(error.message));
    return errors;
  }

  it("finds no staff session on a first visit without a failed request, signed in as a member or not", async () => {
    const errors = consoleErrors(page);
    await page.goto(`${base}#/ops`);
    await page.waitForURL((url) => url.hash.startsWith("#/ops/login"));
    await page.locator("#ops-login").waitFor();
    await page.waitForLoadState("networkidle");

    const context = await page
      .context()
      .browser()
      ?.newContext({ viewport: { width: 390, height: 844 } });
    if (!context) throw new Error("no browser");
    try {
      const fresh = await context.newPage();
      const freshErrors = consoleErrors(fresh);
      await fresh.goto(`${base}#/ops`);
      await fresh.waitForURL((url) => url.hash.startsWith("#/ops/login"));
      await fresh.locator("#ops-login").waitFor();
      await fresh.waitForLoadState("networkidle");
      expect(freshErrors).toEqual([]);
    } finally {
      await context.close();
    }
    expect(errors).toEqual([]);
  });

  it("names every code on the dashboard, a member's page and a loan's history in words", async () => {
    // The demo member's money moves as a newcomer's would: a fee, an exchange, a block trade held
    // and released, a credit line set by staff and a loan they approve.
    const desk = await read<{ offerings: { id: string; phase: string }[] }>("/block");
    const offering = desk.offerings.find((item) => item.phase === "open");
    if (!offering) throw new Error("no open block offering");
    const applied = await send<{ id: string }>("post", `/block/offerings/${offering.id}/applications`, {
      shares: 100,
    });
    await send("post", `/block/applications/${applied.id}/withdraw`, {});

    await page.goto(`${base}#/ops/login`);
    await page.fill("#ops-login", admin.login);
    await page.fill("#ops-password", admin.password);
    await page.click("form button[type=submit]");
    await page.waitForURL((url) => url.hash.startsWith("#/ops") && !url.hash.startsWith("#/ops/login"));
    const found = await read<{ items: { id: string }[] }>(`/ops/members?q=${demo.account}`);
    const memberId = found.items[0]?.id;
    if (!memberId) throw new Error("the demo member is not found");
    await send("put", `/ops/members/${memberId}/credit`, {
      score: 700,
      lines: { JPY: "100000", USD: "5000" },
      reason: "newcomer's credit",
    });
    const loan = await send<{ id: string }>("post", "/loans", { currency: "JPY", amount: "100000" });
    await send("post", `/ops/loans/${loan.id}/review`, { decision: "approve" });

    await page.goto(`${base}#/ops`);
    const recent = page.locator(".ops-history li");
    await expect.poll(() => recent.count(), soon).toBeGreaterThan(3);
    const dashboard = await page.locator(".ops-main").innerText();
    expect(dashboard.match(rawCode) ?? []).toEqual([]);
    // The dashboard lists the newest actions only, and a first start's own seeds and demo staff may
    // act after this test did, so the loan's approval is looked for in words on its own page below.
    await product.snap("second-hour-ops-dashboard");

    await page.goto(`${base}#/ops/members/${memberId}`);
    await expect.poll(() => page.locator(".ops-main").innerText(), soon).toContain("買付手数料");
    await expect.poll(() => page.locator(".ops-main").innerText(), soon).toContain("ローン残高");
    const memberPage = await page.locator(".ops-main").innerText();
    expect(memberPage.match(rawCode) ?? []).toEqual([]);
    expect(memberPage).toContain("ブロック取引の拘束解除");
    await product.snap("second-hour-ops-member");

    await page.goto(`${base}#/ops/loans/${loan.id}`);
    await expect.poll(() => page.locator(".ops-main").innerText(), soon).toContain("ローン承認");
    expect((await page.locator(".ops-main").innerText()).match(rawCode) ?? []).toEqual([]);

    // The credit lines in the audit log read as money: five thousand dollars, not 500000 cents.
    await page.goto(`${base}#/ops/audit?target=${encodeURIComponent(`member:${memberId}`)}`);
    const credit = page
      .locator("tr", { has: page.getByText("信用スコアと与信枠を設定") })
      .locator(".ops-changes");
    await credit.first().waitFor(soon);
    const lines = await credit.first().innerText();
    expect(lines).toContain("￥100,000 · $5,000.00");
    expect(lines).not.toContain("500000");
    await product.snap("second-hour-ops-audit");
  });
});
