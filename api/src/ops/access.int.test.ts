import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { signInStaff } from "./members.fixtures.ts";

let app: TestApp;
let member: { auth: Record<string, string>; memberId: string };

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
  member = await registerMember(app.url, app.database);
});
afterAll(async () => {
  await app?.close();
});

/**
 * Routes under /ops that need no staff session: signing in, signing out, which only ends the
 * caller's own staff session (a member calling it ends nothing, checked below), and the question
 * whether one is signed in, which names nobody but the caller's own staff member.
 */
const openOpsRoutes = new Set([
  "post /api/v1/ops/auth/login",
  "post /api/v1/ops/auth/logout",
  "get /api/v1/ops/auth/session",
]);

interface Operation {
  method: string;
  path: string;
}

/** Every documented operation under /ops, read from the OpenAPI document so new routes join the sweep. */
async function opsOperations(): Promise<Operation[]> {
  const document = await call(`${app.url}/openapi.json`, "GET");
  const paths = document.body.paths as Record<string, Record<string, unknown>>;
  return Object.entries(paths)
    .filter(([path]) => path.startsWith("/api/v1/ops/"))
    .flatMap(([path, item]) => Object.keys(item).map((method) => ({ method, path })))
    .filter((operation) => !openOpsRoutes.has(`${operation.method} ${operation.path}`));
}

/** Uploads are named by UUIDs; most other rows by numbers. */
const someUuid = "00000000-0000-4000-8000-000000000000";

/** The path with plausible values for its parameters: a real member's id, a real setting, ids of the right shape. */
function concrete(path: string): string {
  return path
    .replace(/^\/api\/v1/, "")
    .replace(/\/members\/\{id\}/, `/members/${member.memberId}`)
    .replace(/\/config\/\{name\}/, "/config/title")
    .replace(/\/uploads\/\{id\}/, `/uploads/${someUuid}`)
    .replace(/\{[^}]+\}/g, "1");
}

function send(operation: Operation, headers: Record<string, string> = {}) {
  const body = operation.method === "get" || operation.method === "delete" ? undefined : {};
  return call(`${app.url}${concrete(operation.path)}`, operation.method.toUpperCase(), body, headers);
}

describe("every operations route", () => {
  it("is documented, and the sweep finds this part's routes among them", async () => {
    const operations = (await opsOperations()).map((operation) => `${operation.method} ${operation.path}`);
    expect(operations).toEqual(
      expect.arrayContaining([
        "get /api/v1/ops/members",
        "get /api/v1/ops/members/{id}",
        "post /api/v1/ops/members/{id}/flags",
        "post /api/v1/ops/members/{id}/adjustments",
        "get /api/v1/ops/config",
        "put /api/v1/ops/config/{name}",
        "get /api/v1/ops/news",
        "post /api/v1/ops/news",
        "put /api/v1/ops/news/{id}",
        "post /api/v1/ops/news/{id}/withdraw",
        "get /api/v1/ops/audit",
        "get /api/v1/ops/staff",
      ]),
    );
  });

  it("refuses a member's session with 403 FORBIDDEN", async () => {
    for (const operation of await opsOperations()) {
      const response = await send(operation, member.auth);
      const where = `${operation.method} ${operation.path}`;
      expect(response.status, where).toBe(403);
      expect(response.body?.error?.code, where).toBe("FORBIDDEN");
    }
  });

  it("refuses a request without credentials with 401 STAFF_UNAUTHENTICATED", async () => {
    for (const operation of await opsOperations()) {
      const response = await send(operation);
      const where = `${operation.method} ${operation.path}`;
      expect(response.status, where).toBe(401);
      expect(response.body?.error?.code, where).toBe("STAFF_UNAUTHENTICATED");
    }
  });

  it("answers whether a staff session is signed in without refusing anyone", async () => {
    // The console asks this on every first visit: a 401 or 403 there was a failed request in the
    // browser's console before anyone had done anything.
    const session = `${app.url}/ops/auth/session`;
    const nobody = await call(session, "GET");
    expect(nobody.status).toBe(200);
    expect(nobody.body).toEqual({ staff: null });
    const asMember = await call(session, "GET", undefined, member.auth);
    expect(asMember.status).toBe(200);
    expect(asMember.body).toEqual({ staff: null });
    const reviewer = await signInStaff(app, "reviewer");
    const asStaff = await call(session, "GET", undefined, reviewer.auth);
    expect(asStaff.status).toBe(200);
    expect(asStaff.body.staff).toMatchObject({
      id: reviewer.staffId,
      login: reviewer.login,
      role: "reviewer",
    });
  });

  it("lets a member's call to staff sign-out end nothing", async () => {
    const response = await call(`${app.url}/ops/auth/logout`, "POST", {}, member.auth);
    expect(response.status).toBe(200);
    expect((await call(`${app.url}/me`, "GET", undefined, member.auth)).status).toBe(200);
  });
});

