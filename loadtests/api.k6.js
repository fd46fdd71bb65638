// k6 load test of the HTTP API, for ops: members browsing (instrument list, a chart's candles)
// beside members trading (a market order, then closing the position it opened, so the demo
// account's cash never runs out however long the test). Each VU signs in once and keeps its
// bearer token. Market orders fill only in open sessions: run the API with MARKET_HOURS=always
// (and SEED_DEMO=1 in service mode, for the demo member).
//
//   k6 run -e BASE_URL=http://api:3001 loadtests/api.k6.js
//
// Env: BASE_URL (http://127.0.0.1:3000), ACCOUNT (09012345678), PASSWORD (demo1234),
// BROWSE_VUS (20), ORDERS_PER_SECOND (10), DURATION (2m), SYMBOL (JP:7203).
import { check, fail, sleep } from "k6";
import http from "k6/http";

const api = `${__ENV.BASE_URL || "http://127.0.0.1:3000"}/api/v1`;
const account = __ENV.ACCOUNT || "09012345678";
const password = __ENV.PASSWORD || "demo1234";
const symbol = __ENV.SYMBOL || "JP:7203";
const duration = __ENV.DURATION || "2m";

export const options = {
  scenarios: {
    browse: {
      executor: "constant-vus",
      vus: Number(__ENV.BROWSE_VUS || 20),
      duration,
      exec: "browse",
    },
    trade: {
      executor: "constant-arrival-rate",
      rate: Number(__ENV.ORDERS_PER_SECOND || 10),
      timeUnit: "1s",
      duration,
      preAllocatedVUs: 20,
      maxVUs: 200,
      exec: "trade",
    },
  },
  thresholds: {
    http_req_failed: ["rate<0.01"],
    checks: ["rate>0.99"],
    "http_req_duration{name:login}": ["p(95)<1000"],
    "http_req_duration{name:instruments}": ["p(95)<300"],
    "http_req_duration{name:candles}": ["p(95)<300"],
    // An order is one database transaction with its ledger journal.
    "http_req_duration{name:order}": ["p(95)<300", "p(99)<800"],
    "http_req_duration{name:close}": ["p(95)<300", "p(99)<800"],
  },
};

/** This VU's session token: one sign-in per VU, not per iteration, as a phone keeps its session. */
let token = "";

function authorized() {
  if (!token) {
    const response = http.post(`${api}/auth/login`, JSON.stringify({ account, password }), {
      headers: { "content-type": "application/json" },
      tags: { name: "login" },
    });
    const ok = check(response, { "login 200": (r) => r.status === 200 });
    const body = ok ? /** @type {{ token?: string }} */ (response.json()) : {};
    if (!body.token) fail(`login failed: ${response.status} ${response.body}`);
    token = body.token;
  }
  return { authorization: `Bearer ${token}`, "content-type": "application/json" };
}

/**
 * Unique per VU and iteration, and within the header's printable-ASCII rule.
 * @param {string} what
 */
function idempotencyKey(what) {
  return `k6-${what}-${__VU}-${__ITER}-${Date.now()}`;
}

export function browse() {
  const headers = authorized();
  const instruments = http.get(`${api}/instruments?market=JP`, { headers, tags: { name: "instruments" } });
  check(instruments, {
    "instruments 200": (r) => r.status === 200,
    "instruments listed": (r) => /** @type {{ items: unknown[] }} */ (r.json()).items.length > 0,
  });
  const candles = http.get(`${api}/candles/${symbol}?interval=1m`, { headers, tags: { name: "candles" } });
  check(candles, {
    "candles 200": (r) => r.status === 200,
    "candles present": (r) => /** @type {{ items: unknown[] }} */ (r.json()).items.length > 0,
  });
  // A person reads the screen before the next tap.
  sleep(1);
}

export function trade() {
  const headers = authorized();
  const order = http.post(
    `${api}/orders`,
    JSON.stringify({ symbol, side: "long", type: "market", quantity: 100, leverage: 1 }),
    { headers: { ...headers, "idempotency-key": idempotencyKey("order") }, tags: { name: "order" } },
  );
  const filled = check(order, {
    "order 201": (r) => r.status === 201,
    "order filled": (r) => /** @type {{ status: string }} */ (r.json()).status === "filled",
  });
  const positionId = filled ? /** @type {{ positionId: string | null }} */ (order.json()).positionId : null;
  if (!positionId) return;
  const close = http.post(`${api}/positions/${positionId}/close`, null, {
    headers: { ...headers, "idempotency-key": idempotencyKey("close") },
    tags: { name: "close" },
  });
  check(close, { "close 200": (r) => r.status === 200 });
}
