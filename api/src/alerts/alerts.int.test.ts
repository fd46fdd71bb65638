import type { Quote } from "@kabuto/shared/protocol/market-data";
import type { AccountEvent } from "@kabuto/shared/protocol/socket";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { AlertsService } from "./alerts.service.ts";

const dayMs = 86_400_000;
let app: TestApp;
let seq = 0;
const heard: { memberId: string; event: AccountEvent }[] = [];

/** Puts a quote for `symbol` on the bus, as the feed would. */
function quote(symbol: string, last: string, changePct = "0.00", volume = 1000): void {
  const data = {
    symbol,
    last,
    open: last,
    high: last,
    low: last,
    prevClose: last,
    change: "0",
    changePct,
    volume,
    turnover: 1000,
    limitUp: null,
    limitDown: null,
    tradeMs: app.now(),
  } as Quote;
  app.bus.publish([{ topic: `quote:${symbol}` as const, epoch: "e", seq: ++seq, ts: app.now(), data }]);
}

/** The worker's alerts service over the app's database, bus and clock. */
function worker(): AlertsService {
  return new AlertsService({
    db: app.database.db,
    bus: app.bus,
    isKnown: (symbol) => app.catalog.isKnown(symbol),
    events: (memberId, event) => heard.push({ memberId, event }),
    push: { tell: async () => undefined },
    now: app.now,
    alwaysOpen: true,
  });
}

const alertsOf = async (auth: Record<string, string>) =>
  (await call(`${app.url}/alerts`, "GET", undefined, auth)).body;
const noticesOf = async (auth: Record<string, string>) =>
  (await call(`${app.url}/alerts/notices`, "GET", undefined, auth)).body;
const create = (auth: Record<string, string>, body: unknown, key?: string) =>
  call(`${app.url}/alerts`, "POST", body, key ? { ...auth, "idempotency-key": key } : auth);

beforeAll(async () => {
  app = await startTestApp({}, { accountEvents: (memberId, event) => heard.push({ memberId, event }) });
  await seedDemo(app.database.db, app.now());
  quote("JP:7203", "3000", "1.00");
  quote("US:AAPL", "200.50", "-1.20");
});
afterAll(async () => {
  await app?.close();
});

describe("setting an alert", () => {
  it("refuses bad input with its own code and sets nothing", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const cases: [unknown, number, string][] = [
      [
        { symbol: "JP:7203", kind: "price_sideways", threshold: "3100", frequency: "once" },
        400,
        "ALERT_KIND_INVALID",
      ],
      [
        { symbol: "JP:7203", kind: "price_above", threshold: "abc", frequency: "once" },
        400,
        "ALERT_THRESHOLD_INVALID",
      ],
      [
        { symbol: "JP:7203", kind: "price_above", threshold: "0", frequency: "once" },
        400,
        "ALERT_THRESHOLD_INVALID",
      ],
      [
        { symbol: "JP:7203", kind: "change_above", threshold: "150", frequency: "once" },
        400,
        "ALERT_THRESHOLD_INVALID",
      ],
      [
        { symbol: "JP:7203", kind: "price_above", threshold: "3100", frequency: "hourly" },
        400,
        "ALERT_FREQUENCY_INVALID",
      ],
      [
        { symbol: "JP:0000", kind: "price_above", threshold: "3100", frequency: "once" },
        404,
        "SYMBOL_NOT_FOUND",
      ],
      [
        { symbol: "JP:7203", kind: "price_above", threshold: "2900", frequency: "once" },
        409,
        "ALERT_ALREADY_MET",
      ],
      [
        { symbol: "US:AAPL", kind: "change_below", threshold: "1", frequency: "daily" },
        409,
        "ALERT_ALREADY_MET",
      ],
    ];
    for (const [body, status, code] of cases) {
      const answer = await create(auth, body);
      expect([answer.status, answer.body.error.code], JSON.stringify(body)).toEqual([status, code]);
    }
    const met = await create(auth, {
      symbol: "JP:7203",
      kind: "price_above",
      threshold: "2900",
      frequency: "once",
    });
    expect(met.body.error.details).toMatchObject({ last: "3000" });
    expect((await alertsOf(auth)).items).toEqual([]);
  });

  it("sets one alert for one key, however often the request is sent", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const body = { symbol: "JP:7203", kind: "price_above", threshold: "3100.50", frequency: "once" };
    const first = await create(auth, body, "alert-1");
    const again = await create(auth, body, "alert-1");
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(first.body).toMatchObject({
      symbol: "JP:7203",
      threshold: "3100.5",
      status: "active",
      firedCount: 0,
    });
    expect((await alertsOf(auth)).items.map((item: { id: string }) => item.id)).toEqual([first.body.id]);
  });

  it("holds a member to 50 active alerts", async () => {
    const { auth } = await registerMember(app.url, app.database);
    for (let i = 0; i < 50; i += 1) {
      const answer = await create(auth, {
        symbol: "JP:7203",
        kind: "price_above",
        threshold: String(3100 + i),
        frequency: "once",
      });
      expect(answer.status).toBe(201);
    }
    const over = await create(auth, {
      symbol: "JP:7203",
      kind: "price_above",
      threshold: "4000",
      frequency: "once",
    });
    expect([over.status, over.body.error.code]).toEqual([409, "ALERTS_LIMIT"]);
    expect((await alertsOf(auth)).items).toHaveLength(50);
  });
});

