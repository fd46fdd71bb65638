/**
 * The stop-order journey in Japanese: the demo member holds a lot of Toyota, gives the position a
 * sell stop (逆指値) one tick below the live price from the position's screen, sees it waiting in
 * the pending orders with its trigger, watches the server fire it when the simulated price falls to
 * it, and finds the close and its fund record. Then the order sheet's stop choice is photographed.
 *
 * The harness runs every session (MARKET_HOURS=always) and the simulator moves prices every fifth
 * of a second at random; a stop one tick below the price fires as soon as the price ticks down. A price
 * that runs away upwards would leave it waiting, so the journey cancels a stop that has not fired
 * within a window and sets a new one below the new price, a bounded number of times.
 */
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { confirmStep, openProduct, type Product, tapChoice } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;
const snap = (name: string) => product.snap(name);

beforeAll(async () => {
  product = await openProduct("stops");
  ({ page, base } = product);
}, 240_000);

afterAll(async () => {
  await product?.close();
});

const demo = { account: "09012345678", password: "demo1234" };
/** What a screen loads shows within this on a busy machine whose server also runs the feed. */
const soon = { timeout: 30_000, interval: 200 };
/** How long one stop may wait for the price to tick down to it before the journey sets a new one. */
const fireWindow = { timeout: 45_000, interval: 500 };
/** Stops set at most, each one tick below the price of its moment. */
const attemptsMax = 6;

let positionId = "";

