import { randomUUID } from "node:crypto";
import type { ControlMessage } from "@kabuto/shared/protocol/control";
import type { BusUpdate, QuoteUpdate } from "@kabuto/shared/protocol/socket";
import { quoteTopic } from "@kabuto/shared/protocol/topics";
import { anySymbolSchema } from "@kabuto/shared/symbols";
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import type { Bus, BusConsumer } from "./bus.ts";
import { createMemoryBus } from "./memory-bus.ts";
import { createRedisBus } from "./redis-bus.ts";

/** A test of the Redis bus itself needs a server: REDIS_URL's, or the local one. */
const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";

/**
 * Both implementations keep one contract.
 * Each opens a publisher's and a gateway's view of one bus: the same object in one process, two
 * connections to one Redis in service mode.
 */
const implementations: [string, () => [Bus, Bus]][] = [
  [
    "memory",
    () => {
      const bus = createMemoryBus();
      return [bus, bus];
    },
  ],
  [
    "redis",
    () => {
      const prefix = `kabuto-test:${randomUUID()}:`;
      return [
        createRedisBus({ url: redisUrl, prefix, role: "publisher" }),
        createRedisBus({ url: redisUrl, prefix, role: "both" }),
      ];
    },
  ],
];

const toyota = anySymbolSchema.parse("JP:7203");
const quote = (seq: number, symbol = toyota): QuoteUpdate => ({
  topic: quoteTopic(symbol),
  epoch: "e1",
  seq,
  ts: seq,
  data: {
    symbol,
    last: String(2800 + seq),
    open: "2800",
    high: "2900",
    low: "2700",
    prevClose: "2800",
    change: String(seq),
    changePct: "0.01",
    volume: 100,
    turnover: 280_000,
    limitUp: null,
    limitDown: null,
    tradeMs: seq,
  },
});

describe.each(implementations)("the %s bus", (_name, create) => {
  let buses: Bus[] = [];
  const open = (): [Bus, Bus] => {
    const pair = create();
    buses.push(...new Set(pair));
    return pair;
  };
  afterEach(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    buses = [];
  });

  it("delivers control messages to every listener, apart from the topics", async () => {
    const [publisher, gateway] = open();
    const received: ControlMessage[] = [];
    const updates: BusUpdate[] = [];
    gateway.onUpdates((batch) => updates.push(...batch));
    await gateway.subscribe(["quote:JP:7203"]);
    await gateway.onControl((message) => received.push(message));
    const ended: ControlMessage = { type: "sessions-ended", sessionKeys: ["k1"] };
    publisher.publishControl(ended);
    publisher.publish([quote(1)]);
    await expect.poll(() => received).toEqual([ended]);
    await expect.poll(() => updates.map((update) => update.seq)).toEqual([1]);
  });

  it("keeps the newest state of a topic for snapshots", async () => {
    const [publisher, gateway] = open();
    publisher.publish([quote(1), quote(2)]);
    await expect.poll(() => gateway.snapshots(["quote:JP:7203", "quote:JP:6758"])).toEqual([quote(2)]);
  });

  it("delivers a member's account events to a subscriber", async () => {
    const [publisher, gateway] = open();
    const events: BusUpdate[] = [];
    gateway.onUpdates((batch) => events.push(...batch));
    await gateway.subscribe(["account:m1"]);
    publisher.publish([{ topic: "account:m1", epoch: "a", seq: 1, ts: 1, data: { type: "order", id: "1" } }]);
    await expect.poll(() => events.map((event) => event.data)).toEqual([{ type: "order", id: "1" }]);
  });

  it("hands each consumer the topics it subscribed to, and no other", async () => {
    const [publisher, gateway] = open();
    const [fromGateway, fromWorker] = [seqsOf(gateway), seqsOf(gateway.consumer())];
    await gateway.subscribe(["quote:JP:7203"]);
    await fromWorker.consumer.subscribe(["quote:JP:7203", "quote:JP:6758"]);
    publisher.publish([quote(1), quote(2, sony)]);
    await expect.poll(() => fromWorker.seen).toEqual(["quote:JP:7203#1", "quote:JP:6758#2"]);
    await expect.poll(() => fromGateway.seen).toEqual(["quote:JP:7203#1"]);
  });

  it("keeps a topic for one consumer when the other unsubscribes from it, either way round", async () => {
    const [publisher, gateway] = open();
    const [fromGateway, fromWorker] = [seqsOf(gateway), seqsOf(gateway.consumer())];
    await gateway.subscribe(["quote:JP:7203"]);
    await fromWorker.consumer.subscribe(["quote:JP:7203"]);
    await gateway.unsubscribe(["quote:JP:7203"]);
    publisher.publish([quote(1)]);
    await expect.poll(() => fromWorker.seen).toEqual(["quote:JP:7203#1"]);
    await gateway.subscribe(["quote:JP:7203"]);
    await fromWorker.consumer.unsubscribe(["quote:JP:7203"]);
    publisher.publish([quote(2)]);
    await expect.poll(() => fromGateway.seen).toEqual(["quote:JP:7203#2"]);
    expect(fromWorker.seen).toEqual(["quote:JP:7203#1"]);
  });
});

