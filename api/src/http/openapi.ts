import { bearerTransport, sessionTransportHeader } from "@kabuto/shared/api/auth";
import { errorBodySchema } from "@kabuto/shared/api/errors";
import { tradingPinHeader } from "@kabuto/shared/api/trading-pin";
import { pathParameters } from "@kabuto/shared/endpoint";
import type { ErrorCode } from "@kabuto/shared/errors";
import { errorStatus } from "@kabuto/shared/errors";
import type { RequestHandler, Router } from "express";
import { z } from "zod";
import { endpointRouter, type RouterOptions, type Serve } from "./endpoints.ts";
import { requireBodyKind } from "./security.ts";

export interface RouteDoc {
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI form, e.g. `/instruments/{symbol}`. */
  path: string;
  summary: string;
  tag: string;
  auth?: boolean;
  body?: z.ZodType;
  /**
   * The route takes files: its body is multipart/form-data (the fields `body` names, and the
   * files), not JSON. Every other state-changing route takes only application/json.
   */
  multipart?: boolean;
  /** A sign-in that answers its token to a caller sending `X-Session-Transport: bearer` (security.ts). */
  bearerTransport?: boolean;
  /** Moves money: carries the member's trading PIN in `X-Trading-Pin` once they have set one. */
  tradingPin?: boolean | undefined;
  query?: z.ZodType;
  response?: z.ZodType;
  errors?: readonly ErrorCode[];
}

/** `{ id: string }` for `/deposits/{id}`: a handler reads exactly the parameters its path names. */
export type PathParams<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? { [Key in Name]: string } & PathParams<Rest>
  : Record<never, never>;

/**
 * Documents one route and mounts it: the handler comes last, any middleware it needs first
 * (a sign-in check, a multipart parser), as Express runs them.
 */
export type Route = <Path extends string>(
  doc: RouteDoc & { path: Path },
  ...handlers: [...middleware: RequestHandler[], handler: RequestHandler<PathParams<Path>>]
) => void;

/** Routes describe themselves here as they are mounted; the document is built from the shared schemas. */
export class ApiDocs {
  private readonly routes: RouteDoc[] = [];

  /**
   * `checkAnswers`: every declared endpoint's answer is parsed with its response schema (tests).
   * `storedAnswer`: where keyed members' endpoints find a retried key's first answer.
   * `tradingPin`: the check of the PIN that money-moving endpoints (`tradingPin: true`) carry.
   */
  private readonly options: RouterOptions;

  constructor(options: RouterOptions = {}) {
    this.options = options;
  }

  /** Mounts declared endpoints (`@kabuto/shared/endpoints/*`): members' on `router`, staff's on `ops`. */
  serve(routers: { router: Router; ops?: Router }): Serve {
    return endpointRouter(this, routers, this.options);
  }

  /**
   * Declares routes on `router`, which is mounted at `prefix` below /api/v1. Each route's path
   * is written once, in the document's `{param}` form; it is documented as `prefix + path` and
   * mounted in Express's `:param` form. This is the only way into the document, so no route is
   * documented without being served, or served under a path its document does not name.
   */
  on(router: Router, prefix = ""): Route {
    return (doc, ...handlers) => {
      this.routes.push({ ...doc, path: `${prefix}${doc.path}` });
      // A state-changing route refuses any other body than its own kind before anything else runs.
      const guard = doc.method === "get" ? [] : [requireBodyKind(doc.multipart ? "multipart" : "json")];
      // Express hands each handler exactly the parameters this path names, which its type promised.
      router[doc.method](expressPath(doc.path), ...guard, ...(handlers as RequestHandler[]));
    };
  }

  document(version: string): Record<string, unknown> {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const route of this.routes) {
      const operation: Record<string, unknown> = {
        summary: route.summary,
        tags: [route.tag],
        parameters: parameters(route),
        responses: responses(route),
      };
      if (route.auth) operation.security = [{ cookie: [] }, { bearer: [] }];
      if (route.multipart) {
        operation.requestBody = {
          required: true,
          content: {
            "multipart/form-data": {
              schema: route.body ? jsonSchema(route.body, "input") : { type: "object" },
            },
          },
        };
      } else if (route.body) {
        operation.requestBody = {
          required: true,
          content: { "application/json": { schema: jsonSchema(route.body, "input") } },
        };
      }
      paths[`/api/v1${route.path}`] = { ...paths[`/api/v1${route.path}`], [route.method]: operation };
    }
    return {
      openapi: "3.1.0",
      info: { title: "Kabuto API", version },
      paths,
      components: {
        securitySchemes: {
          cookie: { type: "apiKey", in: "cookie", name: "kabuto_session" },
          bearer: { type: "http", scheme: "bearer" },
        },
      },
    };
  }
}

/** A path parameter in the document's form, `{id}`. */
const pathParameter = /\{(\w+)\}/g;

/** `/deposits/{id}` → `/deposits/:id`; in Express 5 braces would mean an optional part instead. */
function expressPath(path: string): string {
  return path.replace(pathParameter, ":$1");
}

function jsonSchema(schema: z.ZodType, io: "input" | "output"): unknown {
  return z.toJSONSchema(schema, { io, unrepresentable: "any" });
}

function parameters(route: RouteDoc): unknown[] {
  const list: unknown[] = [];
  for (const name of pathParameters(route.path)) {
    list.push({ name, in: "path", required: true, schema: { type: "string" } });
  }
  if (route.bearerTransport) {
    list.push({
      name: sessionTransportHeader,
      in: "header",
      required: false,
      description:
        "`bearer`: answer the session token and set no cookie (native wrappers, load tests); otherwise the session is the httpOnly cookie and the answer carries no token",
      schema: { type: "string", enum: [bearerTransport] },
    });
  }
  if (route.tradingPin) {
    list.push({
      name: tradingPinHeader,
      in: "header",
      required: false,
      description:
        "The member's six-digit trading PIN, required once they have set one (TRADING_PIN_REQUIRED without it); a retry of a finished request with the same Idempotency-Key is answered without it",
      schema: { type: "string", pattern: "^[0-9]{6}$" },
    });
  }
  if (route.query) {
    const schema = jsonSchema(route.query, "input") as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      list.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: property });
    }
  }
  return list;
}

/**
 * The refusals every route of its kind gets without declaring them: a malformed escape in a path
 * parameter (the error handler), the guards every state-changing route runs (security.ts), and
 * bad text in any text field.
 */
function guardErrors(route: RouteDoc): ErrorCode[] {
  const codes: ErrorCode[] = pathParameters(route.path).length > 0 ? ["PATH_INVALID"] : [];
  if (route.method !== "get") codes.push("CSRF_REFUSED", "UNSUPPORTED_MEDIA_TYPE");
  if (route.method !== "get" && route.body) codes.push("INVALID_TEXT");
  return codes.filter((code) => !route.errors?.includes(code));
}

function responses(route: RouteDoc): Record<string, unknown> {
  const result: Record<string, unknown> = {
    200: route.response
      ? {
          description: "OK",
          content: { "application/json": { schema: jsonSchema(route.response, "output") } },
        }
      : { description: "OK" },
  };
  const error = { content: { "application/json": { schema: jsonSchema(errorBodySchema, "output") } } };
  for (const code of [...(route.errors ?? []), ...guardErrors(route)]) {
    const status = String(errorStatus[code]);
    const existing = result[status] as { description: string } | undefined;
    result[status] = { description: existing ? `${existing.description}, ${code}` : code, ...error };
  }
  return result;
}
