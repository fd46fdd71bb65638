import type { ErrorCode } from "@kabuto/shared";
import { errorBodySchema, errorStatus } from "@kabuto/shared";
import type { RequestHandler, Router } from "express";
import { z } from "zod";

export interface RouteDoc {
  method: "get" | "post" | "put" | "delete";
  /** OpenAPI form, e.g. `/instruments/{symbol}`. */
  path: string;
  summary: string;
  tag: string;
  auth?: boolean;
  body?: z.ZodType;
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
   * Declares routes on `router`, which is mounted at `prefix` below /api/v1. Each route's path
   * is written once, in the document's `{param}` form; it is documented as `prefix + path` and
   * mounted in Express's `:param` form. This is the only way into the document, so no route is
   * documented without being served, or served under a path its document does not name.
   */
  on(router: Router, prefix = ""): Route {
    return (doc, ...handlers) => {
      this.routes.push({ ...doc, path: `${prefix}${doc.path}` });
      // Express hands each handler exactly the parameters this path names, which its type promised.
      router[doc.method](expressPath(doc.path), ...(handlers as RequestHandler[]));
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
      if (route.body) {
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
  for (const match of route.path.matchAll(pathParameter)) {
    list.push({ name: match[1], in: "path", required: true, schema: { type: "string" } });
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
  for (const code of route.errors ?? []) {
    const status = String(errorStatus[code]);
    const existing = result[status] as { description: string } | undefined;
    result[status] = { description: existing ? `${existing.description}, ${code}` : code, ...error };
  }
  return result;
}