describe("the worker", () => {
  it("fires a one-off alert once, with two workers at it, and tells the member", async () => {
    const member = await registerMember(app.url, app.database);
    const set = await create(member.auth, {
      symbol: "JP:7203",
      kind: "price_above",
      threshold: "3050",
      frequency: "once",
    });
    quote("JP:7203", "3040");
    await Promise.all([worker().evaluate(), worker().evaluate()]);
    expect((await noticesOf(member.auth)).items).toEqual([]);

    quote("JP:7203", "3055", "1.83");
    await Promise.all([worker().evaluate(), worker().evaluate(), worker().evaluate()]);
    const notices = (await noticesOf(member.auth)).items;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      alertId: set.body.id,
      symbol: "JP:7203",
      price: "3055",
      changePct: "1.83",
    });
    expect(heard.filter((each) => each.memberId === member.memberId)).toEqual([
      { memberId: member.memberId, event: { type: "alert", id: notices[0].id } },
    ]);
    const [alert] = (await alertsOf(member.auth)).items;
    expect(alert).toMatchObject({ status: "done", firedCount: 1 });

    await worker().evaluate();
    expect((await noticesOf(member.auth)).items).toHaveLength(1);
    quote("JP:7203", "3000", "1.00");
  });

  it("fires an every-time alert again only after the price went back", async () => {
    const member = await registerMember(app.url, app.database);
    await create(member.auth, {
      symbol: "US:AAPL",
      kind: "price_below",
      threshold: "199",
      frequency: "always",
    });
    const notices = async () => (await noticesOf(member.auth)).items.length;

    quote("US:AAPL", "198.90");
    await worker().evaluate();
    expect(await notices()).toBe(1);
    quote("US:AAPL", "198.10");
    await worker().evaluate();
    expect(await notices()).toBe(1);
    quote("US:AAPL", "199.50");
    await worker().evaluate();
    quote("US:AAPL", "198.80");
    await worker().evaluate();
    expect(await notices()).toBe(2);
    expect((await alertsOf(member.auth)).items[0]).toMatchObject({ status: "active", firedCount: 2 });
    quote("US:AAPL", "200.50", "-1.20");
  });

  it("fires a daily alert once a trading day while its condition holds", async () => {
    const member = await registerMember(app.url, app.database);
    await create(member.auth, {
      symbol: "US:AAPL",
      kind: "change_below",
      threshold: "2",
      frequency: "daily",
    });
    quote("US:AAPL", "195", "-2.75");
    await worker().evaluate();
    await worker().evaluate();
    expect((await noticesOf(member.auth)).items).toHaveLength(1);
    app.advance(dayMs);
    await worker().evaluate();
    expect((await noticesOf(member.auth)).items).toHaveLength(2);
    quote("US:AAPL", "200.50", "-1.20");
  });
});

describe("five-minute alerts", () => {
  it("fire on a move and a volume spike within five minutes, once the worker has watched that long", async () => {
    // Sony's last 21 sessions as the feed stores them: 660,000 shares a day, 10,000 a usual five minutes.
    const dayStart = app.now() - 30 * dayMs;
    for (let day = 0; day <= 21; day += 1) {
      await app.database.db.execute(sql`
        insert into candles (symbol, interval, t, o, h, l, c, v)
        values ('JP:6758', '1d', ${dayStart + day * dayMs}, 30000, 30000, 30000, 30000, 660000)`);
    }
    quote("JP:6758", "3000", "0.00", 100_000);
    const member = await registerMember(app.url, app.database);
    const base = { symbol: "JP:6758", frequency: "once" };
    expect((await create(member.auth, { ...base, kind: "move_5m", threshold: "2" })).status).toBe(201);
    expect((await create(member.auth, { ...base, kind: "volume_spike", threshold: "3" })).status).toBe(201);
    const refused = await create(member.auth, { ...base, kind: "volume_spike", threshold: "1.2" });
    expect(refused.body.error.code).toBe("ALERT_THRESHOLD_INVALID");
    const watcher = worker();
    await watcher.evaluate();
    // Two minutes on, 3.3% up on 50,000 shares: but five minutes have not been watched yet.
    app.advance(2 * 60_000);
    quote("JP:6758", "3100", "3.33", 150_000);
    await watcher.evaluate();
    expect((await noticesOf(member.auth)).items).toHaveLength(0);
    // Five minutes after the first look: 2.33% up on 60,000 shares, six times the usual.
    app.advance(3 * 60_000);
    quote("JP:6758", "3070", "2.33", 160_000);
    await watcher.evaluate();
    const fired = (await noticesOf(member.auth)).items;
    expect(
      fired.map((notice: { kind: string; figure: string }) => [notice.kind, notice.figure]).sort(),
    ).toEqual([
      ["move_5m", "2.33"],
      ["volume_spike", "6.0"],
    ]);
  });
});

describe("deleting an alert", () => {
  it("stops it firing, keeps its notices, and is the member's own to delete", async () => {
    const owner = await registerMember(app.url, app.database);
    const other = await registerMember(app.url, app.database);
    const set = await create(owner.auth, {
      symbol: "JP:7203",
      kind: "price_below",
      threshold: "2950",
      frequency: "always",
    });
    quote("JP:7203", "2940");
    await worker().evaluate();

    const stranger = await call(`${app.url}/alerts/${set.body.id}`, "DELETE", undefined, other.auth);
    expect([stranger.status, stranger.body.error.code]).toEqual([404, "ALERT_NOT_FOUND"]);
    const gone = await call(`${app.url}/alerts/${set.body.id}`, "DELETE", undefined, owner.auth);
    expect(gone.status).toBe(200);
    expect((await call(`${app.url}/alerts/${set.body.id}`, "DELETE", undefined, owner.auth)).status).toBe(
      200,
    );
    expect((await alertsOf(owner.auth)).items).toEqual([]);

    quote("JP:7203", "2960");
    await worker().evaluate();
    quote("JP:7203", "2930");
    await worker().evaluate();
    expect((await noticesOf(owner.auth)).items).toHaveLength(1);
    quote("JP:7203", "3000", "1.00");
  });
});
