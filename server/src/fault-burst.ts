import { randomUUID } from "node:crypto";
import { createChannel, fund, jpeg, readyToWithdraw, registerMember, signInStaff } from "@kabuto/api/testing";
import type { FaultStand } from "./fault-stand.ts";

/**
 * Members and their keyed requests for the fault suite: each request carries an Idempotency-Key
 * and is sent again, with the same key and body, until it gets an answer that is not 503, as a
 * client that obeys Retry-After would. Only tests use it.
 */
export interface Answer {
  status: number;
  code: string | undefined;
  /** The id of what the request made (an order, a withdrawal, a deposit). */
  id: string | undefined;
  retryAfter: string | null;
}

export interface Keyed {
  key: string;
  kind: "order" | "withdrawal" | "deposit";
  memberId: string;
  send(): Promise<Answer>;
}

export interface Member {
  memberId: string;
  auth: Record<string, string>;
  cardId: string;
}

/** One market order's cost at 2,650 yen: 100 shares at 1×, margin 265,000 and a 265 yen fee. */
export const orderCost = 265_265n;
export const orderPrice = "2650";
export const symbol = "JP:7203";
/** Each withdrawal's amount, in yen. */
export const withdrawalYen = 5_000n;
/** Each member's money at the start: far more than the burst spends, so every request should succeed. */
export const memberYen = 50_000_000n;

/** The fund password `readyToWithdraw` sets. */
const fundPassword = "246810";

/**
 * The answer to a request, or an error that says the API process did not answer at all (a fault
 * must never take it down), with what it wrote last.
 */
async function answered(stand: FaultStand, sent: Promise<Response>): Promise<Answer> {
  let response: Response;
  try {
    response = await sent;
  } catch (error) {
    throw new Error(
      `the API did not answer (${String((error as Error).cause ?? error)}):\n${stand.output()}`,
    );
  }
  return answerOf(response);
}

async function answerOf(response: Response): Promise<Answer> {
  const text = await response.text();
  const body = text ? (JSON.parse(text) as { id?: unknown; error?: { code?: string } }) : {};
  return {
    status: response.status,
    code: body.error?.code,
    id: typeof body.id === "string" ? body.id : undefined,
    retryAfter: response.headers.get("retry-after"),
  };
}

/** Registers `count` members through the API, each with money, a fund password and a bank card. */
export async function readyMembers(stand: FaultStand, count: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let made = 0; made < count; made += 1) {
    const { auth, memberId } = await registerMember(stand.api, stand.database);
    await fund(stand.database, memberId, "JPY", memberYen);
    const cardId = await readyToWithdraw(stand.database, memberId);
    members.push({ memberId, auth, cardId });
  }
  return members;
}

/** A JPY deposit channel, made by a supervisor through the API. */
export async function depositChannel(stand: FaultStand): Promise<string> {
  const supervisor = await signInStaff({ url: stand.api, database: stand.database }, "supervisor");
  return createChannel(stand.api, supervisor.auth);
}

/** A keyed market order of 100 shares at 1×. */
export function keyedOrder(stand: FaultStand, member: Member): Keyed {
  const key = randomUUID();
  const order = { symbol, side: "long", type: "market", quantity: 100, leverage: 1 };
  return {
    key,
    kind: "order",
    memberId: member.memberId,
    send: postJson(stand, member, key, "/orders", order),
  };
}

function postJson(stand: FaultStand, member: Member, key: string, route: string, body: unknown) {
  return () =>
    answered(
      stand,
      fetch(`${stand.api}${route}`, {
        method: "POST",
        headers: { ...member.auth, "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(body),
      }),
    );
}

/**
 * Keyed requests for each member: `ordersEach` market orders and one request that moves money
 * outside (a withdrawal for every other member, a deposit for the rest), since a member has at
 * most one deposit or withdrawal open at a time. Interleaved, so a fault meets every kind in
 * flight at once.
 */
export async function keyedRequests(
  stand: FaultStand,
  members: readonly Member[],
  ordersEach: number,
  channelId: string,
): Promise<Keyed[]> {
  const receipt = await jpeg();
  const requests: Keyed[] = [];
  for (const [index, member] of members.entries()) {
    for (let n = 0; n < ordersEach; n += 1) requests.push(keyedOrder(stand, member));
    const key = randomUUID();
    if (index % 2 === 0) {
      const body = { cardId: member.cardId, currency: "JPY", amount: String(withdrawalYen), fundPassword };
      const send = postJson(stand, member, key, "/withdrawals", body);
      requests.push({ key, kind: "withdrawal", memberId: member.memberId, send });
    } else {
      const send = () => {
        const form = new FormData();
        form.append("channelId", channelId);
        form.append("amount", "70000");
        form.append("receipt", new Blob([new Uint8Array(receipt)], { type: "image/jpeg" }), "receipt.jpg");
        return answered(
          stand,
          fetch(`${stand.api}/deposits`, {
            method: "POST",
            headers: { ...member.auth, "idempotency-key": key },
            body: form,
          }),
        );
      };
      requests.push({ key, kind: "deposit", memberId: member.memberId, send });
    }
  }
  return requests.sort(() => Math.random() - 0.5);
}

/** Sends each request once with `workers` at a time, calling `heard` with each answer as it comes. */
export async function sendAll(
  requests: readonly Keyed[],
  workers: number,
  heard: (request: Keyed, answer: Answer, sentMs: number) => void,
): Promise<void> {
  const queue = [...requests];
  await Promise.all(
    Array.from({ length: workers }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const sentMs = Date.now();
        heard(next, await next.send(), sentMs);
      }
    }),
  );
}
