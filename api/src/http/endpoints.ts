import type { StaffRole } from "@kabuto/shared/api/ops";
import { tradingPinHeader } from "@kabuto/shared/api/trading-pin";
import {
  callerErrors,
  type EndpointAnswer,
  type EndpointSpec,
  type ParsedInput,
  pathParameters,
} from "@kabuto/shared/endpoint";
import type { Request, RequestHandler, Response, Router } from "express";
import type { Claim, Idempotency, IdempotentResult, Keyed } from "../idempotency/claims.ts";
import type { SessionMember } from "../kernel/member-sessions.ts";
import { requireStaff, type StaffMember } from "../kernel/staff-sessions.ts";
import { validate } from "../validate.ts";
import { claimOf, idempotencyOf, sendKeyed, sendResult } from "./idempotency.ts";
import type { ApiDocs } from "./openapi.ts";
import { requireMember } from "./session-middleware.ts";

/** What a handler receives: the request parsed by its declaration, and who is calling. */
export type Served<Spec extends EndpointSpec> = ParsedInput<Spec> & {
  member: Spec["caller"] extends "member"
    ? SessionMember
    : Spec["caller"] extends "anyone"
      ? SessionMember | undefined
      : undefined;
  staff: Spec["caller"] extends StaffRole ? StaffMember : undefined;
  /** The request's Idempotency-Key with the status a first answer has, for `underClaim`. */
  claim: Spec["idempotent"] extends true ? Claim | undefined : undefined;
  /** For what a declaration does not say: the caller's address, cookies set by a sign-in. */
  request: Request;
  response: Response;
};

/** A handler that sent its answer itself (an image, a file) returns this. */
export const answered: unique symbol = Symbol("answered");

export type Answer<Spec extends EndpointSpec> = Spec["idempotent"] extends true
  ? Keyed<EndpointAnswer<Spec>>
  : EndpointAnswer<Spec>;

export type Handler<Spec extends EndpointSpec> = (
  input: Served<Spec>,
) => Promise<Answer<Spec> | typeof answered>;

export interface ServeOptions {
  /**
   * The multipart parser of an upload (its fields and files), required by a `multipart`
   * declaration: it runs after the caller's check, so it never reads a stranger's files, and
   * before a retried key is looked up, since the key's fingerprint covers the files.
   */
  upload?: RequestHandler;
  /**
   * Middleware after a retried key's replay and before the body is parsed: refusals of the
   * caller or the path, which a retry of a request that went through must not hear.
   */
  before?: RequestHandler[];
}

/**
 * Lets a money-moving request through, or refuses it for its trading PIN (the trading-pin
 * product's check): the PIN it carries in `X-Trading-Pin`, the member, and the request (for its
 * device token).
 */
export type TradingPinCheck = (
  member: SessionMember,
  pin: string | undefined,
  request: Request,
) => Promise<void>;

/** What the router is built with beside the document (`ApiDocs`' options). */
export interface RouterOptions {
  checkAnswers?: boolean;
  storedAnswer?: StoredAnswer;
  tradingPin?: TradingPinCheck;
}

/** The stored answer of a member's finished request with this key (`storedResult`), if any. */
export type StoredAnswer = (
  memberId: string,
  idempotency: Idempotency,
) => Promise<IdempotentResult | undefined>;

/** Mounts one declared endpoint with its handler. */
export type Serve = <Spec extends EndpointSpec>(
  spec: Spec,
  handler: Handler<Spec>,
  options?: ServeOptions,
) => void;

const opsPrefix = "/ops";

/**
 * The router of declared endpoints: members' on `router`, staff's (`/ops/...`) on `ops`, which
 * checks staff sessions first. For each request it checks the caller, takes the idempotency
 * key, parses the path's parameters, the query and the body by the declaration, calls the
 * handler with typed values and sends its answer with the declared status.
 *
 * A member's retry of a keyed request that already finished gets its stored first answer here,
 * before any other check runs: before a throttle could count it, a fund password be checked,
 * or a refusal its own first run now causes (an open request, a frozen account) be heard. The
 * same key with another request is IDEMPOTENCY_KEY_REUSED. A retry that arrives while its
 * first run is still going finds nothing stored yet; the claim in the service's transaction
 * (`underClaim`) makes it wait for that run and answers it the same way. Staff keys are the
 * staff member's own, stored under the member they act on, so their services claim them.
 *
 * `checkAnswers` (integration tests) parses every answer with the declared response schema
 * before it goes out, so an answer that strays from its declaration fails the test that got it.
 */
