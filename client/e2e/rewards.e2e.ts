/**
 * The demo member's loans and rewards in a real browser against a real server: a supervisor
 * gives them a credit line, they borrow and repay; they check in from the account centre; they
 * open the invitation screen and see their code, the register link and its QR code (drawn at
 * 256×256), and the invitee the first start seeded, whose verification and first deposit paid
 * them ¥200; the link opens registration with the code filled in; staff take the reward back on
 * the member's console screen, and the member sees it taken back.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmStep, openProduct, type Product } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
const snap = (name: string) => product.snap(name);
const soon = { timeout: 30_000, interval: 250 };
const admin = { login: "admin", password: "kabuto-ops-demo" };

beforeAll(async () => {
  product = await openProduct("rewards");
  ({ page, base } = product);
}, 240_000);

afterAll(async () => {
  await product?.close();
});

async function memberGet<T>(path: string): Promise<T> {
  const response = await page.request.get(`${base}api/v1${path}`);
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

async function demoId(): Promise<string> {
  return (await memberGet<{ id: string }>("/me")).id;
}

describe("loans and rewards", () => {
  it("signs the demo member and the demo admin in, side by side", async () => {
    await page.goto(`${base}#/login/login`);
    await page.fill("#login-account", "09012345678");
    await page.fill("#login-password", "demo1234");
    await page.check("#login-privacy");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);
    await page.goto(`${base}#/ops/login`);
    await page.fill("#ops-login", admin.login);
    await page.fill("#ops-password", admin.password);
    await page.click("form button[type=submit]");
    await page.waitForURL((url) => url.hash.startsWith("#/ops") && !url.hash.startsWith("#/ops/login"));
  });

  it("borrows within a line the admin sets, and repays in full", async () => {
    await page.goto(`${base}#/ops/members/${await demoId()}`);
    const form = page.locator("[data-testid=credit-form]");
    await form.waitFor();
    await page.fill("#credit-score", "600");
    await page.fill("#credit-line-jpy", "100000");
    await page.fill("#credit-line-usd", "0");
    await page.fill("#credit-reason", "demo line");
    await page.locator("[data-testid=credit-save]").click();
    await expect
      .poll(async () => (await memberGet<{ score: number | null }>("/loans/credit")).score, soon)
      .toBe(600);

    await page.goto(`${base}#/user/jkjl`);
    await expect
      .poll(() => page.locator("[data-testid=borrow-available]").textContent(), soon)
      .toContain("100,000");
    await page.fill("#borrow-amount", "50000");
    await page.locator("[data-testid=borrow-submit]").click();
    const row = page.locator("[data-testid=loan]").first();
    await expect.poll(() => row.getAttribute("data-status"), soon).toBe("pending");
    const [loan] = (await memberGet<{ items: { id: string }[] }>("/loans")).items;

    await page.goto(`${base}#/ops/loans/${loan?.id}`);
    const approve = page.locator("[data-testid=review-approve]");
    await expect.poll(() => approve.isEnabled(), soon).toBe(true);
    await approve.click();
    await page.locator("[data-testid=review-confirm] button.button--primary").click();
    await page.locator("[data-testid=review-confirm]").waitFor({ state: "hidden" });

    await page.goto(`${base}#/user/jkjl`);
    await expect.poll(() => row.getAttribute("data-status"), soon).toBe("approved");
    await row.locator("[data-testid=loan-repay]").click();
    await row.locator(".amount-line__all").click();
    await row.locator("[data-testid=repay-submit]").click();
    await confirmStep(page);
    await expect.poll(() => row.getAttribute("data-status"), soon).toBe("settled");
    await snap("rewards-01-loan-repaid");
  });

  it("checks in from the account centre's check-in card, once, after being told to try again shortly", async () => {
    await page.goto(`${base}#/user/usercenter`);
    // Home keeps its own check-in card alive, hidden, once it has been opened: the account
    // centre's is the one on screen.
    const card = page.locator("[data-testid=checkin-card]").filter({ visible: true });
    const keys: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/rewards/check-in")) {
        keys.push(request.headers()["idempotency-key"] ?? "");
      }
    });
    // The first press meets the API while Redis is away (server/src/redis-down.int.test.ts).
    await page.route(
      "**/api/v1/rewards/check-in",
      (route) =>
        route.fulfill({
          status: 503,
          headers: { "retry-after": "5" },
          contentType: "application/json",
          body: JSON.stringify({ error: { code: "UNAVAILABLE", message: "UNAVAILABLE" } }),
        }),
      { times: 1 },
    );
    await card.locator("[data-testid=checkin-button]").click();
    await page.locator("[data-sonner-toast]", { hasText: "サービスに再接続しています" }).waitFor();
    expect(await card.getAttribute("data-checked-in")).toBe("false");
    await card.locator("[data-testid=checkin-button]").click();
    await expect.poll(() => card.getAttribute("data-checked-in"), soon).toBe("true");
    // The second press is the same check-in: it went with the first one's key.
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe("");
    expect(keys[1]).toBe(keys[0]);
    await snap("rewards-02-mine-checked-in");
    const again = await page.request.post(`${base}api/v1/rewards/check-in`, { data: {} });
    expect(again.status()).toBe(409);
  });

  it("opens the invitation screen: code, link, a 256×256 QR code, and the seeded invitee's reward", async () => {
    await page.goto(`${base}#/user/usercenter`);
    await page.locator("[data-testid=menu-invite]").click();
    await page.waitForURL(/#\/user\/invite$/);
    await expect
      .poll(() => page.locator("[data-testid=invite-screen-code]").textContent(), soon)
      .toBe("KABUTO");
    const link = (await page.locator("[data-testid=invite-link]").textContent()) ?? "";
    expect(link).toBe(`${base}#/login/register?invite=KABUTO`);

    const qr = page.locator("[data-testid=invite-qr]");
    await qr.waitFor();
    // Drawn in the page at the spec's size, with dark modules on it (no decoding needed to see that).
    const drawn = await qr.evaluate((element) => {
      const canvas = element as HTMLCanvasElement;
      const context = canvas.getContext("2d") as CanvasRenderingContext2D;
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let dark = 0;
      for (let index = 0; index < pixels.length; index += 4) if ((pixels[index] ?? 255) < 128) dark += 1;
      return { width: canvas.width, height: canvas.height, dark, total: pixels.length / 4 };
    });
    expect(drawn).toMatchObject({ width: 256, height: 256 });
    expect(drawn.dark).toBeGreaterThan(drawn.total / 5);
    expect(drawn.dark).toBeLessThan(drawn.total * 0.8);
    const box = await qr.boundingBox();
    expect([box?.width, box?.height]).toEqual([256, 256]);

    const invitee = page.locator("[data-testid=invitee]").first();
    await expect.poll(() => invitee.textContent(), soon).toContain("090****4321");
    expect(await invitee.locator("[data-testid=invitee-reward]").textContent()).toContain("200");
    await snap("rewards-03-invite");

    await page.goto(`${base}#/user/rewards`);
    const history = page.locator("[data-testid=rewards-history] [data-kind=invite]");
    await expect.poll(() => history.first().textContent(), soon).toContain("090****4321");
    await snap("rewards-04-history");
  });

  it("fills the invitation code in when the link is opened", async () => {
    const visitor = await page
      .context()
      .browser()
      ?.newContext({ viewport: { width: 390, height: 844 } });
    const other = await visitor?.newPage();
    await other?.goto(`${base}#/login/register?invite=KABUTO`);
    await expect.poll(async () => other?.locator("#register-invite").inputValue(), soon).toBe("KABUTO");
    await visitor?.close();
  });

  it("lets staff take the invitation reward back with a reason; the member sees it taken back", async () => {
    await page.goto(`${base}#/ops/members/${await demoId()}`);
    const reverse = page.locator("[data-testid=reward-reverse]").first();
    await reverse.click();
    await page.fill("#reward-reversal-reason", "test of a reversal");
    await page.locator(".dialog button.button--primary").click();
    await expect
      .poll(() => page.locator("[data-testid=reward-reversed]").first().textContent(), soon)
      .toContain("test of a reversal");
    await snap("rewards-05-ops-reversed");

    await page.goto(`${base}#/user/invite`);
    const reward = page.locator("[data-testid=invitee] [data-testid=invitee-reward]").first();
    await expect.poll(() => reward.textContent(), soon).not.toContain("200");
    await page.goto(`${base}#/user/FundingDetails`);
    const adjusted = page.locator("[data-testid=fund-row][data-kind=adjustment]").first();
    await expect.poll(() => adjusted.textContent(), soon).toContain("test of a reversal");
    await snap("rewards-06-fund-records");
  });
});
