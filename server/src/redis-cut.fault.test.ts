import { call } from "@kabuto/api/testing";
import { createRedisBus } from "@kabuto/bus";
import type { Book, Quote } from "@kabuto/shared/protocol/market-data";
import type { MarketUpdate, Update } from "@kabuto/shared/protocol/socket";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Answer,
  type Keyed,
  keyedOrder,
  type Member,
  memberYen,
  orderCost,
  orderPrice,
  readyMembers,
  symbol,
} from "./fault-burst.ts";
import {
  availableYen,
  type FaultStand,
  ledgerClean,
  memberRows,
  openFaultStand,
  putMarket,
  until,
} from "./fault-stand.ts";

/**
 * Redis goes away (the proxy drops every connection and refuses new ones) under a service-mode
 * API and gateway while members trade and watch a quote. While it lasts, orders are answered 503
 * UNAVAILABLE with a Retry-After (never a 500) and write nothing, and health says degraded; once
 * it is back, quotes reach the members' sockets again and every order told to wait goes through
 * with its key exactly once, and each answer while it lasted came at once (within Redis's
 * command bound), never after a wait for a reconnect.
 *
 * The outage lasts `outageMs`, fifteen seconds. By about eight seconds every client's reconnect
 * back-off has reached its cap: ioredis (its default back-off, which every client here keeps)
 * waits 50 ms before its first reconnect and doubles the wait up to 5 s (plus up to 200 ms of
 * jitter), so its eighth attempt, the first at the cap, begins at most 7.75 s after the cut. The
 * rest of the outage holds at least one more attempt at the cap, every client retrying every five
 * seconds while members keep being refused at once, which is what the case holds to; a longer
 * outage only repeats that. After Redis is back there is the wait for the next attempt (up to
 * 5.2 s), which quotes and orders must come back after.
 */
let stand: FaultStand;
let members: Member[];
let socket: Socket;
const feed = { seq: 0, timer: undefined as NodeJS.Timeout | undefined };
let publisher: ReturnType<typeof createRedisBus>;

/** How long Redis stays away (see above). */
const outageMs = 15_000;
/**
 * The longest a member may wait for a 503 while Redis is away: its command bound
 * (`redisCommandTimeoutMs`, a command under way when the connection broke), and a second for a
 * loaded machine. A request waits for no reconnect.
 */
const refusalMsMax = 2_000;
/** How often each member sends a new order while Redis is away: a member tapping Buy, not a load test. */
const orderEveryMs = 500;
/** How often the test's feed publishes a quote, as the simulator does while a market is open. */
const quoteEveryMs = 100;

/** Publishes the next quote and book straight to Redis, as the feed process would. */
function tick(): void {
  feed.seq += 1;
  const ts = Date.now();
  const instrument = symbol as Quote["symbol"];
  const book: Book = {
    symbol: instrument,
    bids: [{ price: orderPrice, size: 1e9 }],
    asks: [{ price: orderPrice, size: 1e9 }],
  };
  const quote: Quote = {
    symbol: instrument,
    last: orderPrice,
    open: orderPrice,
    high: orderPrice,
    low: orderPrice,
    prevClose: orderPrice,
    change: "0",
    changePct: "0.00",
    volume: feed.seq,
    turnover: 0,
    limitUp: null,
    limitDown: null,
    tradeMs: ts,
  };
  const updates: MarketUpdate[] = [
    { topic: `book:${symbol}`, epoch: "faults", seq: feed.seq, ts, data: book },
    { topic: `quote:${symbol}`, epoch: "faults", seq: feed.seq, ts, data: quote },
  ];
  publisher.publish(updates);
}

beforeAll(async () => {
  stand = await openFaultStand({ roles: ["gateway"] });
  await putMarket(stand, symbol, orderPrice);
  publisher = createRedisBus({ url: stand.redisUrl, prefix: stand.prefix, role: "publisher" });
  feed.timer = setInterval(tick, quoteEveryMs);
  members = await readyMembers(stand, 3);
  socket = io(stand.processes.gateway?.url, { transports: ["websocket"] });
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
}, 120_000);

