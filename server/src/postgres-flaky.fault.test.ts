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
  sendAll,
  symbol,
} from "./fault-burst.ts";
import {
  availableYen,
  type FaultStand,
  ledgerClean,
  memberRows,
  openFaultStand,
  putMarket,
} from "./fault-stand.ts";

/**
 * A slow, unreliable network between a service-mode API and PostgreSQL: every chunk waits half a
 * second each way, and one chunk in twenty sent to the server resets its connection instead, so
 * queries, commits and new connections break at any point. Members place keyed market orders
 * through it and send each again with its key while told 503. Every order must end placed
 * exactly once, every refusal on the way must be 503 UNAVAILABLE (never a 500), and the ledger
 * must be whole.
 */
let stand: FaultStand;
let members: Member[];
let orders: Keyed[];

/** Half a second each way: a round trip costs a second, far worse than any network we deploy on. */
const latencyMs = 500;
/** One chunk in twenty resets its connection. */
const resetProbability = 0.05;
/** How long one order keeps trying: each attempt takes a few seconds through this network. */
const orderRetryMsMax = 60_000;

beforeAll(async () => {
  stand = await openFaultStand();
  await putMarket(stand, symbol, orderPrice);
  members = await readyMembers(stand, 4);
  orders = members.flatMap((member) => Array.from({ length: 5 }, () => keyedOrder(stand, member)));
}, 120_000);

afterAll(async () => {
  await stand?.close();
});

describe("latency and connection resets between the API and PostgreSQL", () => {
  it("places every keyed order exactly once, answering 503 on the way, never 500", async () => {
    const refusals: Answer[] = [];
    const final = new Map<string, Answer>();
    stand.postgres.latency(latencyMs);
    stand.postgres.resets(resetProbability);
    // Each worker sends its order until it is placed, as the app does while told to try again.
    const retrying = (batch: Keyed[]) =>
      batch.map((order) => ({
        ...order,
        async send(): Promise<Answer> {
          const deadline = Date.now() + orderRetryMsMax;
          for (;;) {
            const answer = await order.send();
            if (answer.status === 201 || Date.now() > deadline) return answer;
            refusals.push(answer);
            if (answer.status !== 503) return answer;
          }
        },
      }));
    await sendAll(retrying(orders), 8, (request, answer) => final.set(request.key, answer));
    // Orders decided in batches send few statements: should no reset have landed yet, one more
    // order each, until one has (or the test proves nothing, and says so below).
    for (let round = 0; stand.postgres.broken() === 0 && round < 5; round += 1) {
      const more = members.map((member) => keyedOrder(stand, member));
      orders.push(...more);
      await sendAll(retrying(more), 8, (request, answer) => final.set(request.key, answer));
    }
    stand.postgres.latency(0);
    stand.postgres.resets(0);

    expect(stand.running(), stand.output()).toBe(true);
    // The resets landed: without them this test proved nothing.
    expect(stand.postgres.broken()).toBeGreaterThan(0);
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) {
      expect([refusal.status, refusal.code]).toEqual([503, "UNAVAILABLE"]);
      expect(Number(refusal.retryAfter)).toBeGreaterThan(0);
    }
    for (const order of orders) expect(final.get(order.key)).toMatchObject({ status: 201 });

    // Nothing done twice: each key's order is its own, and asked again it answers the same.
    const ids = orders.map((order) => final.get(order.key)?.id);
    expect(new Set(ids).size).toBe(orders.length);
    const rowsBefore = await memberRows(
      stand.database,
      members.map((member) => member.memberId),
    );
    for (const order of orders) {
      const again = await order.send();
      expect([again.status, again.id]).toEqual([201, final.get(order.key)?.id]);
    }
    const rows = await memberRows(
      stand.database,
      members.map((member) => member.memberId),
    );
    expect(rows).toEqual(rowsBefore);
    expect(rows).toMatchObject({ orders: orders.length, positions: orders.length, keys: orders.length });

    // Nothing lost or taken twice: each member paid for exactly their orders.
    for (const member of members) {
      const placed = BigInt(orders.filter((order) => order.memberId === member.memberId).length);
      expect(await availableYen(stand.database, member.memberId)).toBe(memberYen - placed * orderCost);
    }
    expect(await ledgerClean(stand.database)).toBe(true);
  }, 120_000);
});
