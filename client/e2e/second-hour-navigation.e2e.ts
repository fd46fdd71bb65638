/**
 * What a newcomer tripped on in their second hour, each now mended, in a real browser at a phone's
 * size against the real product: the IPO form's change button and the block application's
 * withdraw button say what they do; Positions never runs wider than the phone, whichever order
 * its stylesheets load in; a locked-up position says until which day, in the list too, under a
 * summary of the holdings per currency; a detail screen opened without its id says what to
 * choose and leads to the list; and back walks from a stock to its tab and then Home.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProduct, type Product } from "./harness.ts";

const soon = { timeout: 30_000, interval: 250 };
const demo = { account: "09012345678", password: "demo1234" };
const admin = { login: "admin", password: "kabuto-ops-demo" };
/** The phone's width (harness.ts). */
const phoneWidth = 390;
/** The lock-up of the block offering made below, in Tokyo days. */
const lockupDays = 30;

let product: Product;
let page: Page;
let base: string;
/** The member's locked-up position, from the block offering allotted in `beforeAll`. */
let locked: { id: string; lockedUntilMs: number };

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the tests read what they asked for and assert on it.
  body: any;
}

/** A call to the API with the page's cookies (the member's, and the staff's once signed in). */
async function api(method: "get" | "post", path: string, data?: unknown): Promise<Answer> {
  const response = await page.request[method](`${base}api/v1${path}`, {
    // A bodiless action is JSON too (the API refuses any other type).
    ...(method === "post" ? { data: data ?? {} } : {}),
    headers: { "Idempotency-Key": randomUUID() },
  });
  return { status: response.status(), body: await response.json() };
}