export function endpointRouter(
  docs: ApiDocs,
  routers: { router: Router; ops?: Router },
  options: RouterOptions = {},
): Serve {
  const member = docs.on(routers.router);
  const staff = routers.ops ? docs.on(routers.ops, opsPrefix) : undefined;
  return (spec, handler, serveOptions = {}) => {
    const isOps = spec.path.startsWith(`${opsPrefix}/`);
    const route = isOps ? staff : member;
    if (!route) throw new Error(`${spec.path}: no ops router to mount it on`);
    const status = spec.status ?? 200;
    const names = pathParameters(spec.path);
    if (Boolean(spec.multipart) !== Boolean(serveOptions.upload)) {
      throw new Error(`${spec.path}: a multipart declaration takes an upload parser, and only it does`);
    }
    const replay = spec.idempotent && spec.caller === "member" ? replayStored(spec, options) : undefined;
    const pin = spec.tradingPin ? pinGuard(spec, options) : undefined;
    const run: RequestHandler = async (request, response) => {
      const served = {
        ...callerOf(spec, request),
        claim: spec.idempotent ? claimOf(idempotencyFor(request), status) : undefined,
        params: Object.fromEntries(names.map((name) => [name, String(request.params[name])])),
        query: spec.query ? validate(spec.query, request.query) : undefined,
        body: spec.body ? validate(spec.body, request.body) : undefined,
        request,
        response,
      } as Served<typeof spec>;
      const result = await handler(served);
      if (result === answered) return;
      if (spec.idempotent) {
        const keyed = result as Keyed<unknown>;
        if (options.checkAnswers) checkAnswer(spec, keyed.replayed ? keyed.answer.body : keyed.value);
        sendKeyed(response, keyed, status);
        return;
      }
      if (options.checkAnswers) checkAnswer(spec, result);
      if (result === undefined) response.status(status).end();
      else response.status(status).json(result);
    };
    const guard: RequestHandler = (request, _response, next) => {
      callerOf(spec, request);
      next();
    };
    const middleware = [
      ...(serveOptions.upload ? [serveOptions.upload] : []),
      ...(replay ? [replay] : []),
      ...(pin ? [pin] : []),
      ...(serveOptions.before ?? []),
    ];
    route(
      {
        method: spec.method,
        path: isOps ? spec.path.slice(opsPrefix.length) : spec.path,
        summary: spec.summary,
        tag: spec.tag,
        auth: spec.caller === "member",
        body: spec.body,
        query: spec.query,
        response: spec.response,
        multipart: spec.multipart,
        bearerTransport: spec.bearerTransport,
        tradingPin: spec.tradingPin,
        errors: [...new Set([...callerErrors(spec), ...(spec.errors ?? [])])],
      },
      ...(middleware.length > 0 ? [guard, ...middleware] : []),
      run,
    );
  };
}

/** Each request's key and fingerprint, worked out once: hashing an upload's files is not free. */
const fingerprints = new WeakMap<Request, Idempotency | undefined>();

function idempotencyFor(request: Request): Idempotency | undefined {
  if (!fingerprints.has(request)) fingerprints.set(request, idempotencyOf(request));
  return fingerprints.get(request);
}

/** Answers a member's retry of a finished keyed request with its stored first answer. */
function replayStored(
  spec: EndpointSpec,
  options: { checkAnswers?: boolean; storedAnswer?: StoredAnswer },
): RequestHandler {
  const { storedAnswer } = options;
  if (!storedAnswer) throw new Error(`${spec.path}: a keyed endpoint needs the stored answers to replay`);
  return async (request, response, next) => {
    const idempotency = idempotencyFor(request);
    const stored = idempotency && (await storedAnswer(requireMember(request).id, idempotency));
    if (!stored) {
      next();
      return;
    }
    if (options.checkAnswers) checkAnswer(spec, stored.body);
    sendResult(response, stored);
  };
}

/**
 * Checks the trading PIN of a member's money-moving request, after a retried key's replay: a
 * retry of a request that went through gets its stored answer without the PIN being asked again
 * (nothing moves twice, and the member who sent it did know the PIN), while a first run, or a
 * retry of one still running, is checked.
 */
function pinGuard(spec: EndpointSpec, options: RouterOptions): RequestHandler {
  const { tradingPin } = options;
  if (!tradingPin) throw new Error(`${spec.path}: a tradingPin endpoint needs the PIN check`);
  if (spec.caller !== "member")
    throw new Error(`${spec.path}: only a member's request carries a trading PIN`);
  return async (request, _response, next) => {
    const pin = request.get(tradingPinHeader)?.trim();
    await tradingPin(requireMember(request), pin, request);
    next();
  };
}

/** The member or staff member the declaration requires, or the refusal it implies. */
function callerOf(
  spec: EndpointSpec,
  request: Request,
): { member: SessionMember | undefined; staff: StaffMember | undefined } {
  if (spec.caller === "anyone") return { member: request.member, staff: undefined };
  if (spec.caller === "member") return { member: requireMember(request), staff: undefined };
  return { member: undefined, staff: requireStaff(request, spec.caller) };
}

function checkAnswer(spec: EndpointSpec, answer: unknown): void {
  if (!spec.response) return;
  // What the member receives is the JSON, not the object: parse what goes on the wire.
  const wire: unknown = answer === undefined ? undefined : JSON.parse(JSON.stringify(answer));
  const result = spec.response.safeParse(wire);
  if (!result.success) {
    // Unknown to the error handler: it answers INTERNAL and logs this with its stack.
    throw new Error(`${spec.method} ${spec.path} answered outside its declaration: ${result.error.message}`);
  }
}
