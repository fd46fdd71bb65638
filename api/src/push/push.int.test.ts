import { randomBytes } from "node:crypto";
import type { Quote } from "@kabuto/shared/protocol/market-data";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { AlertsService } from "../alerts/alerts.service.ts";
import { pushSubscriptions } from "../db/schema.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import {
  browserKeys,
  type Delivery,
  decrypt,
  startPushService,
  type TestPushService,
} from "../testing/push-service.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { testConfig } from "../testing/test-env.ts";
import { PushService } from "./push.service.ts";

let app: TestApp;
let pushService: TestPushService;
let pushOrigin = "";
let deliveries: Delivery[] = [];
let seq = 0;
const logged: { message: string; fields?: Record<string, unknown> }[] = [];

/** Puts a quote for `symbol` on the bus, as the feed would. */
function quote(symbol: string, last: string): void {
  const data = {
    symbol,
    last,
    open: last,
    high: last,
    low: last,
    prevClose: last,
    change: "0",
    changePct: "0.00",
    volume: 1000,
    turnover: 1000,
    limitUp: null,
    limitDown: null,
    tradeMs: app.now(),
  } as Quote;
  app.bus.publish([{ topic: `quote:${symbol}` as const, epoch: "e", seq: ++seq, ts: app.now(), data }]);
}

/** The worker's push and alerts services over the app's database, as the worker builds them. */
function worker(): AlertsService {
  const push = new PushService({
    db: app.database.db,
    now: app.now,
    settings: testConfig({ PUSH_SERVICES: pushOrigin }),
    log: (message, fields) => logged.push({ message, ...(fields ? { fields } : {}) }),
  });
  return new AlertsService({
    db: app.database.db,
    bus: app.bus,
    isKnown: (symbol) => app.catalog.isKnown(symbol),
    events: () => undefined,
    push,
    now: app.now,
    alwaysOpen: true,
  });
}

const save = (auth: Record<string, string>, body: unknown) =>
  call(`${app.url}/push/subscriptions`, "PUT", body, auth);
const alertAbove = (auth: Record<string, string>, threshold: string) =>
  call(
    `${app.url}/alerts`,
    "POST",
    { symbol: "JP:7203", kind: "price_above", threshold, frequency: "once" },
    auth,
  );

async function subscriptionsAt(endpoint: string) {
  return app.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

beforeAll(async () => {
  pushService = await startPushService();
  pushOrigin = pushService.origin;
  deliveries = pushService.deliveries;
  app = await startTestApp({ PUSH_SERVICES: `fcm.googleapis.com,${pushOrigin}` });
  await seedDemo(app.database.db, app.now());
  quote("JP:7203", "3000");
});
afterAll(async () => {
  await app?.close();
  await pushService?.close();
});

describe("saving a subscription", () => {
  it("saves one row per endpoint, however often it is saved, with the latest keys and language", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const endpoint = `${pushOrigin}/renewed/${randomBytes(4).toString("hex")}`;
    const first = browserKeys().keys;
    expect((await save(auth, { endpoint, keys: first, locale: "ja" })).body).toEqual({ ok: true });
    expect((await save(auth, { endpoint, keys: first, locale: "ja" })).status).toBe(200);
    app.advance(60_000);
    const renewed = browserKeys().keys;
    expect((await save(auth, { endpoint, keys: renewed, locale: "en" })).status).toBe(200);
    const rows = await subscriptionsAt(endpoint);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ p256dh: renewed.p256dh, locale: "en" });
    expect((rows[0]?.renewedAtMs ?? 0) - (rows[0]?.createdAtMs ?? 0)).toBeGreaterThanOrEqual(60_000);
  });

  it("refuses what is not a push service's address or a browser's keys, and saves nothing", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const { keys } = browserKeys();
    const cases: [unknown, string][] = [
      [{ endpoint: "not an address", keys, locale: "ja" }, "PUSH_ENDPOINT_INVALID"],
      [{ endpoint: "ftp://fcm.googleapis.com/x", keys, locale: "ja" }, "PUSH_ENDPOINT_INVALID"],
      // Only the push services the settings name: a subscription cannot point the server anywhere.
      [
        { endpoint: "https://attacker.example/fcm.googleapis.com", keys, locale: "ja" },
        "PUSH_ENDPOINT_INVALID",
      ],
      [{ endpoint: "http://fcm.googleapis.com/send/x", keys, locale: "ja" }, "PUSH_ENDPOINT_INVALID"],
      [{ endpoint: "https://fcm.googleapis.com/send/x", locale: "ja" }, "PUSH_KEYS_INVALID"],
      [
        { endpoint: "https://fcm.googleapis.com/send/x", keys: { p256dh: keys.p256dh }, locale: "ja" },
        "PUSH_KEYS_INVALID",
      ],
      [
        { endpoint: "https://fcm.googleapis.com/send/x", keys: { ...keys, auth: "short" }, locale: "ja" },
        "PUSH_KEYS_INVALID",
      ],
      [
        { endpoint: "https://fcm.googleapis.com/send/x", keys: { ...keys, p256dh: keys.auth }, locale: "ja" },
        "PUSH_KEYS_INVALID",
      ],
    ];
    for (const [body, code] of cases) {
      const answer = await save(auth, body);
      expect([answer.status, answer.body.error.code], JSON.stringify(body)).toEqual([400, code]);
    }
    expect(await subscriptionsAt("https://fcm.googleapis.com/send/x")).toEqual([]);
    const accepted = await save(auth, {
      endpoint: "https://fcm.googleapis.com/send/x",
      keys,
      locale: "zh-Hant",
    });
    expect(accepted.status).toBe(200);
  });

  it("forgets a subscription its member removes, and not another member's", async () => {
    const owner = await registerMember(app.url, app.database);
    const other = await registerMember(app.url, app.database);
    const endpoint = `${pushOrigin}/removed/${randomBytes(4).toString("hex")}`;
    await save(owner.auth, { endpoint, keys: browserKeys().keys, locale: "ja" });
    await call(`${app.url}/push/subscriptions`, "DELETE", { endpoint }, other.auth);
    expect(await subscriptionsAt(endpoint)).toHaveLength(1);
    const removed = await call(`${app.url}/push/subscriptions`, "DELETE", { endpoint }, owner.auth);
    expect(removed.body).toEqual({ ok: true });
    expect(await subscriptionsAt(endpoint)).toEqual([]);
  });
});

