/**
 * The PTS night session from a member's phone, in Japanese: the product runs on the real market
 * hours with its clock moved to 20:00 Tokyo time on a business day (the TSE shut, the PTS in its
 * night session). The demo member opens Toyota, sees the PTS night price as the headline with the
 * TSE's close beneath it and the PTS's own board, buys one lot at the PTS with a limit above its
 * best ask (so it fills on the PTS's book), finds the position opened with "PTS" as where it was
 * done, leaves a second one under the best bid pending with its PTS tag, and opens Home's
 * after-hours shortcut on the night session with Tokyo's names at their PTS prices.
 */
import { isTradingDay, marketDate, nextTradingDay } from "@kabuto/shared/market/calendar";
import { zonedWallClockMs } from "@kabuto/shared/market/zone-time";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmStep, openProduct, type Product } from "./harness.ts";

const soon = { timeout: 30_000, interval: 200 };
const demo = { account: "09012345678", password: "demo1234" };

/** How far ahead 20:00 Tokyo time of the next business day (today's, if still to come) lies. */
function shiftToTokyoEvening(nowMs: number): number {
  let date = marketDate("JP", nowMs);
  const evening = (day: string) => zonedWallClockMs("Asia/Tokyo", day, 20, 0);
  if (!isTradingDay("JP", date) || evening(date) <= nowMs) date = nextTradingDay("JP", date);
  return evening(date) - nowMs;
}

let product: Product;
let page: Page;
let base: string;

beforeAll(async () => {
  product = await openProduct(
    "pts",
    { MARKET_HOURS: "real" },
    { clockShiftMs: shiftToTokyoEvening(Date.now()) },
  );
  ({ page, base } = product);
}, 240_000);

afterAll(async () => {
  await product?.close();
});

/** A displayed price ("2,651.3") as a number. */
function priceOf(text: string | null): number {
  return Number((text ?? "").replace(/[^\d.]/g, ""));
}

describe("the PTS night session", () => {
  it("shows the PTS night price and board on a Tokyo stock, and fills a PTS limit order there", async () => {
    await page.goto(`${base}#/login/login`);
    await page.fill("#login-account", demo.account);
    await page.fill("#login-password", demo.password);
    await page.check("#login-privacy");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);
    // The photographs show the screens, not the notices passing over their tops.
    await page.addStyleTag({ content: "[data-sonner-toaster] { display: none !important; }" });

    await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
    const venue = page.locator("[data-testid=detail-venue]");
    await expect.poll(() => venue.textContent(), soon).toBe("PTS ナイト");
    await expect.poll(() => page.locator("[data-testid=detail-last]").textContent(), soon).toMatch(/\d/);
    expect(await page.locator("[data-testid=detail-tse-close]").textContent()).toMatch(/東証終値.*\d/);
    // The chart's candles stop at the TSE's close; the PTS's price runs across them as a labelled line.
    await expect
      .poll(() => page.locator("[data-testid=price-chart]").getAttribute("data-pts-line"), soon)
      .toMatch(/^\d+(\.\d+)?$/);
    const board = page.locator("[data-testid=order-book][data-venue=pts]");
    const bestAsk = board.locator(".book__row--ask .book__price").last();
    await expect.poll(async () => priceOf(await bestAsk.textContent()), soon).toBeGreaterThan(0);
    await product.snap("pts-01-stock-night");
    await board.scrollIntoViewIfNeeded();
    await product.snap("pts-01-board-night");

    // A buy limit 1% above the best ask crosses the PTS's book: the worker fills it at the asks.
    const limit = String(Math.ceil(priceOf(await bestAsk.textContent()) * 1.01));
    await page.click("[data-testid=trade-long]");
    const sheet = page.locator("[data-testid=order-sheet]");
    await expect.poll(() => sheet.locator("input[name=order-venue][value=pts]").isChecked(), soon).toBe(true);
    expect(await sheet.locator("input[name=order-type][value=limit]").isChecked()).toBe(true);
    expect(await sheet.locator("input[name=order-type][value=market]").isDisabled()).toBe(true);
    expect(await sheet.locator("[data-testid=order-venue-why]").textContent()).toMatch(/ナイト/);
    await product.snap("pts-02-order-sheet");
    await sheet.locator("#order-price").fill(limit);
    await sheet.locator("[data-testid=order-submit]").click();
    await expect
      .poll(() => page.locator("[data-testid=confirm-venue]").textContent(), soon)
      .toBe("PTS ナイト");
    await confirmStep(page);

    await page.goto(`${base}#/position/position`);
    const row = page.locator("[data-testid=holding-row][data-symbol='JP:7203']").first();
    await row.waitFor({ timeout: 30_000 });
    await row.click();
    await expect
      .poll(() => page.locator("[data-testid=detail-route]").textContent(), soon)
      .toMatch(/PTS\s*100株/);
    await product.snap("pts-04-filled");

    // A buy limit 1% under the best bid rests at the PTS: pending with its venue, until the session's end.
    await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
    const bestBid = board.locator(".book__row--bid .book__price").first();
    await expect.poll(async () => priceOf(await bestBid.textContent()), soon).toBeGreaterThan(0);
    const resting = String(Math.floor(priceOf(await bestBid.textContent()) * 0.99));
    await page.click("[data-testid=trade-long]");
    await sheet.locator("#order-price").fill(resting);
    await sheet.locator("[data-testid=order-submit]").click();
    await confirmStep(page);
    await page.goto(`${base}#/position/position?tab=pending`);
    const pending = page.locator("[data-testid=pending-row]").first();
    await expect
      .poll(() => pending.locator("[data-testid=pending-venue-tag]").textContent(), soon)
      .toBe("PTS");
    expect(await pending.locator("[data-testid=pending-valid-until]").textContent()).toBe(
      "当セッション終了まで",
    );
    await product.snap("pts-05-pending");
  });

  it("opens the night session from Home's after-hours shortcut with Tokyo's names at PTS prices", async () => {
    await page.goto(`${base}#/home/index`);
    await page.click("[data-testid=shortcut-after-hours]");
    const hours = page.locator("[data-testid=pts-hours][data-session=night][data-open=true]");
    await expect.poll(() => hours.textContent(), soon).toMatch(/16時30分～23時59分/);
    await page.locator("[data-testid=list-venue]").waitFor();
    const toyota = page.locator(".quote-row[data-symbol='JP:7203'] [data-testid=last]");
    await expect.poll(() => toyota.textContent(), soon).toMatch(/\d/);
    await product.snap("pts-03-after-hours");
  });
});
