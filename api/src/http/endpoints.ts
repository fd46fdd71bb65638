import type { StaffRole } from "@kabuto/shared/api/ops";
import {
  callerErrors,
  type EndpointAnswer,
  type EndpointSpec,
  type ParsedInput,
  pathParameters,
} from "@kabuto/shared/endpoint";
import type { Request, RequestHandler, Response, Router } from "express";
import type { Claim, Keyed } from "../idempotency/claims.ts";
import type { SessionMember } from "../kernel/member-sessions.ts";
import { requireStaff, type StaffMember } from "../kernel/staff-sessions.ts";
import { validate } from "../validate.ts";
import { claimOf, sendKeyed } from "./idempotency.ts";
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
   * Middleware between the caller's check and the parsing of the body: the multipart parser of
   * an upload, which must not read a stranger's files.
   */
  before?: RequestHandler[];
}

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
 * `checkAnswers` (integration tests) parses every answer with the declared response schema
 * before it goes out, so an answer that strays from its declaration fails the test that got it.
 */
export function endpointRouter(
  docs: ApiDocs,
  routers: { router: Router; ops?: Router },
  options: { checkAnswers?: boolean } = {},
): Serve {
  const member = docs.on(routers.router);
  const staff = routers.ops ? docs.on(routers.ops, opsPrefix) : undefined;
  return (spec, handler, serveOptions = {}) => {
    const isOps = spec.path.startsWith(`${opsPrefix}/`);
    const route = isOps ? staff : member;
    if (!route) throw new Error(`${spec.path}: no ops router to mount it on`);
    const status = spec.status ?? 200;
    const names = pathParameters(spec.path);
    const run: RequestHandler = async (request, response) => {
      const served = {
        ...callerOf(spec, request),
        claim: spec.idempotent ? claimOf(request, status) : undefined,
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
        errors: [...new Set([...callerErrors(spec), ...(spec.errors ?? [])])],
      },
      ...(serveOptions.before ? [guard, ...serveOptions.before] : []),
      run,
    );
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
