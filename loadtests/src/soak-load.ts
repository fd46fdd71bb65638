// The soak benchmark's HTTP traffic: members who place and close market orders, deposit money that
// a reviewer approves, and sign in and out, each at a steady rate through the API, with every
// answer's latency and outcome tallied per kind and per minute.
import { randomUUID } from "node:crypto";
import {
  bearerTransport,
  deviceTokenHeader,
  sessionResponseSchema,
  sessionTransportHeader,
} from "@kabuto/shared/api/auth";
import { ensureDefined } from "@kabuto/shared/market/assert";
import { createHistogram, type Histogram, mergeInto, recordMs } from "./histogram.ts";

export const requestKinds = ["order", "close", "deposit", "approve", "sign-in", "sign-out"] as const;
export type RequestKind = (typeof requestKinds)[number];

export interface KindFigures {
  latency: Histogram;
  /** Answers in the 2xx range. */
  ok: number;
  /** 4xx answers by error code: the product refused, which the traffic is built never to provoke. */
  refused: Map<string, number>;
  /** 5xx answers, and requests that got no answer at all: what fails a run. */
  serverErrors: number;
  /** Requests a pacer did not send because too many of its kind were still waiting for answers. */
  skipped: number;
}

function freshFigures(): KindFigures {
  return { latency: createHistogram(), ok: 0, refused: new Map(), serverErrors: 0, skipped: 0 };
}

function freshKinds(): Record<RequestKind, KindFigures> {
  return Object.fromEntries(requestKinds.map((kind) => [kind, freshFigures()])) as Record<
    RequestKind,
    KindFigures
  >;
}

export function mergeFigures(target: KindFigures, source: KindFigures): void {
  mergeInto(target.latency, source.latency);
  target.ok += source.ok;
  target.serverErrors += source.serverErrors;
  target.skipped += source.skipped;
  for (const [code, count] of source.refused)
    target.refused.set(code, (target.refused.get(code) ?? 0) + count);
}

/** Figures per request kind for the minute under way; `rotate` hands them over and starts the next. */
export class Tally {
  private current = freshKinds();

  record(kind: RequestKind, latencyMs: number, status: number | undefined, code: string | undefined): void {
    const figures = this.current[kind];
    recordMs(figures.latency, latencyMs);
    if (status === undefined || status >= 500) figures.serverErrors += 1;
    else if (status >= 400) {
      const key = code ?? String(status);
      figures.refused.set(key, (figures.refused.get(key) ?? 0) + 1);
    } else figures.ok += 1;
  }

  skip(kind: RequestKind): void {
    this.current[kind].skipped += 1;
  }

  rotate(): Record<RequestKind, KindFigures> {
    const done = this.current;
    this.current = freshKinds();
    return done;
  }
}

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the traffic reads a field or two of many answers; the API's own tests check their shapes.
  body: any;
}

/** Sends one request and tallies it; undefined when no answer came (refused connection, reset). */
async function send(
  tally: Tally,
  kind: RequestKind,
  url: string,
  init: RequestInit,
): Promise<Answer | undefined> {
  const sentMs = performance.now();
  try {
    const response = await fetch(url, init);
    const text = await response.text();
    const body = text ? JSON.parse(text) : undefined;
    tally.record(kind, performance.now() - sentMs, response.status, body?.error?.code);
    return { status: response.status, body };
  } catch {
    tally.record(kind, performance.now() - sentMs, undefined, undefined);
    return undefined;
  }
}

/**
 * Calls `task` `perSecond` times a second until `untilMs` (performance.now()), without waiting
 * for answers: an open loop, so a slow server meets the same arrivals and its latency is not
 * hidden by a client that waited for it. At most `inFlightMax` wait at once; a tick beyond that,
 * or one missed while the event loop was busy, is skipped and counted, never sent late in a burst.
 */
export async function paced(options: {
  perSecond: number;
  untilMs: number;
  inFlightMax: number;
  task: (tick: number) => Promise<void>;
  skipped: () => void;
}): Promise<void> {
  const intervalMs = 1000 / options.perSecond;
  const startedMs = performance.now();
  const inFlight = new Set<Promise<void>>();
  for (let tick = 0; ; tick += 1) {
    const dueMs = startedMs + tick * intervalMs;
    if (dueMs >= options.untilMs) break;
    const waitMs = dueMs - performance.now();
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
    else if (-waitMs > intervalMs) {
      options.skipped();
      continue;
    }
    if (inFlight.size >= options.inFlightMax) {
      options.skipped();
      continue;
    }
    const running = options.task(tick).finally(() => inFlight.delete(running));
    inFlight.add(running);
  }
  await Promise.all(inFlight);
}