describe("the VAPID key", () => {
  it("is made once and kept, so a restarted server signs with the key browsers subscribed with", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const served = (await call(`${app.url}/push/key`, "GET", undefined, auth)).body.publicKey as string;
    expect(served).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    const restarted = new PushService({
      db: app.database.db,
      now: app.now,
      settings: testConfig(),
      log: () => undefined,
    });
    expect((await restarted.key()).publicKey).toBe(served);
  });

  it("is the configured pair where the settings give one", async () => {
    const configured = webpush.generateVAPIDKeys();
    const settings = testConfig({
      VAPID_PUBLIC_KEY: configured.publicKey,
      VAPID_PRIVATE_KEY: configured.privateKey,
    });
    const push = new PushService({ db: app.database.db, now: app.now, settings, log: () => undefined });
    expect((await push.key()).publicKey).toBe(configured.publicKey);
    expect(() => testConfig({ VAPID_PUBLIC_KEY: configured.publicKey })).toThrow();
  });
});

describe("an alert firing", () => {
  it("pushes to each of the member's apps in its language, signed with the server's key", async () => {
    const member = await registerMember(app.url, app.database);
    const japanese = browserKeys();
    const english = browserKeys();
    const id = randomBytes(4).toString("hex");
    await save(member.auth, { endpoint: `${pushOrigin}/ja/${id}`, keys: japanese.keys, locale: "ja" });
    await save(member.auth, { endpoint: `${pushOrigin}/en/${id}`, keys: english.keys, locale: "en" });
    expect((await alertAbove(member.auth, "3100")).status).toBe(201);

    quote("JP:7203", "3120");
    await worker().evaluate();
    await expect.poll(() => deliveries.filter((each) => each.path.endsWith(id)).length).toBe(2);

    const publicKey = (await call(`${app.url}/push/key`, "GET", undefined, member.auth)).body.publicKey;
    const [notice] = (await call(`${app.url}/alerts/notices`, "GET", undefined, member.auth)).body.items;
    for (const [locale, browser] of [
      ["ja", japanese],
      ["en", english],
    ] as const) {
      const delivery = deliveries.find((each) => each.path === `/${locale}/${id}`);
      if (!delivery) throw new Error(`no push for ${locale}`);
      expect(delivery.headers).toMatchObject({
        ttl: "3600",
        urgency: "high",
        "content-encoding": "aes128gcm",
      });
      expect(delivery.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
      );
      const message = decrypt(delivery.body, browser);
      expect(message).toMatchObject({ tag: `alert-${notice.id}`, url: "#/user/alerts" });
      expect(message.title).toBe(locale === "ja" ? "価格アラート：7203" : "Price alert: 7203");
      expect(message.body).toBe(
        locale === "ja"
          ? "株価が ¥3,100 以上になりました（現在値 ¥3,120）"
          : "Price at or above ¥3,100 (last ¥3,120)",
      );
    }
  });

  it("forgets a subscription its push service says is gone, and logs other refusals without losing the alert", async () => {
    const member = await registerMember(app.url, app.database);
    const id = randomBytes(4).toString("hex");
    const endpoints = ["gone", "broken", "fine"].map((kind) => `${pushOrigin}/${kind}/${id}`);
    for (const endpoint of endpoints)
      await save(member.auth, { endpoint, keys: browserKeys().keys, locale: "ja" });
    expect((await alertAbove(member.auth, "3200")).status).toBe(201);

    quote("JP:7203", "3210");
    expect(await worker().evaluate()).toMatchObject({ fired: 1 });
    await expect.poll(() => deliveries.filter((each) => each.path.endsWith(id)).length).toBe(3);
    await expect.poll(async () => (await subscriptionsAt(`${pushOrigin}/gone/${id}`)).length).toBe(0);
    expect(await subscriptionsAt(`${pushOrigin}/broken/${id}`)).toHaveLength(1);
    expect(await subscriptionsAt(`${pushOrigin}/fine/${id}`)).toHaveLength(1);
    await expect
      .poll(() => logged.find((each) => each.message === "push refused" && each.fields?.status === 500))
      .toBeDefined();
    const notices = (await call(`${app.url}/alerts/notices`, "GET", undefined, member.auth)).body.items;
    expect(notices).toHaveLength(1);
  });
});