afterAll(async () => {
  clearInterval(feed.timer);
  socket?.disconnect();
  await publisher?.close();
  await stand?.close();
});

async function health(): Promise<{ status: number; bus: string }> {
  const response = await call(`${stand.api}/health`, "GET");
  return { status: response.status, bus: response.body.bus };
}

describe("Redis cut while members trade and watch quotes", () => {
  it("answers 503 while it lasts; after it quotes flow again and each order acts once", async () => {
    const quotes: Update[] = [];
    socket.on("updates", (frame: Update[]) =>
      quotes.push(...frame.filter((u) => u.topic === `quote:${symbol}`)),
    );
    await socket.timeout(10_000).emitWithAck("subscribe", { topics: [`quote:${symbol}`] });
    await until(async () => quotes.length >= 3, "quotes on the member's socket");

    const orders: Keyed[] = [];
    const answers = new Map<string, Answer>();
    const place = async (order: Keyed) => {
      orders.push(order);
      answers.set(order.key, await order.send());
    };
    // Before: each member's order goes through.
    await Promise.all(members.map((member) => place(keyedOrder(stand, member))));
    expect([...answers.values()].every((answer) => answer.status === 201)).toBe(true);

    await stand.redis.cut();
    const cutStartedMs = Date.now();
    const duringCut: (Answer & { tookMs: number })[] = [];
    // While Redis is away, members keep trying to trade.
    await Promise.all(
      members.map(async (member) => {
        while (Date.now() - cutStartedMs < outageMs) {
          const order = keyedOrder(stand, member);
          const sentMs = Date.now();
          await place(order);
          duringCut.push({ ...(answers.get(order.key) as Answer), tookMs: Date.now() - sentMs });
          await new Promise((wake) => setTimeout(wake, orderEveryMs));
        }
      }),
    );
    await until(async () => (await health()).bus === "down", "health to see the bus down");
    const healthDuringCut = await health();
    const lastSeqBeforeRestore = Math.max(...quotes.map((quote) => quote.seq));
    await stand.redis.restore();

    expect(stand.running(), stand.output()).toBe(true);
    expect(stand.processes.gateway?.running()).toBe(true);
    expect(healthDuringCut).toEqual({ status: 503, bus: "down" });
    expect(duringCut.length).toBeGreaterThan(0);
    for (const answer of duringCut) {
      expect([answer.status, answer.code]).toEqual([503, "UNAVAILABLE"]);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
      expect(answer.tookMs).toBeLessThanOrEqual(refusalMsMax);
    }

    // After: health recovers and the member's socket hears new quotes again.
    await until(async () => (await health()).status === 200, "health to recover");
    await until(
      async () => quotes.some((quote) => quote.seq > lastSeqBeforeRestore),
      "quotes after Redis came back",
    );
    // Each order told to wait goes through with its key, once.
    for (const order of orders) {
      let answer = answers.get(order.key);
      await until(async () => {
        if (answer?.code !== "UNAVAILABLE") return true;
        answer = await order.send();
        return answer.code !== "UNAVAILABLE";
      }, `order ${order.key}`);
      if (answer) answers.set(order.key, answer);
      expect(answer).toMatchObject({ status: 201 });
    }
    const ids = new Set(orders.map((order) => answers.get(order.key)?.id));
    expect(ids.size).toBe(orders.length);
    for (const order of orders) {
      expect((await order.send()).id).toBe(answers.get(order.key)?.id);
    }
    const rows = await memberRows(
      stand.database,
      members.map((member) => member.memberId),
    );
    expect(rows).toMatchObject({ orders: orders.length, positions: orders.length, keys: orders.length });
    for (const member of members) {
      const placed = BigInt(orders.filter((order) => order.memberId === member.memberId).length);
      expect(await availableYen(stand.database, member.memberId)).toBe(memberYen - placed * orderCost);
    }
    expect(await ledgerClean(stand.database)).toBe(true);
  }, 120_000);
});
