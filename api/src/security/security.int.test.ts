import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { bearerTransport, sessionCookieName, sessionTransportHeader } from "@kabuto/shared/api/auth";
import { pathParameters } from "@kabuto/shared/endpoint";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows.ts";
import { staffCookieName } from "../kernel/staff-sessions.ts";
import { logOptions } from "../logging.ts";
import { StaffService } from "../ops/staff.service.ts";
import { seedDemo } from "../seed.ts";
import { fund, setMarket } from "../testing/fixtures.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";

// The security sweep: every state-changing route, read from the OpenAPI document, so a route
// added tomorrow is covered without anyone remembering to list it here.

let app: TestApp;
let log = "";
/** Both sessions at once: a member's and an admin's, as a browser that holds both cookies sends them. */
let cookies = "";
const evilOrigin = "https://evil.example";

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  app = await startTestApp({}, { logger: pino({ ...logOptions(), level: "info" }, sink) });
  await seedDemo(app.database.db, Date.now());
  const member = await signInWithCookie(`${app.url}/auth/register`, {
    account: "08055550001",
    password: "secret123",
    passwordConfirm: "secret123",
    inviteCode: "KABUTO",
    acceptTerms: true,
  });
  const password = "staff-password-1";
  await new StaffService(app.database.db).create(
    { login: "sweep.admin", name: "Sweep", role: "admin", password },
    null,
    { nowMs: Date.now() },
  );
  const staff = await signInWithCookie(`${app.url}/ops/auth/login`, { login: "sweep.admin", password });
  cookies = `${member}; ${staff}`;
  expect(cookies).toContain(`${sessionCookieName}=`);
  expect(cookies).toContain(`${staffCookieName}=`);
});
afterAll(async () => {
  await app?.close();
});

/** Signs in the way the browser does and returns the cookie pair (`name=value`) it was given. */
async function signInWithCookie(url: string, body: unknown): Promise<string> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBeLessThan(300);
  const answer: unknown = await response.json();
  // The browser's sign-in answer carries no token a page script could read.
  expect(answer).not.toHaveProperty("token");
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface Operation {
  method: string;
  /** The document's path, `/api/v1/orders/{id}/cancel`. */
  path: string;
  cookieAuthenticated: boolean;
  json?: JsonSchema;
  multipart?: JsonSchema;
}

/** Every state-changing operation of the document. */
async function mutatingOperations(): Promise<Operation[]> {
  const response = await fetch(`${app.url}/openapi.json`);
  const document = (await response.json()) as {
    paths: Record<
      string,
      Record<
        string,
        { security?: unknown[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
      >
    >;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (method === "get") continue;
      const content = operation.requestBody?.content;
      operations.push({
        method,
        path,
        // Every route under /ops is the staff cookie's; the others say so in `security`.
        cookieAuthenticated: operation.security !== undefined || path.startsWith("/api/v1/ops/"),
        json: content?.["application/json"]?.schema,
        multipart: content?.["multipart/form-data"]?.schema,
      });
    }
  }
  return operations;
}

/**
 * Path parameters a route checks before it reads its body, so the body's checks are reached:
 * a setting's name. Any other parameter is an id, and a plausible one does.
 */
const pathExamples: Record<string, string> = { name: "title" };

/** A concrete URL for a documented path. */
function urlOf(operation: Operation): string {
  const path = operation.path
    .replace(/^\/api\/v1/, "")
    .replace(/\{(\w+)\}/g, (_match, name: string) => pathExamples[name] ?? "1");
  return `${app.url}${path}`;
}

/** Text that would be recognisable in a log: each field's sample value names the field. */
function sampleText(path: string): string {
  return `sample-${path}-7f3a9c`;
}

/** A body of the schema's shape, every field present, each text field a recognisable sample. */
function sample(schema: JsonSchema, path: string): unknown {
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (option) return sample(option, path);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((kind) => kind !== "null") : schema.type;
  switch (type) {
    case "object":
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [
          name,
          sample(property, path ? `${path}.${name}` : name),
        ]),
      );
    case "array":
      return schema.items ? [sample(schema.items, `${path}.0`)] : [];
    case "string":
      return schema.format === "uuid" ? randomUUID() : sampleText(path);
    case "number":
    case "integer":
      return 1;
    case "boolean":
      return true;
    default:
      return null;
  }
}