export interface SoakMember {
  account: string;
  memberId: string;
  bearer: string;
  /** What the member's device keeps and sends back at its next sign-in, as the app does. */
  deviceToken: string | undefined;
}

/** The password of every soak member. */
const memberPassword = "soak12345";

/** Registers one member through the API (invited by the demo member), signed in with a bearer token. */
export async function registerSoakMember(api: string, index: number): Promise<SoakMember> {
  const account = `070${String(30_000_000 + index)}`;
  const response = await fetch(`${api}/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", [sessionTransportHeader]: bearerTransport },
    body: JSON.stringify({
      account,
      password: memberPassword,
      passwordConfirm: memberPassword,
      inviteCode: "KABUTO",
      acceptTerms: true,
    }),
  });
  if (response.status !== 201) throw new Error(`registering ${account} answered ${response.status}`);
  const body = sessionResponseSchema.parse(await response.json());
  return {
    account,
    memberId: body.member.id,
    bearer: ensureDefined(body.token, "a soak member's bearer token"),
    deviceToken: body.deviceToken,
  };
}

export interface Traffic {
  api: string;
  tally: Tally;
  members: readonly SoakMember[];
  /** JPY equities the orders go to, in turn. */
  orderSymbols: readonly string[];
  channelId: string;
  reviewerAuth: Record<string, string>;
  receipt: Buffer;
}

/** One member's round trip: a market order, then closing the position it opened. */
export async function orderAndClose(traffic: Traffic, tick: number): Promise<void> {
  const member = traffic.members[tick % traffic.members.length] as SoakMember;
  const symbol = traffic.orderSymbols[tick % traffic.orderSymbols.length] as string;
  const auth = { authorization: `Bearer ${member.bearer}` };
  const placed = await send(traffic.tally, "order", `${traffic.api}/orders`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify({ symbol, side: "long", type: "market", quantity: 100, leverage: 1 }),
  });
  const positionId = placed?.status === 201 ? placed.body?.positionId : undefined;
  if (typeof positionId !== "string") return;
  await send(traffic.tally, "close", `${traffic.api}/positions/${positionId}/close`, {
    method: "POST",
    // A bodiless action still says it speaks JSON, as the app's calls do (api http/security.ts).
    headers: { ...auth, "content-type": "application/json", "idempotency-key": randomUUID() },
  });
}

/** A deposit with its receipt, then a reviewer's approval, which credits the member. */
export async function depositAndApprove(traffic: Traffic, tick: number): Promise<void> {
  // Deposits go round the members from the other end, so a member's deposit and order rarely meet.
  const member = traffic.members[traffic.members.length - 1 - (tick % traffic.members.length)] as SoakMember;
  const form = new FormData();
  form.append("channelId", traffic.channelId);
  form.append("amount", "70000");
  form.append("receipt", new Blob([new Uint8Array(traffic.receipt)], { type: "image/jpeg" }), "receipt.jpg");
  const submitted = await send(traffic.tally, "deposit", `${traffic.api}/deposits`, {
    method: "POST",
    headers: { authorization: `Bearer ${member.bearer}`, "idempotency-key": randomUUID() },
    body: form,
  });
  const depositId = submitted?.status === 201 ? submitted.body?.id : undefined;
  if (typeof depositId !== "string") return;
  await send(traffic.tally, "approve", `${traffic.api}/ops/deposits/${depositId}/review`, {
    method: "POST",
    headers: { ...traffic.reviewerAuth, "content-type": "application/json" },
    body: JSON.stringify({ decision: "approve" }),
  });
}

/**
 * A member signs in with the right password from the device that registered (its device token,
 * as the app sends it), then signs that new session out: an app opened and left.
 */
export async function signInAndOut(traffic: Traffic, tick: number): Promise<void> {
  const member = traffic.members[tick % traffic.members.length] as SoakMember;
  const signedIn = await send(traffic.tally, "sign-in", `${traffic.api}/auth/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [sessionTransportHeader]: bearerTransport,
      ...(member.deviceToken ? { [deviceTokenHeader]: member.deviceToken } : {}),
    },
    body: JSON.stringify({ account: member.account, password: memberPassword }),
  });
  const token = signedIn?.status === 200 ? signedIn.body?.token : undefined;
  if (typeof token !== "string") return;
  if (typeof signedIn?.body?.deviceToken === "string") member.deviceToken = signedIn.body.deviceToken;
  await send(traffic.tally, "sign-out", `${traffic.api}/auth/logout`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
  });
}
