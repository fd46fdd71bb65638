// k6 load test of the Socket.IO gateway, for ops: each virtual user is one phone holding a
// socket for SESSION_SECONDS with TOPICS quote topics, then reconnects. k6 has no Socket.IO
// client, so this speaks the protocol over k6's WebSocket (the framing is socket.io-parser's):
//   server `0{"sid":…,"pingInterval":…}` Engine.IO open     → client `40` (Socket.IO connect)
//   server `40{"sid":…}` connected                          → client `421["subscribe",{"topics":[…]}]`
//   server `431[{"snapshots":[…],"errors":[…]}]` ack of emit 1
//   server `42["updates",[{topic,epoch,seq,ts,data},…]]`    event (and `42["hello",…]` first)
//   server `2` ping                                         → client `3` pong
// Latency is the client's clock minus the update's `ts` (the feed's clock): run k6 on a host
// synchronised with the feed by NTP, or the figure is off by the skew.
//
//   k6 run -e BASE_URL=http://gateway:3002 -e SOCKETS=1000 loadtests/gateway.k6.js
//
// Env: BASE_URL (http://127.0.0.1:3000), SYMBOLS (comma-separated), TOPICS (10), SOCKETS (100),
// RAMP (30s), DURATION (2m), SESSION_SECONDS (60).
import { check } from "k6";
import { Counter, Trend } from "k6/metrics";
import { setTimeout } from "k6/timers";
import { WebSocket } from "k6/websockets";

/** The first ten JP and US equities of the feed's catalog. */
const defaultSymbols =
  "JP:7203,JP:6758,JP:8306,JP:9984,JP:6861,JP:8035,JP:9983,JP:7974,JP:6501,JP:6098," +
  "US:AAPL,US:MSFT,US:NVDA,US:AMZN,US:GOOGL,US:META,US:TSLA,US:BRK.B,US:JPM,US:V";

const baseUrl = __ENV.BASE_URL || "http://127.0.0.1:3000";
const socketUrl = `${baseUrl.replace(/^http/, "ws")}/socket.io/?EIO=4&transport=websocket`;
const symbols = (__ENV.SYMBOLS || defaultSymbols)
  .split(",")
  .map((symbol) => symbol.trim())
  .filter((symbol) => symbol.length > 0);
const topicsPerSocket = Math.min(Number(__ENV.TOPICS || 10), symbols.length);
const sockets = Number(__ENV.SOCKETS || 100);
const sessionMs = Number(__ENV.SESSION_SECONDS || 60) * 1000;
/** The id of our one emit that asks for an ack; any id works, the server echoes it. */
const subscribeAckId = 1;

export const options = {
  scenarios: {
    subscribers: {
      executor: "ramping-vus",
      startVUs: 0,
      stages: [
        { duration: __ENV.RAMP || "30s", target: sockets },
        { duration: __ENV.DURATION || "2m", target: sockets },
        { duration: "10s", target: 0 },
      ],
      // A session ends on its own timer; give it the time to close cleanly.
      gracefulRampDown: `${Math.ceil(sessionMs / 1000) + 10}s`,
    },
  },
  thresholds: {
    // The goal for the heavy point is p99 < 150 ms; the median should stay near the wire.
    kabuto_update_latency_ms: ["p(50)<50", "p(99)<150"],
    kabuto_subscribe_ms: ["p(95)<500"],
    // Market topics may skip states (conflation) but their seq never goes back within an epoch.
    kabuto_seq_regressions: ["count==0"],
    kabuto_updates: ["count>0"],
    ws_connecting: ["p(95)<1000"],
    checks: ["rate>0.99"],
  },
};

const updateLatency = new Trend("kabuto_update_latency_ms", true);
const subscribeDuration = new Trend("kabuto_subscribe_ms", true);
const updatesReceived = new Counter("kabuto_updates");
const seqRegressions = new Counter("kabuto_seq_regressions");
const seqSkipped = new Counter("kabuto_seq_skipped");

