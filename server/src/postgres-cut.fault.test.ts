import { call } from "@kabuto/api/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Answer,
  depositChannel,
  type Keyed,
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
  until,
} from "./fault-stand.ts";

/**
 * PostgreSQL restarts under a service-mode API in the middle of a burst of keyed orders,
 * deposits and withdrawals: the proxy between them drops every connection and refuses new ones
 * until the test has seen the API answer through the cut. While it lasts, every answer is 503
 * UNAVAILABLE with a Retry-After (never a 500, and the process stays up); afterwards each
 * request the API did not finish is sent again with its key, and every key has acted exactly
 * once: one order, position, withdrawal or deposit each, the money moved once, the ledger whole.
 */
let stand: FaultStand;
let members: Member[];
let requests: Keyed[];

/** Answers the burst heard before the cut starts: it lands mid-burst, with requests in flight. */
const answersBeforeCut = 8;
/** Answers heard through the cut before it ends: enough to show every kind meets it. */
const answersDuringCutMin = 6;
/** How long the server stays away at least: a fast restart of PostgreSQL takes about as long. */
const cutMsMin = 2_000;

beforeAll(async () => {
  stand = await openFaultStand();
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
});