async function signIn(): Promise<void> {
  await page.goto(`${base}#/login/login`);
  await page.fill("#login-account", demo.account);
  await page.fill("#login-password", demo.password);
  await page.check("#login-privacy");
  await page.click("button[type=submit]");
  await page.waitForURL(/#\/home\/index$/);
}

/**
 * Gives the demo member something under every block tab and a position locked up for 30 days:
 * operations publish a block offering that closes in seconds, the member applies, and once it
 * has closed operations allot it. Then a bid for another stock, and a US position beside the yen.
 */
async function lockedUpPositionAndBlockRecords(): Promise<void> {
  const staff = await api("post", "/ops/auth/login", admin);
  expect(staff.status, JSON.stringify(staff.body)).toBe(200);
  const nowMs = Date.now();
  const offering = await api("post", "/ops/block/offerings", {
    symbol: "JP:9432",
    price: "150",
    sharesOffered: 1000,
    minShares: 100,
    maxShares: 1000,
    opensAtMs: nowMs - 1000,
    closesAtMs: nowMs + 4000,
    lockupDays,
  });
  expect(offering.status, JSON.stringify(offering.body)).toBe(201);
  const applied = await api("post", `/block/offerings/${offering.body.id}/applications`, { shares: 100 });
  expect(applied.status, JSON.stringify(applied.body)).toBe(201);
  // The desk allots once the offering has closed (BLOCK_OFFERING_NOT_CLOSED until then).
  const deadlineMs = Date.now() + soon.timeout;
  let allotted = await api("post", `/ops/block/offerings/${offering.body.id}/allot`);
  while (allotted.status === 409 && Date.now() < deadlineMs) {
    await page.waitForTimeout(soon.interval);
    allotted = await api("post", `/ops/block/offerings/${offering.body.id}/allot`);
  }
  expect(allotted.status, JSON.stringify(allotted.body)).toBeLessThan(300);

  const catalog = await api("get", "/block");
  const toyota = catalog.body.instruments.find((each: { symbol: string }) => each.symbol === "JP:7203");
  const bid = await api("post", "/block/bids", { symbol: "JP:7203", shares: 100, price: toyota.last });
  expect(bid.status, JSON.stringify(bid.body)).toBe(201);
  const apple = await api("post", "/orders", {
    symbol: "US:AAPL",
    side: "long",
    type: "market",
    quantity: 1,
    leverage: 1,
  });
  expect(apple.status, JSON.stringify(apple.body)).toBe(201);

  const holding = await api("get", "/positions?status=holding");
  const position = holding.body.items.find((each: { symbol: string }) => each.symbol === "JP:9432");
  expect(position.lockedUntilMs).toBeGreaterThan(Date.now());
  locked = { id: position.id, lockedUntilMs: position.lockedUntilMs };
}

beforeAll(async () => {
  product = await openProduct("second-hour-navigation");
  ({ page, base } = product);
  await signIn();
  await lockedUpPositionAndBlockRecords();
}, 240_000);

afterAll(async () => {
  await product?.close();
});

/** An in-app move to `hash`, as a link makes it: no page load. */
async function moveInApp(hash: string): Promise<void> {
  await page.evaluate((to) => {
    location.hash = to;
  }, hash);
}

describe("buttons that share a word with another screen", () => {
  it("say 'change' on the IPO form and 'withdraw the application' on a block bid, in each language", async () => {
    const offerings = await api("get", "/ipo/offerings");
    const book = offerings.body.items.find((each: { phase: string }) => each.phase === "book");
    const subscribed = await api("post", `/ipo/offerings/${book.id}/subscriptions`, {
      price: null,
      units: 1,
    });
    expect(subscribed.status, JSON.stringify(subscribed.body)).toBe(201);
    const texts = [
      { code: "jp", change: "変更する", withdraw: "取り下げる" },
      { code: "en", change: "Change", withdraw: "Withdraw" },
      { code: "tw", change: "變更", withdraw: "撤回" },
    ];
    for (const { code, change, withdraw } of texts) {
      await page.goto(`${base}#/market/subscribeDetail?id=${book.id}&lang=${code}`);
      await expect.poll(() => page.locator("[data-testid=ipo-submit]").textContent(), soon).toBe(change);
      await moveInApp(`#/position/position?tab=bidding&lang=${code}`);
      await expect
        .poll(() => page.locator("[data-testid=block-withdraw]").first().textContent(), soon)
        .toBe(withdraw);
    }
    await product.snap("second-hour-01-withdraw-application-zh");
  });
});

describe("Positions at a phone's width", () => {
  it("never runs wider than the phone on any tab, whichever order the stylesheets loaded in", async () => {
    await page.goto(`${base}#/position/position?tab=holding&lang=jp`);
    const tabs = page.locator(".position-tabs [data-value]");
    await expect.poll(() => tabs.count(), soon).toBeGreaterThan(6);
    const ids = await tabs.evaluateAll((each) => each.map((tab) => tab.getAttribute("data-value") ?? ""));
    const widths: Record<string, number> = {};
    for (const id of ids) {
      await page.locator(`.position-tabs [data-value='${id}']`).click();
      const panel = page.locator("[role=tabpanel]:not([hidden])");
      // Settled: the panel's list or its empty state is there, and nothing in it is loading.
      await expect
        .poll(
          () =>
            panel.evaluate((node) => node.childElementCount > 0 && !node.querySelector("[aria-busy=true]")),
          soon,
        )
        .toBe(true);
      if (id === "bidding" || id === "auction")
        await panel.locator("[data-testid=block-record]").first().waitFor();
      // The page's width as loaded, then with each lazily loaded stylesheet moved last in turn,
      // as a different path through the app would have loaded them.
      widths[id] = await page.evaluate(async () => {
        const frame = () => new Promise((done) => requestAnimationFrame(() => done(undefined)));
        const applied = (link: HTMLLinkElement) =>
          new Promise((done) =>
            link.sheet ? done(undefined) : link.addEventListener("load", done, { once: true }),
          );
        const sheets = [...document.querySelectorAll<HTMLLinkElement>("link[rel=stylesheet]")].filter(
          (link) => !/\/index-[^/]*\.css$/.test(link.href),
        );
        await frame();
        let widest = document.documentElement.scrollWidth;
        for (const sheet of sheets) {
          document.head.append(sheet);
          await applied(sheet);
          await frame();
          widest = Math.max(widest, document.documentElement.scrollWidth);
        }
        return widest;
      });
      if (id === "auction") await product.snap("second-hour-02-auction");
    }
    expect(Object.keys(widths)).toEqual(expect.arrayContaining(["holding", "bidding", "auction"]));
    expect(Object.entries(widths).filter(([, width]) => width > phoneWidth)).toEqual([]);
  });
});

describe("a locked-up position", () => {
  /** The lock-up's last day plus one, in Tokyo, as each language writes a date. */
  function endDate(locale: string): string {
    return new Intl.DateTimeFormat(locale, {
      timeZone: "Asia/Tokyo",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(locked.lockedUntilMs);
  }

  it("says until which day and time, in the list and on its page, in each language", async () => {
    const texts = [
      { code: "jp", text: `${endDate("ja-JP")} 00:00までロック中` },
      { code: "en", text: `Locked until ${endDate("en-US")} 00:00` },
      { code: "tw", text: `鎖定至 ${endDate("zh-TW")} 00:00` },
    ];
    for (const { code, text } of texts) {
      await page.goto(`${base}#/position/position?tab=holding&lang=${code}`);
      const row = page.locator(`[data-testid=holding-row][data-position='${locked.id}']`);
      await expect.poll(() => row.locator("[data-testid=holding-lock]").textContent(), soon).toBe(text);
      // Only the locked-up one carries the tag.
      const apple = page.locator("[data-testid=holding-row][data-symbol='US:AAPL']");
      await apple.waitFor();
      expect(await apple.locator("[data-testid=holding-lock]").count()).toBe(0);
      await moveInApp(`#/position/positionDetail?id=${locked.id}&lang=${code}`);
      await expect.poll(() => page.locator("[data-testid=detail-lock]").textContent(), soon).toBe(text);
    }
    await page.goto(`${base}#/position/position?tab=holding&lang=jp`);
    await page.locator("[data-testid=holding-lock]").waitFor();
    await product.snap("second-hour-03-holdings-ja");
  });
});

describe("the holdings list's summary", () => {
  /** `+￥1,234`, `-$12.50` as a number of the currency's major units. */
  function amount(text: string): number {
    return Number(text.replace(/[^\d.-]/g, ""));
  }

  it("leads with market value and unrealised P&L per currency, adding up the rows", async () => {
    await page.goto(`${base}#/position/position?tab=holding&lang=jp`);
    const summary = page.locator("[data-testid=holding-summary]");
    await expect
      .poll(
        () =>
          summary
            .locator("[data-currency]")
            .evaluateAll((lines) => lines.map((line) => line.getAttribute("data-currency"))),
        soon,
      )
      .toEqual(["JPY", "USD"]);
    const yen = summary.locator("[data-currency=JPY]");
    expect(await yen.locator("dt").allTextContents()).toEqual(["評価額合計", "評価損益合計"]);
    await expect
      .poll(() => yen.locator("[data-testid=holding-summary-value]").textContent(), soon)
      .toMatch(/^[¥￥][\d,]+$/);
    await expect
      .poll(
        () => summary.locator("[data-currency=USD] [data-testid=holding-summary-pnl]").textContent(),
        soon,
      )
      .toMatch(/^[+-]?(US)?\$[\d,.]+$/);
    // Read in one frame: the yen rows' P&L add up to the yen total, whatever the prices do.
    const yenAddsUp = async () => {
      const { rows, total } = await page.evaluate(() => {
        const text = (node: Element | null) => node?.textContent ?? "";
        const rows = [...document.querySelectorAll("[data-testid=holding-row]")]
          .filter((row) => row.getAttribute("data-symbol")?.startsWith("JP:"))
          .map((row) => text(row.querySelector("[data-testid=holding-pnl]")));
        const total = text(document.querySelector("[data-currency=JPY] [data-testid=holding-summary-pnl]"));
        return { rows, total };
      });
      return (
        rows.length > 0 && total !== "" && rows.reduce((sum, each) => sum + amount(each), 0) === amount(total)
      );
    };
    await expect.poll(yenAddsUp, soon).toBe(true);
    await page.goto(`${base}#/position/position?tab=holding&lang=en`);
    await expect
      .poll(() => summary.locator("[data-currency=JPY] dt").allTextContents(), soon)
      .toEqual(["Total market value", "Total unrealised P&L"]);
    await page.goto(`${base}#/position/position?tab=holding&lang=tw`);
    await expect
      .poll(() => summary.locator("[data-currency=JPY] dt").allTextContents(), soon)
      .toEqual(["總市值", "未實現損益合計"]);
  });
});

describe("a detail screen opened without its id", () => {
  it("says what to choose on the new share screen, and leads to the list", async () => {
    await page.goto(`${base}#/market/subscribeDetail?lang=jp`);
    const choose = page.locator("[data-testid=choose-first]");
    await expect
      .poll(() => choose.locator("p").textContent(), soon)
      .toBe("条件の確認や申込をする新規公開株を、一覧から選んでください。");
    await product.snap("second-hour-04-choose-new-share");
    await choose.locator("[data-testid=choose-first-list]").click();
    await page.waitForURL(/#\/market\/subscribe$/);
    await page.locator("[data-testid=ipo-card]").first().waitFor();
  });

  it("says what to choose on the dividend screen, and leads to the calendar", async () => {
    await page.goto(`${base}#/common/dividend3?lang=en`);
    const choose = page.locator("[data-testid=choose-first]");
    await expect
      .poll(() => choose.locator("p").textContent(), soon)
      .toBe("Choose a dividend from the calendar or from what you received and paid to see its details.");
    expect(await page.locator("[role=alert]").count()).toBe(0);
    await choose.locator("[data-testid=choose-first-list]").click();
    await page.waitForURL(/#\/common\/dividend$/);
    await page.locator("[data-testid=dividend-tab-calendar][aria-current=page]").waitFor();
  });

  it("says there is no such one for an id that names nothing, and leads to the list", async () => {
    await page.goto(`${base}#/common/dividend3?id=JP:0000@2000-01-01&lang=tw`);
    await expect
      .poll(() => page.locator("[data-testid=choose-first] p").textContent(), soon)
      .toBe("查無此股息。請從股息日曆或收付紀錄中選擇。");
    await page.goto(`${base}#/market/subscribeDetail?id=999999&lang=jp`);
    await expect
      .poll(() => page.locator("[data-testid=choose-first] p").textContent(), soon)
      .toBe("該当する新規公開株はありません。一覧から選んでください。");
  });
});

describe("the back button after the tab bar", () => {
  it("walks from a stock to its tab, then Home, and only then out of the app", async () => {
    // A fresh tab whose first entry is Home, as the app opens.
    const fresh = await page.context().newPage();
    try {
      await fresh.goto(`${base}#/home/index`);
      await fresh.locator(".tab-bar").waitFor();
      await fresh.locator(".tab-bar a[href$='/market/market']").click();
      await fresh.waitForURL(/#\/market\/market/);
      const stock = fresh.locator("a.quote-row").first();
      await stock.waitFor();
      await stock.click();
      await fresh.waitForURL(/#\/market\/marketDetail\?symbol=/);
      await fresh.goBack();
      await fresh.waitForURL(/#\/market\/market/);
      await fresh.goBack();
      await fresh.waitForURL(/#\/home\/index$/);
      // Home is where back ends: the wrapper's back button would now ask to press again to exit.
      expect(
        await fresh.evaluate(() => (window as { navigation?: { canGoBack: boolean } }).navigation?.canGoBack),
      ).toBe(false);

      // Switching tabs swaps the step above Home instead of piling steps up, and Home from a
      // tab goes back down to it.
      await fresh.locator(".tab-bar a[href$='/market/market']").click();
      await fresh.waitForURL(/#\/market\/market/);
      await fresh.locator(".tab-bar a[href$='/gdindex/gdindex']").click();
      await fresh.waitForURL(/#\/gdindex\/gdindex/);
      await fresh.locator(".tab-bar a[href$='/user/usercenter']").click();
      await fresh.waitForURL(/#\/user\/usercenter/);
      await fresh.goBack();
      await fresh.waitForURL(/#\/home\/index$/);
      await fresh.locator(".tab-bar a[href$='/position/position']").click();
      await fresh.waitForURL(/#\/position\/position/);
      await fresh.locator(".tab-bar a[href$='/home/index']").click();
      await fresh.waitForURL(/#\/home\/index$/);
      expect(
        await fresh.evaluate(() => (window as { navigation?: { canGoBack: boolean } }).navigation?.canGoBack),
      ).toBe(false);
    } finally {
      await fresh.close();
    }
  });
});
