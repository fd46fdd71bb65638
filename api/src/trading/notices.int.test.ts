import { randomBytes } from "node:crypto";
import type { AccountEvent } from "@kabuto/shared/protocol/socket";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { PushMessage } from "../push/push-text.ts";
import { seedDemo } from "../seed.ts";
import { fund, registerMember, setMarket } from "../testing/fixtures.ts";
import { browserKeys, decrypt, startPushService, type TestPushService } from "../testing/push-service.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { TradingWorker } from "./worker.ts";

/*
 * What the engine does on its own (a stop fires, an order lapses, a margin call closes a
 * position) reaches the member twice: an event on their `account` topic for the open app, and a
 * Web Push, in each subscription's language, for the closed one. The app's own trading service
 * pushes to the test's push service, as the worker's does.
 */

let app: TestApp;
let pushService: TestPushService;
const heard: { memberId: string; event: AccountEvent }[] = [];

beforeAll(async () => {
  pushService = await startPushService();
  app = await startTestApp(
    { PUSH_SERVICES: pushService.origin },
    { accountEvents: (memberId, event) => heard.push({ memberId, event }) },
  );
  await seedDemo(app.database.db, Date.now());
});
afterAll(async () => {
  await app?.close();
  await pushService?.close();
});
beforeEach(() => {
  // Toyota: last 2,650 (the best bid), asks 2,650.5 and up.
  setMarket(
    app.bus,
    "JP:7203",
    [
      ["2650", 1_000],
      ["2000", 1_000],
    ],
    [
      ["2650.5", 1_000],
      ["3000", 1_000],
    ],
    { up: "3150", down: "2150.5" },
  );
});

const worker = (daysLater = 0) =>
  new TradingWorker({
    db: app.database.db,
    trading: app.trading,
    alwaysOpen: true,
    now: () => Date.now() + daysLater * 86_400_000,
  });

/** A funded member whose app is installed on two devices, one in Japanese and one in English. */
async function subscribedMember() {
  const member = await registerMember(app.url, app.database);
  await fund(app.database, member.memberId, "JPY", 10_000_000n);
  const device = randomBytes(4).toString("hex");
  const browsers = { ja: browserKeys(), en: browserKeys() };
  for (const locale of ["ja", "en"] as const) {
    const saved = await call(
      `${app.url}/push/subscriptions`,
      "PUT",
      { endpoint: `${pushService.origin}/${locale}/${device}`, keys: browsers[locale].keys, locale },
      member.auth,
    );
    expect(saved.status).toBe(200);
  }
  /** The pushes each of the member's devices received, opened as the browser opens them. */
  const received = (locale: "ja" | "en"): PushMessage[] =>
    pushService.deliveries
      .filter((each) => each.path === `/${locale}/${device}`)
      .map((each) => decrypt(each.body, browsers[locale]));
  const events = (type: AccountEvent["type"]) =>
    heard.filter((each) => each.memberId === member.memberId && each.event.type === type);
  return { ...member, received, events };
}

describe("a stop firing", () => {
  it("is one event and one push per device saying which stock, side and trigger, then its fill's push", async () => {
    const member = await subscribedMember();
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { symbol: "JP:7203", side: "long", type: "stop", quantity: 100, leverage: 2, triggerPrice: "2700" },
      member.auth,
    );
    expect(placed.status).toBe(201);
    setMarket(app.bus, "JP:7203", [["2700", 1_000]], [["2700.5", 1_000]], { up: "3150", down: "2150.5" });
    // Two workers racing fire it once: one event, one push per device.
    await Promise.all([worker().stopPass(), worker().stopPass()]);
    await worker().pass();

    const id = placed.body.id;
    expect(member.events("stop_triggered").map((each) => each.event.id)).toEqual([id]);
    // The trigger and the fill, each once: the fill's replaces the trigger's (one tag).
    await expect.poll(() => member.received("ja").length).toBe(2);
    await expect.poll(() => member.received("en").length).toBe(2);
    const byTitle = (locale: "ja" | "en", title: string) =>
      member.received(locale).filter((message) => message.title === title);
    expect(byTitle("ja", "逆指値が発動：7203")).toEqual([
      {
        title: "逆指値が発動：7203",
        body: "買い 100株：株価がトリガー ¥2,700 に達したため発注しました",
        tag: `order-${id}`,
        url: "#/position/position?tab=holding",
      },
    ]);
    expect(byTitle("en", "Stop triggered: 7203")).toEqual([
      {
        title: "Stop triggered: 7203",
        body: "Buy 100 shares: the price reached your trigger of ¥2,700; the order is sent",
        tag: `order-${id}`,
        url: "#/position/position?tab=holding",
      },
    ]);
    expect(byTitle("ja", "約定：7203").map((message) => message.body)).toEqual([
      "買い 100株が ¥2,700.5 で約定しました",
    ]);
    expect(byTitle("en", "Order filled: 7203").map((message) => message.body)).toEqual([
      "Buy 100 shares filled at ¥2,700.5",
    ]);
  });
});

