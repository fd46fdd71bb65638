import { call, rowsOf } from "@kabuto/api/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Answer,
  depositChannel,
  type Keyed,
  keyedOrder,
  keyedRequests,
  type Member,
  memberYen,
  orderCost,
  orderPrice,
  readyMembers,
  sendAll,
  symbol,
  withdrawalYen,
} from "./fault-burst.ts";
import {
  availableYen,
  type FaultStand,
  ledgerClean,
  memberRows,
  openFaultStand,
  putMarket,
  type RoleProcess,
  until,
} from "./fault-stand.ts";

/**
 * PostgreSQL goes away under a service-mode API and worker, twice, in the middle of members'
 * keyed requests; both cases share the stand and its members.
 *
 * The cut: PostgreSQL restarts in the middle of a burst of keyed orders,
 * deposits and withdrawals: the proxy between them drops every connection and refuses new ones
 * until the test has seen the API answer through the cut. While it lasts, every answer is 503
 * UNAVAILABLE with a Retry-After (never a 500, and the process stays up); afterwards each
 * request the API did not finish is sent again with its key, and every key has acted exactly
 * once: one order, position, withdrawal or deposit each, the money moved once, the ledger whole.
 *
 * The blackhole: the network to PostgreSQL goes silent (connections stay open, nothing comes
 * back) in the middle of a burst of keyed orders. Every answer comes within the bound
 * (DATABASE_TIMEOUT_MS, shortened here to keep the lane quick), 503 UNAVAILABLE and never a 500,
 * health included; once the network is back every order told to wait acts exactly once with its
 * key, and the worker, which met the same silence, fills a limit order again.
 */
let stand: FaultStand;
let worker: RoleProcess;
let members: Member[];
let requests: Keyed[];

/**
 * The stand's DATABASE_TIMEOUT_MS: shorter than the default (5 s) so the blackhole case is quick;
 * the bound works the same way at any length.
 */
const timeoutMs = 2_000;
/**
 * The longest a request may wait in a blackhole: a wait for a free connection, then a statement,
 * each up to the bound (the product's worst case), and a second for a loaded machine.
 */
const answerMsMax = 2 * timeoutMs + 1_000;
/** Below the market the burst trades at: a limit order there rests until the price comes down. */
const limitPrice = "2600";
/** Answers heard in the blackhole before it ends: enough to show the bound holds for many. */
const answersDuringBlackholeMin = 6;

/** Answers the burst heard before the cut starts: it lands mid-burst, with requests in flight. */
const answersBeforeCut = 8;
/** Answers heard through the cut before it ends: enough to show every kind meets it. */
const answersDuringCutMin = 6;
/** How long the server stays away at least: a fast restart of PostgreSQL takes about as long. */
const cutMsMin = 2_000;

beforeAll(async () => {
  stand = await openFaultStand({ roles: ["worker"], env: { DATABASE_TIMEOUT_MS: String(timeoutMs) } });
  worker = stand.processes.worker as RoleProcess;
  await putMarket(stand, symbol, orderPrice);
  members = await readyMembers(stand, 6);
  const channelId = await depositChannel(stand);
  requests = await keyedRequests(stand, members, 5, channelId);
}, 120_000);

afterAll(async () => {
  await stand?.close();
});