describe("a stop order in the browser, in Japanese", () => {
  it("signs the demo member in, in Japanese, holding a lot of Toyota", async () => {
    await page.goto(`${base}#/login/login`);
    await page.evaluate(() => localStorage.setItem("lang", "jp"));
    await page.reload();
    await page.fill("#login-account", demo.account);
    await page.fill("#login-password", demo.password);
    await page.check("#login-privacy");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);
    const response = await page.request.post(`${base}api/v1/orders`, {
      data: { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 2 },
      headers: { "idempotency-key": crypto.randomUUID() },
    });
    expect(response.status(), await response.text()).toBe(201);
    positionId = ((await response.json()) as { positionId: string }).positionId;
  });

  it("sets a sell stop below the price from the position's screen and watches it close the position", async () => {
    await page.goto(`${base}#/position/positionDetail?id=${positionId}`);
    const detail = page.locator("[data-testid=position-detail]");
    await expect.poll(() => detail.getAttribute("data-status"), soon).toBe("holding");
    const panel = page.locator("[data-testid=position-stop]");
    await panel.waitFor();
    // Every notice the app shows from here on, however briefly a toast stays.
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
    expect(await panel.locator("h2").textContent()).toBe("損切り・利益確定（OCO）");
    // A take-profit well above the price first: the OCO's other leg, which the stop's close cancels.
    const up = page.locator("button[aria-controls=profit-limit]").last();
    for (let tick = 0; tick < 40; tick += 1) await up.click();
    await page.click("[data-testid=position-profit-submit]");
    await confirmStep(page);
    await panel.locator("[data-testid=position-stop-row][data-leg=profit]").waitFor();
    let fired = false;
    for (let attempt = 1; attempt <= attemptsMax && !fired; attempt += 1) {
      // Empty, the field steps from the live price: one tick lower is the nearest sell trigger.
      await page.fill("#stop-trigger", "");
      await page.locator("button[aria-controls=stop-trigger]").first().click();
      await expect.poll(() => page.inputValue("#stop-trigger"), soon).toMatch(/^\d/);
      await page.click("[data-testid=position-stop-submit]");
      const row = panel.locator("[data-testid=position-stop-row][data-leg=loss]");
      // The price may have fallen past the trigger before the tap: the field says so (at once, or
      // after the confirmation from the server), and the next try sets it anew.
      const refusal = page.locator("#stop-trigger-error");
      const step = page.locator("[data-testid=confirm-step]");
      const asked = async () =>
        (await step.isVisible()) ? "confirm" : (await refusal.count()) > 0 ? "refused" : "waiting";
      await expect.poll(asked, soon).not.toBe("waiting");
      if ((await asked()) === "refused") continue;
      await confirmStep(page);
      const outcome = async () => {
        if ((await detail.getAttribute("data-status")) === "closed") return "closed";
        if ((await row.count()) > 0) return "placed";
        return (await refusal.count()) > 0 ? "refused" : "waiting";
      };
      await expect.poll(outcome, soon).not.toBe("waiting");
      if ((await outcome()) === "refused") continue;
      // Read at once: a stop a tick under the price may fire, and its row go, on the next tick.
      const [shown] = await row.allTextContents();
      if (attempt === 1 && shown !== undefined) {
        expect(shown).toMatch(/株価が[\d,.]+円?以下になったら成行で売却/);
        await snap("60-stop-set-ja");
      }
      fired = await expect
        .poll(() => detail.getAttribute("data-status"), fireWindow)
        .toBe("closed")
        .then(
          () => true,
          () => false,
        );
      if (!fired && (await row.count()) > 0) {
        await row.first().locator("button").click();
        await expect.poll(() => row.count(), soon).toBe(0);
      }
    }
    expect(fired).toBe(true);
    await snap("61-stop-fired-ja");
    // The member was told the stop fired, on the account topic, wherever they were (unless the
    // price ran up to the take-profit first, which fires no stop).
    const listed = await page.request.get(`${base}api/v1/orders?status=filled`);
    const stopFilled = (
      (await listed.json()) as { items: { type: string; closesPositionId: string | null }[] }
    ).items.some((order) => order.closesPositionId === positionId && order.type === "stop");
    if (stopFilled)
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { toasts: string[] }).toasts), soon)
        .toContain("逆指値注文が発動し、発注しました。");
  }, 420_000);

  it("shows the filled stop, no longer pending, and the close in the fund records", async () => {
    const orders = await page.request.get(`${base}api/v1/orders`);
    const legs = ((await orders.json()) as { items: Record<string, unknown>[] }).items.filter(
      (order) => order.closesPositionId === positionId,
    );
    // The stop fired and filled; the take-profit beside it was cancelled (a price that ran up 40
    // ticks first would have filled the take-profit and cancelled the stop: the OCO either way).
    const filled = legs.filter((order) => order.status === "filled");
    expect(filled).toHaveLength(1);
    expect(legs.filter((order) => order.status === "pending")).toHaveLength(0);
    expect(legs.filter((order) => order.type === "limit")).toHaveLength(1);
    expect(filled[0]).toMatchObject({ side: "short", positionId });
    if (filled[0]?.type === "stop") expect(filled[0]?.triggeredAtMs).toEqual(expect.any(Number));
    await page.goto(`${base}#/position/position?tab=pending`);
    await expect.poll(() => page.locator("[data-testid=pending-stop-tag]").count(), soon).toBe(0);
    await page.goto(`${base}#/user/FundingDetails`);
    const closed = page.locator("[data-testid=fund-row][data-kind=close]").first();
    await closed.waitFor();
    await expect.poll(() => closed.textContent(), soon).toContain(`建玉番号 ${positionId}`);
    expect(await closed.locator("[data-testid=fund-memo]").textContent()).toMatch(
      /^7203 買い建て 100株を返済 @[\d,.]+$/,
    );
    await snap("62-stop-fund-record-ja");
  });

  it("offers the stop choice on the order sheet with its trigger and what it will do", async () => {
    await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
    await expect.poll(() => page.locator("[data-testid=detail-last]").textContent(), soon).toMatch(/\d/);
    await page.click("[data-testid=trade-long]");
    const sheet = page.locator("[data-testid=order-sheet]");
    await sheet.waitFor();
    await tapChoice(page.locator("input[name=order-type][value='stop']"));
    await sheet.locator("#order-trigger").waitFor();
    await sheet.locator("button[aria-controls=order-trigger]").last().click();
    await expect
      .poll(() => sheet.locator("[data-testid=order-stop-note]").textContent(), soon)
      .toMatch(/株価が[\d,.]+円?以上になった時点で、成行で発注します。/);
    await snap("63-order-sheet-stop-ja");
  });

  it("keeps a limit order to a date the member picks, and says until when on the confirmation and in pending orders", async () => {
    const sheet = page.locator("[data-testid=order-sheet]");
    await tapChoice(page.locator("input[name=order-type][value='limit']"));
    // Forty ticks under the price: it waits rather than fills.
    const lower = sheet.locator("button[aria-controls=order-price]").first();
    for (let tick = 0; tick < 40; tick += 1) await lower.click();
    await tapChoice(page.locator("input[name=order-validity][value='until']"));
    // The furthest date allowed comes first: fifteen business days ahead.
    const field = sheet.locator("#order-valid-until");
    await expect.poll(() => field.inputValue(), soon).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const until = await field.inputValue();
    expect(await sheet.locator("#order-valid-until-hint").textContent()).toContain("最長15営業日");
    await snap("64-order-sheet-validity-ja");
    await page.click("[data-testid=order-submit]");
    const shown = until.replaceAll("-", "/");
    await expect
      .poll(() => page.locator("[data-testid=confirm-validity]").textContent(), soon)
      .toContain(`${shown}の取引終了まで`);
    await confirmStep(page);
    await page.goto(`${base}#/position/position?tab=pending`);
    await expect
      .poll(() => page.locator("[data-testid=pending-valid-until]").allTextContents(), soon)
      .toContain(shown);
  });

  it("attaches a take-profit and a stop-loss to a limit order (IFDOCO), restated before it is sent", async () => {
    await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
    await expect.poll(() => page.locator("[data-testid=detail-last]").textContent(), soon).toMatch(/\d/);
    await page.click("[data-testid=trade-long]");
    const sheet = page.locator("[data-testid=order-sheet]");
    await sheet.waitFor();
    await tapChoice(page.locator("input[name=order-type][value='limit']"));
    const lower = sheet.locator("button[aria-controls=order-price]").first();
    for (let tick = 0; tick < 40; tick += 1) await lower.click();
    await sheet.locator("#order-ifd-profit-on").check();
    await sheet.locator("#order-ifd-loss-on").check();
    // Each leg starts ten ticks from the order's price, on its own side.
    const price = Number(await sheet.locator("#order-price").inputValue());
    expect(Number(await sheet.locator("#order-ifd-profit").inputValue())).toBeGreaterThan(price);
    expect(Number(await sheet.locator("#order-ifd-loss").inputValue())).toBeLessThan(price);
    expect(await sheet.locator("[data-testid=order-ifd-note]").textContent()).toContain("IFDOCO");
    await snap("65-order-sheet-ifdoco-ja");
    await page.click("[data-testid=order-submit]");
    await expect.poll(() => page.locator("[data-testid=confirm-ifd-profit]").count(), soon).toBe(1);
    expect(await page.locator("[data-testid=confirm-ifd-loss]").count()).toBe(1);
    await confirmStep(page);
    await page.goto(`${base}#/position/position?tab=pending`);
    await expect
      .poll(() => page.locator("[data-testid=pending-ifd-tag]").allTextContents(), soon)
      .toContain("IFDOCO");
  });
});