describe("an order lapsing", () => {
  it("is one event and one push per device naming the order, once, however often the pass runs", async () => {
    const member = await subscribedMember();
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { symbol: "JP:7203", side: "long", type: "limit", quantity: 100, leverage: 2, price: "2600" },
      member.auth,
    );
    expect(placed.body).toMatchObject({ status: "pending" });
    expect(member.events("order_expired")).toEqual([]);

    expect(await worker(1).expireDayOrders()).toBeGreaterThanOrEqual(1);
    // A pass again (a retry, a second worker) finds it cancelled and tells no one.
    await worker(1).expireDayOrders();

    const id = placed.body.id;
    expect(member.events("order_expired").map((each) => each.event.id)).toEqual([id]);
    await expect.poll(() => member.received("ja").length).toBe(1);
    await expect.poll(() => member.received("en").length).toBe(1);
    expect(member.received("ja")).toEqual([
      {
        title: "注文が失効：7203",
        body: "買い 100株（指値 ¥2,600）は有効期限を過ぎたため取り消され、拘束金が解放されました",
        tag: `order-${id}`,
        url: "#/position/position?tab=pending",
      },
    ]);
    expect(member.received("en")).toEqual([
      {
        title: "Order expired: 7203",
        body: "Buy 100 shares (limit ¥2,600) lapsed at the end of its validity; its hold is released",
        tag: `order-${id}`,
        url: "#/position/position?tab=pending",
      },
    ]);
    const account = await call(`${app.url}/account`, "GET", undefined, member.auth);
    expect(account.body.balances.find((each: { currency: string }) => each.currency === "JPY")).toMatchObject(
      {
        held: "0",
      },
    );
  });
});

describe("a margin call", () => {
  it("is one event and one push per device naming the position and its close, once", async () => {
    const member = await subscribedMember();
    setMarket(app.bus, "JP:7203", [["2650", 500]], [["2650", 500]]);
    const placed = await call(
      `${app.url}/orders`,
      "POST",
      { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 3 },
      member.auth,
    );
    expect(placed.body).toMatchObject({ status: "filled" });
    // Margin 88,334 on 265,000: a fall to 2,200 loses 45,000, under half of it.
    setMarket(app.bus, "JP:7203", [["2200", 500]], [["2200.5", 500]]);
    expect((await worker().pass()).called).toBeGreaterThanOrEqual(1);
    await worker().pass();

    const positionId = placed.body.positionId;
    expect(member.events("margin_call").map((each) => each.event.id)).toEqual([positionId]);
    await expect.poll(() => member.received("ja").length).toBe(1);
    await expect.poll(() => member.received("en").length).toBe(1);
    expect(member.received("ja")).toEqual([
      {
        title: "強制決済：7203",
        body: "証拠金が維持率を下回ったため、買建 100株を ¥2,200 で決済しました",
        tag: `margin-${positionId}`,
        url: "#/position/position?tab=closed",
      },
    ]);
    expect(member.received("en")).toEqual([
      {
        title: "Margin call: 7203",
        body: "Equity fell below the maintenance margin: your long 100 shares were closed at ¥2,200",
        tag: `margin-${positionId}`,
        url: "#/position/position?tab=closed",
      },
    ]);
  });
});
