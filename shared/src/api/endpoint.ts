import type { z } from "zod";
import type { ErrorCode } from "../errors.ts";
import type { AccountEvent } from "../protocol/socket.ts";
import type { StaffRole } from "./ops.ts";

/**
 * One HTTP endpoint, declared once for both ends: the server's router parses the request from
 * it and hands the handler typed values, the OpenAPI document is written from it, and the
 * client calls through it (`call` in the client's `lib/api.ts`). A declaration is data: it
 * imports no server code, so the client bundles only the schemas it names.
 */
export interface EndpointSpec {
  method: "get" | "post" | "put" | "delete";
  /**
   * The path below `/api/v1` in the OpenAPI form, `/loans/{id}`; staff endpoints begin with
   * `/ops/`. Each `{name}` is a string parameter the handler receives decoded.
   */
  path: string;
  summary: string;
  tag: string;
  /**
   * Who may call it: anyone (a signed-in member is still known to the handler), a signed-in
   * member, or staff of at least this role. The router refuses everyone else before it reads
   * the request, with the refusal this caller implies (`callerErrors`).
   */
  caller: Caller;
  query?: z.ZodType;
  body?: z.ZodType;
  /** What a first answer carries; absent where the answer is not JSON (an image) or empty. */
  response?: z.ZodType;
  /** The status of a first answer; 200 unless the endpoint creates something. */
  status?: 200 | 201;
  /** The refusals of the endpoint itself; the caller's and the idempotency key's are added. */
  errors?: readonly ErrorCode[];
  /**
   * Takes an `Idempotency-Key`: a retry with the same key returns the first answer and does
   * nothing twice. The client must send one (`call` asks for it).
   */
  idempotent?: boolean;
  /**
   * Moves a member's money: when the member has set a trading PIN, the request must carry it in
   * `X-Trading-Pin` (`tradingPinHeader`), checked and throttled before the handler runs. A retry
   * of a finished keyed request gets its stored answer before the check (see the API's router).
   */
  tradingPin?: boolean;
  /** The body is multipart/form-data (the fields `body` names, and files), not JSON. */
  multipart?: boolean;
  /** A sign-in that answers its token to a caller sending `X-Session-Transport: bearer`. */
  bearerTransport?: boolean;
  /**
   * A read whose answer the member's account events of these types change (a fill changes
   * balances, a worker's repayment changes a loan): the client reads it again when one arrives.
   * Any change made through an endpoint of the same `tag` makes it stale too.
   */
  changesWith?: readonly AccountEvent["type"][];
}

export type Caller = "anyone" | "member" | StaffRole;

/** Declares an endpoint; `const` keeps its path and caller literal, which typing its input needs. */
export function endpoint<const Spec extends EndpointSpec>(spec: Spec): Spec {
  return spec;
}

/** `{ id: string }` for `/loans/{id}`: exactly the parameters the path names. */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [Key in Name]: string } & PathParams<Rest>
  : Record<never, never>;

type Parsed<Schema> = Schema extends z.ZodType ? z.output<Schema> : undefined;
type Sent<Schema> = Schema extends z.ZodType ? z.input<Schema> : undefined;

/** What the server's handler receives, parsed. */
export interface ParsedInput<Spec extends EndpointSpec> {
  params: PathParams<Spec["path"]>;
  query: Parsed<Spec["query"]>;
  body: Parsed<Spec["body"]>;
}

/** What a declared answer is once parsed by the client. */
export type EndpointResponse<Spec extends EndpointSpec> = Spec["response"] extends z.ZodType
  ? z.output<Spec["response"]>
  : undefined;

/** What a handler may answer: the schema's input (what JSON.stringify turns into the wire form). */
export type EndpointAnswer<Spec extends EndpointSpec> = Spec["response"] extends z.ZodType
  ? z.input<Spec["response"]>
  : undefined;

/** A part of the input: absent where undeclared, optional where every field of it is. */
type Present<Key extends string, Value> = [Value] extends [undefined]
  ? { [K in Key]?: undefined }
  : Record<never, never> extends Value
    ? { [K in Key]?: Value }
    : { [K in Key]: Value };

/** What the client sends: the path's parameters, the query and the body, each only where declared. */
export type CallInput<Spec extends EndpointSpec> = Present<"params", PathParams<Spec["path"]>> &
  Present<"query", Sent<Spec["query"]>> &
  Present<"body", Spec["multipart"] extends true ? FormData : Sent<Spec["body"]>>;

/** The refusals that follow from who may call, added to every endpoint's own. */
export function callerErrors(spec: EndpointSpec): ErrorCode[] {
  const codes: ErrorCode[] = [];
  if (spec.caller === "member") codes.push("UNAUTHENTICATED");
  else if (spec.caller !== "anyone") codes.push("STAFF_UNAUTHENTICATED", "FORBIDDEN");
  if (spec.idempotent) codes.push("IDEMPOTENCY_KEY_INVALID", "IDEMPOTENCY_KEY_REUSED");
  if (spec.tradingPin) codes.push("TRADING_PIN_REQUIRED", "TRADING_PIN_WRONG", "TRADING_PIN_THROTTLED");
  return codes;
}

/** A path parameter in the declaration's form, `{id}`. */
const pathParameter = /\{(\w+)\}/g;

/** The path the client requests: each parameter put in, percent-encoded. */
export function pathOf(spec: EndpointSpec, params: Record<string, string> | undefined): string {
  return spec.path.replace(pathParameter, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${spec.path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
}

/** The names of a path's parameters, in order. */
export function pathParameters(path: string): string[] {
  return [...path.matchAll(pathParameter)].map((match) => match[1] ?? "");
}