const sony = anySymbolSchema.parse("JP:6758");

/** A consumer's deliveries, each as topic#seq, in the order they came. */
function seqsOf(consumer: BusConsumer): { consumer: BusConsumer; seen: string[] } {
  const seen: string[] = [];
  consumer.onUpdates((batch) => seen.push(...batch.map((update) => `${update.topic}#${update.seq}`)));
  return { consumer, seen };
}

describe("a Redis bus that lost its connection", () => {
  it("tells of its recovery and hands both consumers their topics again", async () => {
    const prefix = `kabuto-test:${randomUUID()}:`;
    const publisher = createRedisBus({ url: redisUrl, prefix, role: "publisher" });
    const bus = createRedisBus({ url: redisUrl, prefix, role: "both" });
    const [fromGateway, fromWorker] = [seqsOf(bus), seqsOf(bus.consumer())];
    let recovered = 0;
    bus.onRecover(() => {
      recovered += 1;
    });
    await bus.subscribe(["quote:JP:7203"]);
    await fromWorker.consumer.subscribe(["quote:JP:7203", "quote:JP:6758"]);
    await expect.poll(() => bus.status()).toBe("up");
    // Only this test's subscriber connection: it carries the test's own prefix as its name.
    const raw = new Redis(redisUrl);
    const clients = String(await raw.call("CLIENT", "LIST", "TYPE", "pubsub"));
    const id = clients
      .split("\n")
      .find((line) => line.includes(` name=${prefix}subscriber `))
      ?.match(/^id=(\d+)/)?.[1];
    expect(id).toBeDefined();
    await raw.call("CLIENT", "KILL", "ID", String(id));
    await expect.poll(() => recovered).toBe(1);
    // ioredis subscribes again once ready: wait until Redis counts this test's channels again.
    await expect
      .poll(async () =>
        raw.call("PUBSUB", "SHARDNUMSUB", `${prefix}topic:quote:JP:7203`, `${prefix}topic:quote:JP:6758`),
      )
      .toEqual([`${prefix}topic:quote:JP:7203`, 1, `${prefix}topic:quote:JP:6758`, 1]);
    publisher.publish([quote(1), quote(2, sony)]);
    await expect.poll(() => fromWorker.seen).toEqual(["quote:JP:7203#1", "quote:JP:6758#2"]);
    await expect.poll(() => fromGateway.seen).toEqual(["quote:JP:7203#1"]);
    raw.disconnect();
    await Promise.all([bus.close(), publisher.close()]);
  });
});

describe("a Redis bus's control channel", () => {
  it("reports a control message it cannot read, and hands its listeners none", async () => {
    const prefix = `kabuto-test:${randomUUID()}:`;
    const errors: Error[] = [];
    const bus = createRedisBus({
      url: redisUrl,
      prefix,
      role: "both",
      onError: (error) => errors.push(error),
    });
    const received: ControlMessage[] = [];
    await bus.onControl((message) => received.push(message));
    const raw = new Redis(redisUrl);
    await raw.spublish(`${prefix}control`, "not json");
    await raw.spublish(`${prefix}control`, JSON.stringify({ type: "reboot" }));
    await raw.spublish(`${prefix}control`, JSON.stringify({ type: "sessions-ended", memberIds: ["m1"] }));
    await expect.poll(() => received).toEqual([{ type: "sessions-ended", memberIds: ["m1"] }]);
    expect(errors.map((error) => error.message)).toEqual([
      "an unreadable control message on the bus",
      "an unreadable control message on the bus",
    ]);
    raw.disconnect();
    await bus.close();
  });
});

describe("a publisher-only Redis bus", () => {
  it("refuses to listen for control messages", async () => {
    const bus = createRedisBus({
      url: redisUrl,
      prefix: `kabuto-test:${randomUUID()}:`,
      role: "publisher",
    });
    await expect(bus.onControl(() => undefined)).rejects.toThrow(/publisher-only/);
    await bus.close();
  });
});