/** The paths of a schema's free-text fields (strings that are not enums), `title.ja` for nested ones. */
function textFields(schema: JsonSchema, path = ""): string[] {
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (option) return textFields(option, path);
  if (schema.enum || schema.const !== undefined) return [];
  const type = Array.isArray(schema.type) ? schema.type.find((kind) => kind !== "null") : schema.type;
  if (type === "string") return [path];
  if (type !== "object") return [];
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
    textFields(property, path ? `${path}.${name}` : name),
  );
}

/**
 * The `format` of each text field that has one (`uuid`, `email`), or `pattern` for one held to a
 * pattern (a push subscription's key): a field that is an id or a code rather than text, refused
 * by its shape with its own code.
 */
function fieldFormats(
  schema: JsonSchema,
  path = "",
  result = new Map<string, string>(),
): Map<string, string> {
  const option = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (option) return fieldFormats(option, path, result);
  if (schema.format) result.set(path, schema.format);
  else if (schema.pattern) result.set(path, "pattern");
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    fieldFormats(property, path ? `${path}.${name}` : name, result);
  }
  return result;
}

/**
 * Whether the answer refuses the field as it should: a 4xx naming the field, with INVALID_TEXT
 * for free text. The answer's own status is the first field's code's (a sample id elsewhere in
 * the body may be CARD_NOT_FOUND, 404), so the field's own code is what is checked. A formatted
 * field (a uuid) is refused by its format, with its own code.
 */
function refusedField(
  answer: { status: number; fields: Record<string, string> },
  field: string,
  format: string | undefined,
): boolean {
  if (answer.status < 400 || answer.status >= 500) return false;
  return format === undefined ? answer.fields[field] === "INVALID_TEXT" : answer.fields[field] !== undefined;
}

function withField(body: unknown, path: string, value: string): unknown {
  const copy: unknown = structuredClone(body);
  const names = path.split(".");
  let target: unknown = copy;
  for (const name of names.slice(0, -1)) target = Reflect.get(Object(target), name);
  Reflect.set(Object(target), names.at(-1) ?? "", value);
  return copy;
}

/**
 * Every row of every table, hashed: what "changes nothing" means. Read in one statement per
 * table so a refusal that wrote anything anywhere shows, and which table it was.
 */
