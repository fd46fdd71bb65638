import { ensureDefined } from "@kabuto/shared/market/assert";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { seedDemo, seedDemoStaff } from "../seed.ts";
import { fund, registerMember, setMarket } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";

/**
 * The API served as the app role (`kabuto_app`), migrated by the owner, as docker-compose runs
 * it: the product's own flows work, and none of the ways an owner or a superuser has to edit
 * the ledger or the audit log is open to it. Always on a PostgreSQL server: PGlite has one user.
 */
let app: TestApp;
let client: pg.Client;

beforeAll(async () => {
  app = await startTestApp({}, { server: true });
  client = new pg.Client({ connectionString: ensureDefined(app.databaseUrl, "the app role's URL") });
  await client.connect();
}, 60_000);
afterAll(async () => {
  await client?.end();
  await app?.close();
});

async function countOf(table: string): Promise<number> {
  const result = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return ensureDefined(result.rows[0], "a count").n;
}

describe("the app role", () => {
  it("is neither superuser nor the tables' owner", async () => {
    const me = await client.query<{ role: string; superuser: boolean; owner: string }>(
      `select current_user as role, rolsuper as superuser,
              (select tableowner from pg_tables where tablename = 'journals') as owner
         from pg_roles where rolname = current_user`,
    );
    const row = ensureDefined(me.rows[0], "the role");
    expect(row.role).toBe("kabuto_app");
    expect(row.superuser).toBe(false);
    expect(row.owner).not.toBe("kabuto_app");
  });

  it("runs the product's flows: seeding, sign-up, money in, a market order, an audited staff action", async () => {
    expect(await seedDemo(app.database.db, Date.now())).toBe(true);
    expect(await seedDemoStaff(app.database.db, Date.now())).toBe(true);
    setMarket(app.bus, "JP:7203", [["2650", 300]], [["2650.5", 1_000]]);
    const { auth, memberId } = await registerMember(app.url, app.database);
    await fund(app.database, memberId, "JPY", 1_000_000n);
    const order = { symbol: "JP:7203", side: "long", type: "market", quantity: 100, leverage: 1 };
    const placed = await call(`${app.url}/orders`, "POST", order, auth);
    expect(placed.status).toBe(201);
    const signedOut = await call(`${app.url}/auth/logout`, "POST", {}, auth);
    expect(signedOut.status).toBeLessThan(300);
    expect(await countOf("audit_log")).toBeGreaterThan(0);
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });

  // Each statement below is one way a role that owns the tables (or a superuser) could change a
  // journal, an entry or an audit row despite the triggers. Every one must fail for the app.
  const tampering: [string, string][] = [
    ["skips every trigger for the session", "set session_replication_role = replica"],
    ["switches off the ledger's triggers", "alter table journals disable trigger all"],
    ["switches off one guard", "alter table entries disable trigger entries_append_only"],
    ["switches off the audit log's guard", "alter table audit_log disable trigger audit_log_append_only"],
    ["drops the ledger's guard", "drop trigger journals_append_only on journals"],
    ["drops the audit log's guard", "drop trigger audit_log_append_only on audit_log"],
    ["edits a journal", "update journals set ref = 'tampered'"],
    ["edits an entry", "update entries set amount = amount"],
    ["deletes an entry", "delete from entries"],
    ["deletes a journal", "delete from journals"],
    ["edits an audit row", "update audit_log set reason = 'tampered'"],
    ["deletes an audit row", "delete from audit_log"],
    ["truncates the entries", "truncate entries"],
    ["truncates the journals", "truncate journals cascade"],
    ["truncates the audit log", "truncate audit_log"],
    [
      "moves a balance by hand",
      "update ledger_accounts set balance = balance + 1 where member_id is not null",
    ],
    ["removes a ledger account", "delete from ledger_accounts"],
    ["renumbers a ledger account", "update ledger_accounts set id = id + 1000000"],
    ["truncates the ledger accounts", "truncate ledger_accounts cascade"],
    [
      "writes an entry on a journal that does not exist",
      "insert into entries (journal_id, account_id, currency, amount) select 999999999, id, currency, 0 from ledger_accounts limit 1",
    ],
    [
      "writes an entry on an account that does not exist",
      "insert into entries (journal_id, account_id, currency, amount) select id, 999999999, 'JPY', 0 from journals limit 1",
    ],
    [
      "links a journal that does not exist",
      "insert into journal_links (journal_id, chain, seq, prev_hash, hash) values (999999999, 'house', 999999999, repeat('0', 64), repeat('0', 64))",
    ],
    ["edits a queued ledger check", "update ledger_pending set journal_ids = '{}'"],
    ["removes an order", "delete from orders"],
    ["removes a position", "delete from positions"],
    ["removes an idempotency key, so a retry would act twice", "delete from idempotency_keys"],
    ["removes a member", "delete from members"],
    [
      "renumbers a member who has journals",
      "update members set id = gen_random_uuid() where id in (select member_id from journals)",
    ],
    // A table or function of its own would let the app fire a trigger it wrote, which could
    // move a balance past the guard that only lets nested (trigger) updates through.
    ["creates a table", "create table tamper (id int)"],
    ["creates a temporary table", "create temporary table tamper (id int)"],
    ["creates a function", "create function tamper() returns int language sql as 'select 1'"],
    ["takes the owner's role", "set role postgres"],
  ];

  it.each(tampering)("cannot do what %s: %s", async (_what, statement) => {
    const before = [await countOf("journals"), await countOf("entries"), await countOf("audit_log")];
    expect(before[0]).toBeGreaterThan(0);
    await expect(client.query(statement)).rejects.toThrow(
      /permission denied|must be owner|balances move only|append-only|refused/,
    );
    // Tried as the first statement of a session, then followed by an edit: still nothing changes.
    await expect(client.query("update journals set ref = 'tampered'")).rejects.toThrow(/permission denied/);
    expect([await countOf("journals"), await countOf("entries"), await countOf("audit_log")]).toEqual(before);
    const replica = await client.query<{ value: string }>(
      "select current_setting('session_replication_role') as value",
    );
    expect(ensureDefined(replica.rows[0], "the setting").value).toBe("origin");
  });

  it("leaves the ledger as the product wrote it", async () => {
    expect(isHealthy(await checkLedger(app.database.db))).toBe(true);
  });
});