describe("PostgreSQL cut in the middle of a burst of keyed requests", () => {
  it("answers 503 while it lasts, and after it each key acts exactly once", async () => {
    const heard: { request: Keyed; answer: Answer; duringCut: boolean }[] = [];
    let cutStartedMs = Number.POSITIVE_INFINITY;
    let cutEndedMs = Number.POSITIVE_INFINITY;
    let readsDuringCut: { health: number; database: string; positions: Answer } | undefined;

    const burst = sendAll(requests, 6, (request, answer, sentMs) => {
      heard.push({ request, answer, duringCut: sentMs >= cutStartedMs && Date.now() < cutEndedMs });
    });
    const fault = (async () => {
      await until(async () => heard.length >= answersBeforeCut, "the burst to be under way");
      cutStartedMs = Date.now();
      await stand.postgres.cut();
      await until(
        async () =>
          Date.now() - cutStartedMs >= cutMsMin &&
          (heard.filter((each) => each.duringCut).length >= answersDuringCutMin ||
            heard.length === requests.length),
        "answers through the cut",
      );
      const health = await call(`${stand.api}/health`, "GET");
      const positions = await fetch(`${stand.api}/positions`, { headers: members[0]?.auth }).then(
        async (response) => ({
          status: response.status,
          code: ((await response.json()) as { error?: { code?: string } }).error?.code,
          id: undefined,
          retryAfter: response.headers.get("retry-after"),
        }),
      );
      readsDuringCut = { health: health.status, database: health.body.database, positions };
      cutEndedMs = Date.now();
      await stand.postgres.restore();
    })();
    await Promise.all([burst, fault]);
    expect(stand.running(), stand.output()).toBe(true);
    // The cut dropped connections the API held, not only refused new ones.
    expect(stand.postgres.broken()).toBeGreaterThan(0);

    // While the cut lasted: 503 UNAVAILABLE with a Retry-After, for writes and reads alike.
    const duringCut = heard.filter((each) => each.duringCut).map((each) => each.answer);
    expect(duringCut.length).toBeGreaterThanOrEqual(1);
    for (const answer of duringCut) {
      expect([answer.status, answer.code]).toEqual([503, "UNAVAILABLE"]);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(readsDuringCut).toMatchObject({
      health: 503,
      database: "down",
      positions: { status: 503, code: "UNAVAILABLE" },
    });
    // Never a 500, before, during or after.
    expect(heard.filter((each) => each.answer.status >= 500 && each.answer.status !== 503)).toEqual([]);

    // After it, each request told UNAVAILABLE is sent again with its key until it is answered.
    const final = new Map<string, Answer>();
    for (const { request, answer } of heard) final.set(request.key, answer);
    for (const request of requests) {
      let answer = final.get(request.key);
      await until(
        async () => {
          if (answer?.code !== "UNAVAILABLE") return true;
          answer = await request.send();
          return answer.code !== "UNAVAILABLE";
        },
        () =>
          `an answer for ${request.kind} ${request.key} (last ${JSON.stringify(answer)}):\n${stand.output().slice(-3000)}`,
      );
      if (answer) final.set(request.key, answer);
    }
    for (const request of requests) {
      expect([request.kind, final.get(request.key)]).toMatchObject([request.kind, { status: 201 }]);
    }

    // Nothing done twice: asked once more, every key gives its first answer and writes nothing.
    const rowsBefore = await memberRows(
      stand.database,
      members.map((member) => member.memberId),
    );
    for (const request of requests) {
      const again = await request.send();
      expect([again.status, again.id]).toEqual([201, final.get(request.key)?.id]);
    }
    const count = (kind: Keyed["kind"]) => requests.filter((request) => request.kind === kind).length;
    const rows = await memberRows(
      stand.database,
      members.map((member) => member.memberId),
    );
    expect(rows).toEqual(rowsBefore);
    expect(rows).toEqual({
      orders: count("order"),
      positions: count("order"),
      withdrawals: count("withdrawal"),
      deposits: count("deposit"),
      keys: requests.length,
    });
    // Each answer names a row of its own.
    const made = requests.map((request) => `${request.kind} ${final.get(request.key)?.id ?? "none"}`);
    expect(new Set(made).size).toBe(requests.length);

    // Nothing lost or taken twice: each member paid for exactly their orders and withdrawals.
    for (const member of members) {
      const mine = requests.filter((request) => request.memberId === member.memberId);
      const orders = BigInt(mine.filter((request) => request.kind === "order").length);
      const withdrawals = BigInt(mine.filter((request) => request.kind === "withdrawal").length);
      expect(await availableYen(stand.database, member.memberId)).toBe(
        memberYen - orders * orderCost - withdrawals * withdrawalYen,
      );
    }
    expect(await ledgerClean(stand.database)).toBe(true);
  }, 120_000);

  it("in a silent network answers 503 within the bound, and after it each key acts once", async () => {
    const ids = members.map((member) => member.memberId);
    const rowsBefore = await memberRows(stand.database, ids);
    const yenBefore = new Map<string, bigint>();
    for (const member of members)
      yenBefore.set(member.memberId, await availableYen(stand.database, member.memberId));
    const orders = members.flatMap((member) => Array.from({ length: 4 }, () => keyedOrder(stand, member)));
    const heard: { request: Keyed; answer: Answer; tookMs: number; during: boolean }[] = [];
    let startedMs = Number.POSITIVE_INFINITY;
    let endedMs = Number.POSITIVE_INFINITY;
    let healthDuring: { status: number; says: string; database: string; tookMs: number } | undefined;

    const burst = sendAll(orders, 6, (request, answer, sentMs) => {
      heard.push({
        request,
        answer,
        tookMs: Date.now() - sentMs,
        during: sentMs >= startedMs && Date.now() < endedMs,
      });
    });
    const fault = (async () => {
      await until(async () => heard.length >= 4, "the burst to be under way");
      startedMs = Date.now();
      stand.postgres.blackhole();
      const sentMs = Date.now();
      const health = await call(`${stand.api}/health`, "GET");
      healthDuring = {
        status: health.status,
        says: health.body.status,
        database: health.body.database,
        tookMs: Date.now() - sentMs,
      };
      await until(
        async () =>
          heard.filter((each) => each.during).length >= answersDuringBlackholeMin ||
          heard.length === orders.length,
        "answers through the blackhole",
        60_000,
      );
      endedMs = Date.now();
      await stand.postgres.restore();
    })();
    await Promise.all([burst, fault]);
    expect(stand.running(), stand.output()).toBe(true);
    expect(worker.running(), worker.output()).toBe(true);

    // While the network was silent: every answer in time, 503 UNAVAILABLE with a Retry-After.
    const during = heard.filter((each) => each.during);
    expect(during.length).toBeGreaterThanOrEqual(1);
    for (const { answer } of during) {
      expect([answer.status, answer.code]).toEqual([503, "UNAVAILABLE"]);
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    expect(healthDuring).toMatchObject({ status: 503, says: "degraded", database: "down" });
    expect(healthDuring?.tookMs).toBeLessThanOrEqual(answerMsMax);
    // No request hung past the bound, before, during or after; never a 500; only 201 or 503.
    for (const { tookMs } of heard) expect(tookMs).toBeLessThanOrEqual(answerMsMax);
    expect(heard.filter((each) => each.answer.status !== 201 && each.answer.status !== 503)).toEqual([]);

    // After it, each order told to wait is sent again with its key until it is answered.
    const final = new Map<string, Answer>();
    for (const { request, answer } of heard) final.set(request.key, answer);
    for (const order of orders) {
      let answer = final.get(order.key);
      await until(
        async () => {
          if (answer?.code !== "UNAVAILABLE") return true;
          answer = await order.send();
          return answer.code !== "UNAVAILABLE";
        },
        () =>
          `an answer for order ${order.key} (last ${JSON.stringify(answer)}):\n${stand.output().slice(-3000)}`,
      );
      if (answer) final.set(order.key, answer);
      expect(answer).toMatchObject({ status: 201 });
    }
    // Exactly one effect each: its own order, the same answer again, nothing more written.
    expect(new Set(orders.map((order) => final.get(order.key)?.id)).size).toBe(orders.length);
    for (const order of orders) expect((await order.send()).id).toBe(final.get(order.key)?.id);
    const rows = await memberRows(stand.database, ids);
    expect(rows).toEqual({
      ...rowsBefore,
      orders: rowsBefore.orders + orders.length,
      positions: rowsBefore.positions + orders.length,
      keys: rowsBefore.keys + orders.length,
    });
    for (const member of members) {
      const placed = BigInt(orders.filter((order) => order.memberId === member.memberId).length);
      expect(await availableYen(stand.database, member.memberId)).toBe(
        (yenBefore.get(member.memberId) ?? 0n) - placed * orderCost,
      );
    }
    expect(await ledgerClean(stand.database)).toBe(true);

    // The worker met the silence too and works on: a limit order rests, the price comes to it,
    // and the worker's pass fills it.
    const member = members[0] as Member;
    const limit = await call(
      `${stand.api}/orders`,
      "POST",
      { symbol, side: "long", type: "limit", price: limitPrice, quantity: 100, leverage: 1 },
      member.auth,
    );
    expect(limit.status, JSON.stringify(limit.body)).toBe(201);
    await putMarket(stand, symbol, limitPrice);
    await until(
      async () => {
        const [row] = rowsOf(
          await stand.database.db.execute(sql`select status from orders where id = ${limit.body.id}`),
        );
        return row?.status === "filled";
      },
      () => `the worker to fill the limit order:\n${worker.output().slice(-3000)}`,
    );
    expect(await ledgerClean(stand.database)).toBe(true);
  }, 120_000);
});