async function fingerprint(): Promise<Record<string, string>> {
  const tables = rowsOf(
    await app.database.db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  const result: Record<string, string> = {};
  for (const table of tables) {
    const name = String(table.name);
    const [row] = rowsOf(
      await app.database.db.execute(
        sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash from ${sql.identifier(name)} t`,
      ),
    );
    result[name] = String(row?.hash);
  }
  return result;
}

async function send(
  operation: Operation,
  headers: Record<string, string>,
  body?: string | FormData,
): Promise<{ status: number; code: string | undefined; fields: Record<string, string> }> {
  const response = await fetch(urlOf(operation), {
    method: operation.method.toUpperCase(),
    headers: { cookie: cookies, "idempotency-key": randomUUID(), ...headers },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  const answer = text
    ? (JSON.parse(text) as { error?: { code?: string; details?: { fields?: Record<string, string> } } })
    : {};
  return { status: response.status, code: answer.error?.code, fields: answer.error?.details?.fields ?? {} };
}

/** Text PostgreSQL cannot store or a schema must refuse: a NUL byte, and a lone surrogate. */
const badTexts = [
  ["a NUL byte", "bad\u0000text"],
  ["a lone surrogate", "bad\uD800text"],
] as const;

describe("the security sweep of every state-changing route", () => {
  it("lists the routes of the findings, so the sweep is not vacuous", async () => {
    const operations = (await mutatingOperations()).map(
      (operation) => `${operation.method} ${operation.path}`,
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        "post /api/v1/orders/{id}/cancel",
        "post /api/v1/positions/{id}/close",
        "post /api/v1/auth/login",
        "post /api/v1/ops/auth/login",
        "post /api/v1/kyc",
      ]),
    );
  });

  it("refuses a cookie-authenticated request from another site with 403 CSRF_REFUSED and changes nothing", async () => {
    const before = await fingerprint();
    const failures: string[] = [];
    for (const operation of await mutatingOperations()) {
      const body = JSON.stringify(operation.json ? sample(operation.json, "") : {});
      const headers = { origin: evilOrigin, "content-type": "application/json" };
      const answer = await send(operation, headers, body);
      if (answer.status !== 403 || answer.code !== "CSRF_REFUSED") {
        failures.push(`${operation.method} ${operation.path}: ${answer.status} ${answer.code}`);
      }
      // A cross-site request a browser sends without Origin still says where it came from.
      const bare = await send(
        operation,
        { "sec-fetch-site": "cross-site", "content-type": "application/json" },
        body,
      );
      if (bare.status !== 403)
        failures.push(`${operation.method} ${operation.path} without Origin: ${bare.status}`);
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it("refuses text/plain, urlencoded and missing content types with 415 and changes nothing", async () => {
    const before = await fingerprint();
    const failures: string[] = [];
    for (const operation of await mutatingOperations()) {
      const attempts: [string, Record<string, string>, string | undefined][] = [
        [
          "text/plain",
          { "content-type": "text/plain" },
          JSON.stringify(operation.json ? sample(operation.json, "") : {}),
        ],
        ["urlencoded", { "content-type": "application/x-www-form-urlencoded" }, "a=1"],
        ["no content type", {}, undefined],
      ];
      for (const [name, headers, body] of attempts) {
        const answer = await send(operation, headers, body);
        if (answer.status !== 415 || answer.code !== "UNSUPPORTED_MEDIA_TYPE") {
          failures.push(`${operation.method} ${operation.path} ${name}: ${answer.status} ${answer.code}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });

  it("answers bad text in every JSON text field with 400 INVALID_TEXT for that field, stores nothing and logs no value", async () => {
    const before = await fingerprint();
    const logStart = log.length;
    const sent: string[] = [];
    const failures: string[] = [];
    for (const operation of await mutatingOperations()) {
      if (!operation.json) continue;
      const base = sample(operation.json, "");
      const formats = fieldFormats(operation.json);
      for (const field of textFields(operation.json)) {
        for (const [name, text] of badTexts) {
          const body = withField(base, field, text);
          sent.push(JSON.stringify(body));
          const answer = await send(operation, { "content-type": "application/json" }, JSON.stringify(body));
          if (!refusedField(answer, field, formats.get(field))) {
            failures.push(
              `${operation.method} ${operation.path} ${field} ${name}: ${answer.status} ${answer.code}`,
            );
          }
        }
      }
    }
    expect(sent.length).toBeGreaterThan(50);
    expect(failures).toEqual([]);
    expect(await fingerprint()).toEqual(before);
    const logged = log.slice(logStart);
    expect(logged).not.toMatch(/"level":(50|60)/);
    expect(logged).not.toContain("-7f3a9c");
  });

  it("answers a NUL byte in every multipart text field with 400 INVALID_TEXT and stores nothing", async () => {
    const before = await fingerprint();
    const failures: string[] = [];
    const multipart = (await mutatingOperations()).filter((operation) => operation.multipart);
    expect(multipart.length).toBeGreaterThan(0);
    for (const operation of multipart) {
      const schema = operation.multipart ?? {};
      const base = sample(schema, "");
      for (const field of textFields(schema)) {
        const form = new FormData();
        for (const [name, value] of Object.entries(Object(withField(base, field, "bad\u0000text")))) {
          form.set(name, String(value));
        }
        const answer = await send(operation, {}, form);
        if (!refusedField(answer, field, undefined)) {
          failures.push(`${operation.method} ${operation.path} ${field}: ${answer.status} ${answer.code}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });
});

describe("bad text in paths and queries", () => {
  /** Every documented operation, reads included, with its path and query parameters. */
  async function allOperations(): Promise<{ method: string; path: string; query: string[] }[]> {
    const response = await fetch(`${app.url}/openapi.json`);
    const document = (await response.json()) as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string; schema?: JsonSchema }[] }>
      >;
    };
    return Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        method,
        path,
        query: (operation.parameters ?? [])
          .filter((parameter) => parameter.in === "query" && parameter.schema?.type === "string")
          .map((parameter) => parameter.name),
      })),
    );
  }

  it("answers a NUL byte in any path parameter or text query parameter with a 4xx, never a 500", async () => {
    const before = await fingerprint();
    const failures: string[] = [];
    let sent = 0;
    for (const operation of await allOperations()) {
      const path = operation.path.replace(/^\/api\/v1/, "");
      const targets = [
        ...(path.includes("{") ? [`${app.url}${path.replace(/\{\w+\}/g, "bad%00text")}`] : []),
        ...operation.query.map((name) => `${app.url}${path.replace(/\{\w+\}/g, "1")}?${name}=bad%00text`),
      ];
      for (const url of targets) {
        const response = await fetch(url, {
          method: operation.method.toUpperCase(),
          headers: { cookie: cookies, "content-type": "application/json", "idempotency-key": randomUUID() },
          ...(operation.method === "get" ? {} : { body: "{}" }),
        });
        await response.arrayBuffer();
        sent += 1;
        if (response.status < 400 || response.status >= 500)
          failures.push(`${operation.method} ${url}: ${response.status}`);
      }
    }
    expect(sent).toBeGreaterThan(40);
    expect(failures).toEqual([]);
    expect(await fingerprint()).toEqual(before);
  });
});

describe("malformed escapes in path parameters", () => {
  /**
   * Escapes `decodeURIComponent` refuses: an overlong encoding of NUL, a lone surrogate in
   * UTF-8's form, and a bare `%`. Express throws a URIError as it matches the route.
   */
  const malformed = ["%C0%80", "%ED%A0%80", "1%"];

  /** The path with every parameter malformed and, where it has several, with each one alone. */
  function brokenPaths(path: string, broken: string): string[] {
    const names = pathParameters(path);
    const all = path.replace(/\{\w+\}/g, broken);
    if (names.length < 2) return [all];
    const one = (name: string) =>
      path.replace(/\{(\w+)\}/g, (_match, other: string) => (other === name ? broken : "1"));
    return [all, ...names.map(one)];
  }

  it("answers 400 PATH_INVALID on every route with a path parameter, signed in or not, and logs no error", async () => {
    const response = await fetch(`${app.url}/openapi.json`);
    const document = (await response.json()) as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([path, item]) =>
      pathParameters(path).length > 0 ? Object.keys(item).map((method) => ({ method, path })) : [],
    );
    // The findings' own routes are among them, so the walk is not vacuous.
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: "get", path: "/api/v1/news/{id}" },
        { method: "get", path: "/api/v1/positions/{id}" },
        { method: "get", path: "/api/v1/ipo/offerings/{id}" },
      ]),
    );
    const before = await fingerprint();
    const logStart = log.length;
    const failures: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/^\/api\/v1/, "");
      for (const url of malformed.flatMap((broken) => brokenPaths(path, broken))) {
        for (const who of ["anonymous", "signed in"] as const) {
          const answer = await fetch(`${app.url}${url}`, {
            method: route.method.toUpperCase(),
            headers: {
              "content-type": "application/json",
              "idempotency-key": randomUUID(),
              ...(who === "signed in" ? { cookie: cookies } : {}),
            },
            ...(route.method === "get" ? {} : { body: "{}" }),
          });
          const text = await answer.text();
          const code = text ? (JSON.parse(text) as { error?: { code?: string } }).error?.code : undefined;
          if (answer.status !== 400 || code !== "PATH_INVALID")
            failures.push(`${route.method} ${url} (${who}): ${answer.status} ${code}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await fingerprint()).toEqual(before);
    // The caller's mistake, not the server's: no error-level line, no stack.
    const logged = log.slice(logStart);
    expect(logged).not.toMatch(/"level":(50|60)/);
    expect(logged).not.toContain("URIError");
  });
});

describe("the findings, replayed against real orders and positions", () => {
  let order = "";
  let position = "";

  beforeAll(async () => {
    const [member] = rowsOf(
      await app.database.db.execute(sql`select id from members where account = '08055550001'`),
    );
    await fund(app.database, String(member?.id), "JPY", 10_000_000n);
    setMarket(app.bus, "JP:7203", [["2650", 1_000]], [["2650.5", 1_000]], { up: "3150", down: "2150.5" });
    const json = { "content-type": "application/json" };
    const at = (path: string) => ({ method: "post", path, cookieAuthenticated: true });
    const market = { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 1 };
    const filled = await fetch(`${app.url}/orders`, {
      method: "POST",
      headers: { ...json, cookie: cookies, "idempotency-key": randomUUID() },
      body: JSON.stringify(market),
    });
    position = String(((await filled.json()) as { positionId: string }).positionId);
    const limit = { ...market, type: "limit", price: "2600" };
    const pending = await send(at("/api/v1/orders"), json, JSON.stringify(limit));
    expect(pending.status).toBe(201);
    const [row] = rowsOf(await app.database.db.execute(sql`select id from orders where status = 'pending'`));
    order = String(row?.id);
  });

  async function statusOf(table: "orders" | "positions", id: string): Promise<string> {
    const [row] = rowsOf(
      await app.database.db.execute(sql`select status from ${sql.identifier(table)} where id = ${id}`),
    );
    return String(row?.status);
  }

  it("a bodiless cancel from another site's page is refused and the order stays pending", async () => {
    const response = await fetch(`${app.url}/orders/${order}/cancel`, {
      method: "POST",
      headers: { cookie: cookies, origin: evilOrigin },
    });
    expect(response.status).toBe(403);
    expect(await statusOf("orders", order)).toBe("pending");
  });

  it("a text/plain close (what an HTML form can send) is refused and the position stays open", async () => {
    const response = await fetch(`${app.url}/positions/${position}/close`, {
      method: "POST",
      headers: { cookie: cookies, "content-type": "text/plain", "idempotency-key": randomUUID() },
      body: "{}",
    });
    expect(response.status).toBe(415);
    expect(await statusOf("positions", position)).toBe("holding");
  });

  it("a page of the same host over the other scheme is refused with CSRF_REFUSED and changes nothing", async () => {
    const host = new URL(app.url).host;
    const before = await fingerprint();
    // The API is served over plain HTTP; X-Forwarded-Proto from a peer TRUST_PROXY does not name changes nothing.
    for (const headers of [{}, { "x-forwarded-proto": "https" }]) {
      const response = await fetch(`${app.url}/orders/${order}/cancel`, {
        method: "POST",
        headers: {
          ...headers,
          cookie: cookies,
          origin: `https://${host}`,
          "content-type": "application/json",
          "idempotency-key": randomUUID(),
        },
        body: "{}",
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("CSRF_REFUSED");
    }
    expect(await statusOf("orders", order)).toBe("pending");
    expect(await fingerprint()).toEqual(before);
  });

  it("our own page's cancel, same origin and JSON, still goes through", async () => {
    const host = new URL(app.url).host;
    const response = await fetch(`${app.url}/orders/${order}/cancel`, {
      method: "POST",
      headers: {
        cookie: cookies,
        origin: `http://${host}`,
        "sec-fetch-site": "same-origin",
        "content-type": "application/json",
        "idempotency-key": randomUUID(),
      },
      body: "{}",
    });
    expect(response.status).toBe(200);
    expect(await statusOf("orders", order)).toBe("cancelled");
  });

  it("a native wrapper with a bearer token and no cookie is not asked where it comes from", async () => {
    const signIn = await fetch(`${app.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", [sessionTransportHeader]: bearerTransport },
      body: JSON.stringify({ account: "08055550001", password: "secret123" }),
    });
    const { token } = (await signIn.json()) as { token: string };
    const added = await fetch(`${app.url}/watchlist/JP:7203`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, origin: evilOrigin, "content-type": "application/json" },
      body: "{}",
    });
    expect(added.status).toBe(200);
  });
});

describe("headers", () => {
  it("marks every answer no-store and unframeable, with the security headers", async () => {
    const response = await fetch(`${app.url}/account`, { headers: { cookie: cookies } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    // HSTS only where the API is served over TLS (NODE_ENV=production).
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("a deployment behind a front end that rewrites Host", () => {
  let deployed: TestApp;
  const front = "https://app.example.jp";

  beforeAll(async () => {
    deployed = await startTestApp({
      ALLOWED_ORIGINS: `${front}, https://Other.example.jp/`,
      NODE_ENV: "production",
      // The TLS proxy in front of it, which says in X-Forwarded-Proto how the browser came.
      TRUST_PROXY: "loopback",
    });
  });
  afterAll(async () => {
    await deployed?.close();
  });

  it("lets ALLOWED_ORIGINS through the CSRF check, and no one else", async () => {
    const logout = (origin: string) =>
      fetch(`${deployed.url}/auth/logout`, {
        method: "POST",
        headers: { origin, cookie: `${sessionCookieName}=none`, "content-type": "application/json" },
        body: "{}",
      });
    expect((await logout(front)).status).toBe(200);
    expect((await logout("https://other.example.jp")).status).toBe(200);
    expect((await logout(evilOrigin)).status).toBe(403);
    expect((await logout("null")).status).toBe(403);
  });

  it("lets a page of its own host through by the scheme its trusted proxy was reached by, not the other", async () => {
    const host = new URL(deployed.url).host;
    const logout = (origin: string) =>
      fetch(`${deployed.url}/auth/logout`, {
        method: "POST",
        headers: {
          origin,
          "x-forwarded-proto": "https",
          cookie: `${sessionCookieName}=none`,
          "content-type": "application/json",
        },
        body: "{}",
      });
    expect((await logout(`https://${host}`)).status).toBe(200);
    const plain = await logout(`http://${host}`);
    expect(plain.status).toBe(403);
    expect(((await plain.json()) as { error: { code: string } }).error.code).toBe("CSRF_REFUSED");
  });

  it("pins HTTPS with HSTS in production", async () => {
    const response = await fetch(`${deployed.url}/health`);
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);
  });
});
