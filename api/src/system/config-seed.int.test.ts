import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapRows } from "../db/raw-rows.ts";
import { seedDemoStaff } from "../seed.ts";
import { openTestDatabase, testConfig } from "../testing/test-env.ts";
import { ConfigService } from "./config.service.ts";
import { seedDemoContactLink } from "./config-seed.ts";

const nowMs = Date.parse("2026-11-26T03:00:00Z");

let env: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  env = await openTestDatabase();
});
afterAll(async () => {
  await env?.drop();
});

async function audits() {
  return mapRows(
    await env.database.db.execute(sql`
      select a.action, a.before::text as before, a.after::text as after, s.login from audit_log a
      join staff s on s.id = a.staff_id where a.target = 'config:customerServiceUrl' order by a.id`),
    (row) => ({
      action: row.text("action"),
      before: row.text("before"),
      after: row.text("after"),
      login: row.text("login"),
    }),
  );
}

describe("the first start's customer-service link", () => {
  it("is set to the app's support chat by the demo admin, audited like a staff change, and only once", async () => {
    const { db } = env.database;
    const config = testConfig();
    const settings = new ConfigService({ db, config });
    // Without the demo admin there is no one to set it.
    expect(await seedDemoContactLink({ db, config, nowMs })).toBe(false);
    expect((await settings.publicEntries()).map((entry) => entry.name)).not.toContain("customerServiceUrl");

    await seedDemoStaff(db, nowMs);
    expect(await seedDemoContactLink({ db, config, nowMs })).toBe(true);
    expect(await settings.publicEntries()).toContainEqual({ name: "customerServiceUrl", value: "/user/pj" });
    const [audit] = await audits();
    expect(audit?.action).toBe("config.set");
    expect(audit?.login).toBe("admin");
    expect(JSON.parse(audit?.after ?? "{}")).toEqual({ value: "/user/pj" });

    // A link staff later cleared stays cleared on the next start.
    const admin = { id: "", login: "", name: "", role: "admin" as const };
    const [adminId] = mapRows(await db.execute(sql`select id from staff where login = 'admin'`), (row) =>
      row.text("id"),
    );
    await settings.set(
      settings.editable("customerServiceUrl"),
      "",
      { ...admin, id: adminId ?? "" },
      {
        nowMs,
        ip: "",
      },
    );
    expect(await seedDemoContactLink({ db, config, nowMs: nowMs + 60_000 })).toBe(false);
    expect((await settings.publicEntries()).map((entry) => entry.name)).not.toContain("customerServiceUrl");
    expect(await audits()).toHaveLength(2);
  });
});