describe("staff roles", () => {
  const supervisorRoutes: Operation[] = [
    { method: "post", path: "/ops/members/{id}/flags" },
    { method: "post", path: "/ops/members/{id}/adjustments" },
    { method: "get", path: "/ops/config" },
    { method: "put", path: "/ops/config/{name}" },
    { method: "get", path: "/ops/news" },
    { method: "post", path: "/ops/news" },
    { method: "put", path: "/ops/news/{id}" },
    { method: "post", path: "/ops/news/{id}/withdraw" },
    { method: "get", path: "/ops/audit" },
    { method: "get", path: "/ops/ledger-check" },
  ];
  const adminRoutes: Operation[] = [
    { method: "get", path: "/ops/staff" },
    { method: "post", path: "/ops/staff" },
    { method: "post", path: "/ops/staff/{id}/disabled" },
  ];

  async function auditCount(): Promise<number> {
    const [row] = rowsOf(await app.database.db.execute(sql`select count(*)::int as n from audit_log`));
    return Number(row?.n);
  }

  it("a reviewer gets 403 on supervisor and admin routes, and changes nothing", async () => {
    const { auth } = await signInStaff(app, "reviewer");
    const before = await auditCount();
    for (const operation of [...supervisorRoutes, ...adminRoutes]) {
      const response = await send(operation, auth);
      expect(response.status, operation.path).toBe(403);
      expect(response.body.error, operation.path).toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await auditCount()).toBe(before);
  });

  it("a supervisor gets 403 on admin routes", async () => {
    const { auth } = await signInStaff(app, "supervisor");
    for (const operation of adminRoutes) {
      const response = await send(operation, auth);
      expect(response.status, operation.path).toBe(403);
      expect(response.body.error.details, operation.path).toEqual({ needed: "admin" });
    }
  });

  it("a supervisor may run the ledger check, and finds it healthy", async () => {
    const { auth } = await signInStaff(app, "supervisor");
    const response = await call(`${app.url}/ops/ledger-check`, "GET", undefined, auth);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ healthy: true, drifted: [], unbalanced: [], mismatched: 0 });
    expect(response.body.journals).toBeGreaterThan(0);
    // Each product's own check of its records runs with the ledger's, loans', copies' and fills' among them.
    expect(response.body.checks).toEqual(
      expect.arrayContaining([
        { name: "loansMismatched", count: 0 },
        { name: "copiesMismatched", count: 0 },
        { name: "fillsNotReplaying", count: 0 },
      ]),
    );
  });

  it("a reviewer may search and read members", async () => {
    const { auth } = await signInStaff(app, "reviewer");
    expect((await call(`${app.url}/ops/members`, "GET", undefined, auth)).status).toBe(200);
    expect((await call(`${app.url}/ops/members/${member.memberId}`, "GET", undefined, auth)).status).toBe(
      200,
    );
  });
});

describe("the audit log", () => {
  it("shows each staff action with who, what, when, before and after", async () => {
    const { auth, staffId, login } = await signInStaff(app, "supervisor");
    const target = await registerMember(app.url, app.database);
    const startedMs = Date.now();
    await call(
      `${app.url}/ops/members/${target.memberId}/flags`,
      "POST",
      { withdrawBarred: true, reason: "card holder mismatch" },
      auth,
    );
    await call(
      `${app.url}/ops/members/${target.memberId}/adjustments`,
      "POST",
      { currency: "JPY", amount: "100", reason: "goodwill" },
      auth,
    );
    await call(`${app.url}/ops/config/title`, "PUT", { value: "Kabuto 証券" }, auth);
    const audit = await call(`${app.url}/ops/audit?staffId=${staffId}`, "GET", undefined, auth);
    expect(audit.status).toBe(200);
    expect(audit.body.items.map((entry: { action: string }) => entry.action)).toEqual([
      "config.set",
      "member.adjust",
      "member.flags",
    ]);
    for (const entry of audit.body.items) {
      expect(entry.staffLogin).toBe(login);
      expect(entry.atMs).toBeGreaterThanOrEqual(startedMs - 1_000);
      expect(entry.before).not.toBeNull();
      expect(entry.after).not.toBeNull();
    }
    expect(audit.body.items[2]).toMatchObject({
      target: `member:${target.memberId}`,
      before: { withdrawBarred: false },
      after: { withdrawBarred: true },
      reason: "card holder mismatch",
    });
    expect(audit.body.items[0]).toMatchObject({
      before: { value: "Kabuto" },
      after: { value: "Kabuto 証券" },
    });
  });

  it("refuses UPDATE, DELETE and TRUNCATE, even in raw SQL", async () => {
    const { auth } = await signInStaff(app, "supervisor");
    await call(`${app.url}/ops/config/onlineSupportUrl`, "PUT", { value: "https://help.example.com" }, auth);
    const rows = () => app.database.db.execute(sql`select * from audit_log order by id`).then(rowsOf);
    const before = await rows();
    expect(before.length).toBeGreaterThan(0);
    await expect(
      app.database.db.execute(sql`update audit_log set action = 'nothing', after = null`),
    ).rejects.toThrow();
    await expect(app.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(app.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await rows()).toEqual(before);
  });
});