/**
 * @typedef {{ topic: string, epoch: string, seq: number, ts: number, data: unknown }} Update
 * @typedef {{ snapshots: Update[], errors: { topic: string, code: string }[] }} SubscribeAck
 */

/**
 * TOPICS consecutive symbols from a place that depends on the VU, so topics spread evenly.
 * @param {number} vu
 */
function topicsOf(vu) {
  const first = (vu * 7) % symbols.length;
  return Array.from(
    { length: topicsPerSocket },
    (_, index) => `quote:${symbols[(first + index) % symbols.length]}`,
  );
}

/**
 * Socket.IO packet `<type><ack id?><json>`: the ack id and the decoded JSON after the type.
 * @param {string} text
 */
function parsePacket(text) {
  const bracket = text.indexOf("[");
  if (bracket < 0) return undefined;
  const id = bracket > 2 ? Number(text.slice(2, bracket)) : undefined;
  return { id, args: /** @type {unknown[]} */ (JSON.parse(text.slice(bracket))) };
}

export default function () {
  const topics = topicsOf(__VU);
  /** @type {Map<string, { epoch: string, seq: number }>} */
  const last = new Map();
  const ws = new WebSocket(socketUrl);
  let subscribeSentMs = 0;
  let subscribed = false;

  /**
   * @param {Update} update
   * @param {number} nowMs
   */
  function receive(update, nowMs) {
    updateLatency.add(nowMs - update.ts);
    const previous = last.get(update.topic);
    if (previous && previous.epoch === update.epoch) {
      if (update.seq <= previous.seq) seqRegressions.add(1, { topic: update.topic });
      else if (update.seq > previous.seq + 1) seqSkipped.add(update.seq - previous.seq - 1);
    }
    last.set(update.topic, { epoch: update.epoch, seq: update.seq });
  }

  /** @param {string} text */
  function onPacket(text) {
    if (text === "2") {
      ws.send("3");
    } else if (text.startsWith("0")) {
      ws.send("40");
    } else if (text.startsWith("40")) {
      subscribeSentMs = Date.now();
      ws.send(`42${subscribeAckId}${JSON.stringify(["subscribe", { topics }])}`);
    } else if (text.startsWith("43")) {
      const packet = parsePacket(text);
      const ack = /** @type {SubscribeAck | undefined} */ (packet?.args[0]);
      subscribeDuration.add(Date.now() - subscribeSentMs);
      subscribed = check(ack, {
        "subscribe acked with the id sent": () => packet?.id === subscribeAckId,
        "every topic granted": (value) => value !== undefined && value.errors.length === 0,
        "a snapshot per topic": (value) => value !== undefined && value.snapshots.length === topics.length,
      });
      for (const snapshot of ack?.snapshots ?? []) {
        last.set(snapshot.topic, { epoch: snapshot.epoch, seq: snapshot.seq });
      }
    } else if (text.startsWith("42")) {
      const [event, payload] = parsePacket(text)?.args ?? [];
      if (event === "updates" && Array.isArray(payload)) {
        const nowMs = Date.now();
        for (const update of /** @type {Update[]} */ (payload)) receive(update, nowMs);
        updatesReceived.add(payload.length);
      } else if (event === "hello") {
        check(payload, {
          "protocol 1": (hello) => /** @type {{ protocol: number }} */ (hello).protocol === 1,
        });
      }
    } else if (text.startsWith("41") || text.startsWith("44")) {
      // The server disconnected us or refused the connection.
      check(text, { "not disconnected by the server": () => false });
      ws.close();
    }
  }

  ws.onmessage = (event) => {
    if (event && typeof event.data === "string") onPacket(event.data);
  };
  ws.onerror = (event) => {
    check(event, { "no websocket error": () => false });
  };
  ws.onopen = () => {
    setTimeout(() => ws.close(), sessionMs);
  };
  ws.onclose = () => {
    check(subscribed, { "subscribed before closing": (value) => value });
  };
}
