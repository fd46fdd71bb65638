/**
 * The live connection on a flaky network, in a real browser against a real server. Every
 * WebSocket the page opens goes through a relay in the test (Playwright's routeWebSocket), so the
 * test can cut the transport, hold reconnects off for a while, and drop frames on their way from
 * the gateway to the page:
 * - cut: the client reconnects by itself, subscribes its topics again, and shows exactly the
 *   newest state the server sent it, without a page reload;
 * - dropped by the server: a gateway that ends a connection on purpose (a socket too far
 *   behind on account events) gets the client back without a reload, its topics subscribed again;
 * - dropped account events: the member's screen goes stale (the drop is real), and the next
 *   event alone, whose `seq` is no longer the one expected, makes the client read the whole
 *   account again, so the money shown is right once more;
 * - a gateway on another protocol version (its `hello` rewritten): the client stops, stays
 *   disconnected and asks for a reload, and the reload brings it back.
 */
import type { Page, WebSocketRoute } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openProduct, type Product } from "./harness.ts";

let product: Product;
let page: Page;
let base: string;

const soon = { timeout: 30_000, interval: 200 };

interface WireUpdate {
  topic: string;
  epoch: string;
  seq: number;
  data: { last?: string };
}

/** The relay between page and server, and what went through it. */
const relay = {
  /** While true, every new connection is closed at once (the network is down). */
  cut: false,
  /** While true, frames carrying `account` events are dropped on their way to the page. */
  dropAccount: false,
  /** While true, only the first `account` event gets through; every later one is taken out of its frame. */
  firstAccountOnly: false,
  /** While true, the gateway's `hello` reaches the page claiming the next protocol version. */
  newerProtocol: false,
  accountPassed: 0,
  dropped: 0,
  connections: 0,
  open: new Set<{ page: WebSocketRoute; server: WebSocketRoute }>(),
  /** Updates the page received (acks' snapshots and `updates` frames), in arrival order. */
  delivered: [] as { atConnection: number; update: WireUpdate }[],
  /** Topics the page subscribed, per connection. */
  subscribed: new Map<number, string[]>(),
};

/** Engine.IO `4` message, Socket.IO `2` event or `3` ack: `42["updates",[...]]`, `431[{snapshots}]`. */
function updatesIn(text: string): WireUpdate[] {
  const match = /^4([23])\d*(\[.*)$/s.exec(text);
  if (!match?.[2]) return [];
  const payload = JSON.parse(match[2]) as unknown[];
  if (match[1] === "2" && payload[0] === "updates") return payload[1] as WireUpdate[];
  const ack = payload[0] as { snapshots?: WireUpdate[] } | undefined;
  return match[1] === "3" ? (ack?.snapshots ?? []) : [];
}

function subscribedIn(text: string): string[] {
  const match = /^42\d*(\[.*)$/s.exec(text);
  if (!match?.[1]) return [];
  const [event, body] = JSON.parse(match[1]) as [string, { topics?: string[] }];
  return event === "subscribe" ? (body.topics ?? []) : [];
}

/** What the gateway does to a socket it drops: Socket.IO's DISCONNECT (`41`), then the connection closes. */
async function serverDropAll(): Promise<void> {
  for (const link of relay.open) {
    link.page.send("41");
    await link.page.close({ code: 1000, reason: "dropped by the server" }).catch(() => undefined);
    await link.server.close().catch(() => undefined);
  }
  relay.open.clear();
}

async function cutAll(): Promise<void> {
  for (const link of relay.open) {
    await link.page.close({ code: 4000, reason: "cut by the test" }).catch(() => undefined);
    await link.server.close().catch(() => undefined);
  }
  relay.open.clear();
}

beforeAll(async () => {
  product = await openProduct("resilience");
  ({ page, base } = product);
  await page.routeWebSocket(/\/socket\.io\//, async (socket) => {
    if (relay.cut) {
      await socket.close({ code: 4000, reason: "network down" });
      return;
    }
    relay.connections += 1;
    const connection = relay.connections;
    const server = socket.connectToServer();
    const link = { page: socket, server };
    relay.open.add(link);
    socket.onMessage((message) => {
      const text = String(message);
      const topics = subscribedIn(text);
      if (topics.length > 0)
        relay.subscribed.set(connection, [...(relay.subscribed.get(connection) ?? []), ...topics]);
      server.send(message);
    });
    server.onMessage((message) => {
      const text = String(message);
      if (relay.newerProtocol && text.startsWith('42["hello"')) {
        const [event, hello] = JSON.parse(text.slice(2)) as [string, { protocol: number; epoch: string }];
        socket.send(`42${JSON.stringify([event, { ...hello, protocol: hello.protocol + 1 }])}`);
        return;
      }
      const updates = updatesIn(text);
      if (relay.dropAccount && updates.some((update) => update.topic === "account")) {
        relay.dropped += 1;
        return;
      }
      if (
        relay.firstAccountOnly &&
        text.startsWith("42") &&
        updates.some((update) => update.topic === "account")
      ) {
        const kept = updates.filter((update) => update.topic !== "account" || relay.accountPassed++ === 0);
        relay.dropped += updates.length - kept.length;
        for (const update of kept) relay.delivered.push({ atConnection: connection, update });
        if (kept.length > 0) socket.send(`42${JSON.stringify(["updates", kept])}`);
        return;
      }
      for (const update of updates) relay.delivered.push({ atConnection: connection, update });
      socket.send(message);
    });
    socket.onClose(() => relay.open.delete(link));
  });
}, 240_000);

afterAll(async () => {
  await product?.close();
});

/** The newest state of `topic` the page was sent on `connection`: highest seq within the newest epoch. */
function newestSent(topic: string, connection: number): WireUpdate | undefined {
  const updates = relay.delivered
    .filter((item) => item.atConnection === connection && item.update.topic === topic)
    .map((item) => item.update);
  const epoch = updates.at(-1)?.epoch;
  return updates.filter((update) => update.epoch === epoch).sort((a, b) => b.seq - a.seq)[0];
}

const digits = (text: string | null) => (text ?? "").replace(/[^\d.]/g, "");

describe("the live connection on a flaky network", () => {
  it("comes back after the transport is cut and shows exactly the newest state, without a reload", async () => {
    await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
    const last = page.locator("[data-testid=detail-last]");
    await expect.poll(() => last.textContent(), soon).toMatch(/\d/);
    // The first price comes over HTTP with the instrument; the subscription follows it.
    const firstConnection = relay.connections;
    await expect
      .poll(() => relay.subscribed.get(firstConnection) ?? [], soon)
      .toEqual(expect.arrayContaining(["quote:JP:7203", "book:JP:7203"]));
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });

    relay.cut = true;
    await cutAll();
    // The network stays down for a few seconds while prices go on moving on the server; the
    // client's own reconnect attempts meet a closed door meanwhile.
    await new Promise((wake) => setTimeout(wake, 4_000));
    relay.cut = false;

    await expect.poll(() => relay.connections, soon).toBeGreaterThan(firstConnection);
    const again = relay.connections;
    await expect
      .poll(() => relay.subscribed.get(again) ?? [], soon)
      .toEqual(expect.arrayContaining(["quote:JP:7203", "book:JP:7203"]));
    // Exact state: what the page shows is the newest quote the server sent it since.
    await expect
      .poll(async () => {
        const newest = newestSent("quote:JP:7203", relay.connections);
        return newest !== undefined && digits(await last.textContent()) === digits(newest.data.last ?? "");
      }, soon)
      .toBe(true);
    // And it keeps moving: the subscription is live again, not just a snapshot.
    const seen = relay.delivered.filter((item) => item.atConnection === relay.connections).length;
    await expect
      .poll(() => relay.delivered.filter((item) => item.atConnection === relay.connections).length, soon)
      .toBeGreaterThan(seen + 2);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await product.snap("41-after-reconnect");
  }, 90_000);

  it("comes back when the gateway drops the connection on purpose, without a reload", async () => {
    // Still on the stock from the test before, with the page never reloaded.
    const before = relay.connections;
    await expect
      .poll(() => relay.delivered.filter((item) => item.atConnection === before).length, soon)
      .toBeGreaterThan(0);
    await serverDropAll();
    // Socket.IO does not reconnect by itself after a server's DISCONNECT; the client must.
    await expect.poll(() => relay.connections, soon).toBeGreaterThan(before);
    const again = relay.connections;
    await expect
      .poll(() => relay.subscribed.get(again) ?? [], soon)
      .toEqual(expect.arrayContaining(["quote:JP:7203", "book:JP:7203"]));
    await expect
      .poll(() => relay.delivered.filter((item) => item.atConnection === again).length, soon)
      .toBeGreaterThan(2);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
  }, 60_000);

  it("reads the whole account again when account events went missing", async () => {
    await page.goto(`${base}#/login/login`);
    await page.fill("#login-account", "09012345678");
    await page.fill("#login-password", "demo1234");
    await page.check("#login-privacy");
    await page.click("button[type=submit]");
    await page.waitForURL(/#\/home\/index$/);
    await page.click("a[href='#/user/usercenter']");
    const yen = page.locator("[data-testid=funds-card][data-currency=JPY] [data-testid=funds-available]");
    const apiYen = async () => {
      const response = await page.request.get(`${base}api/v1/account`);
      const body = (await response.json()) as { balances: { currency: string; available: string }[] };
      return body.balances.find((balance) => balance.currency === "JPY")?.available ?? "";
    };
    await expect.poll(async () => digits(await yen.textContent()) === (await apiYen()), soon).toBe(true);
    // The private topic is held, and its grant (which re-reads the account) is behind us.
    await expect.poll(() => relay.subscribed.get(relay.connections) ?? [], soon).toContain("account");
    await new Promise((wake) => setTimeout(wake, 1_500));
    const before = digits(await yen.textContent());

    // A yen order whose events never reach the page.
    relay.dropAccount = true;
    const order = await page.request.post(`${base}api/v1/orders`, {
      data: { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 1 },
      headers: { "idempotency-key": crypto.randomUUID() },
    });
    expect(order.status(), await order.text()).toBe(201);
    await expect.poll(() => relay.dropped, soon).toBeGreaterThan(0);
    await new Promise((wake) => setTimeout(wake, 1_500));
    relay.dropAccount = false;
    expect(await apiYen()).not.toBe(before);
    // The drop is real: the page still shows the yen from before the order.
    expect(digits(await yen.textContent())).toBe(before);

    // A dollar order far below the market rests. Of its events only the first reaches the page:
    // it says nothing about yen, but its seq jumps past the dropped ones, and that alone must
    // make the client read the whole account again.
    relay.firstAccountOnly = true;
    const limit = await page.request.post(`${base}api/v1/orders`, {
      data: { symbol: "US:AAPL", side: "long", type: "limit", quantity: 1, leverage: 1, price: "1.00" },
      headers: { "idempotency-key": crypto.randomUUID() },
    });
    expect(limit.status(), await limit.text()).toBe(201);
    await expect.poll(async () => digits(await yen.textContent()) === (await apiYen()), soon).toBe(true);
    expect(digits(await yen.textContent())).not.toBe(before);
    expect(relay.accountPassed).toBeGreaterThan(1);
    relay.firstAccountOnly = false;
  }, 90_000);

  it("stops and asks for a reload when the gateway speaks another protocol version", async () => {
    await page.goto(`${base}#/market/marketDetail?symbol=JP%3A7203`);
    const notice = page.locator("[data-testid=update-notice]");
    expect(await notice.count()).toBe(0);
    relay.newerProtocol = true;
    await cutAll();
    await expect.poll(() => notice.isVisible(), soon).toBe(true);
    expect(await notice.getByRole("button").count()).toBe(1);
    // The page speaks Japanese by default: the notice is translated, not the English source.
    expect(await notice.textContent()).toContain("再読み込み");
    // It hung up by itself and does not come back, however long it waits.
    const outdatedAt = relay.connections;
    await expect.poll(() => relay.open.size, soon).toBe(0);
    await new Promise((wake) => setTimeout(wake, 3_000));
    expect(relay.connections).toBe(outdatedAt);

    // The reload (the new build, in real life) speaks the gateway's protocol again.
    relay.newerProtocol = false;
    await notice.getByRole("button").click();
    await expect.poll(() => relay.connections, soon).toBeGreaterThan(outdatedAt);
    const again = relay.connections;
    await expect
      .poll(() => relay.subscribed.get(again) ?? [], soon)
      .toEqual(expect.arrayContaining(["quote:JP:7203"]));
    expect(await notice.count()).toBe(0);
  }, 90_000);
});
