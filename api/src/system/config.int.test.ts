import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { editableConfig, isValidConfigValue } from "./config.service.ts";

let app: TestApp;
let supervisor: Record<string, string>;
let reviewer: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp({ FUND_HOURS: "09:30-19:30", WITHDRAW_MIN: "JPY:1000,USD:10" });
  await seedDemo(app.database.db, Date.now());
  supervisor = (await signInStaff(app, "supervisor")).auth;
  reviewer = (await signInStaff(app, "reviewer")).auth;
});
afterAll(async () => {
  await app?.close();
});

const definition = (name: string) =>
  editableConfig.find((entry) => entry.name === name) as (typeof editableConfig)[number];

describe("isValidConfigValue", () => {
  it("takes http and https links, and an empty one to hide the link", () => {
    const url = definition("customerServiceUrl");
    expect(isValidConfigValue(url, "https://support.example.com/chat?lang=ja")).toBe(true);
    expect(isValidConfigValue(url, "http://line.me/R/ti/p/@kabuto")).toBe(true);
    expect(isValidConfigValue(url, "")).toBe(true);
    expect(isValidConfigValue(url, "/user/pj")).toBe(true);
  });

  it("refuses other schemes, credentials in links, control characters and overlong values", () => {
    const url = definition("onlineSupportUrl");
    for (const value of [
      "javascript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "ftp://files.example.com",
      "//example.com",
      "support.example.com",
      "/user/withdraw",
      "https://user:secret@example.com",
      `https://example.com/${"a".repeat(500)}`,
    ]) {
      expect(isValidConfigValue(url, value), value).toBe(false);
    }
    const title = definition("title");
    expect(isValidConfigValue(title, "")).toBe(false);
    expect(isValidConfigValue(title, "Kabuto\nSecurities")).toBe(false);
    expect(isValidConfigValue(title, "k".repeat(61))).toBe(false);
    expect(isValidConfigValue(title, "カブト証券")).toBe(true);
    const email = definition("supportEmail");
    expect(isValidConfigValue(email, "help@kabuto.co.jp")).toBe(true);
    expect(isValidConfigValue(email, "not an address")).toBe(false);
  });
});

async function counts() {
  const [row] = rowsOf(
    await app.database.db.execute(sql`
      select (select count(*)::int from audit_log) as audits,
        (select coalesce(json_agg(json_build_array(name, value) order by name), '[]')::text from config_entries) as entries`),
  );
  return row;
}

describe("public config", () => {
  it("shows only allow-listed entries with a value, and the hours and limits the servers enforce", async () => {
    // A row nobody allowed (a stray setting, or a secret put there by mistake) never leaves the server.
    await app.database.db.execute(
      sql`insert into config_entries (name, value) values ('smtpPassword', 'hunter2')`,
    );
    const config = await call(`${app.url}/config`, "GET");
    expect(config.status).toBe(200);
    const names = config.body.items.map((entry: { name: string }) => entry.name);
    expect(names).not.toContain("smtpPassword");
    expect(config.body.items).toEqual(
      expect.arrayContaining([
        { name: "title", value: expect.any(String) },
        { name: "fundHours", value: "09:30-19:30" },
        { name: "withdrawMin", value: "JPY:1000,USD:10" },
      ]),
    );
    for (const name of names) {
      expect([
        "title",
        "customerServiceUrl",
        "onlineSupportUrl",
        "supportEmail",
        "fundHours",
        "withdrawMin",
      ]).toContain(name);
    }
  });
});

describe("ops config", () => {
  it("lists the editable entries with their defaults and the enforced ones read-only", async () => {
    const list = await call(`${app.url}/ops/config`, "GET", undefined, supervisor);
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "title", kind: "text", editable: true, defaultValue: "Kabuto" }),
        expect.objectContaining({ name: "customerServiceUrl", kind: "url", editable: true }),
        expect.objectContaining({ name: "fundHours", value: "09:30-19:30", editable: false }),
      ]),
    );
    expect(list.body.items.map((entry: { name: string }) => entry.name)).not.toContain("smtpPassword");
  });

  it("sets an entry members then see, auditing before and after; the same value again writes nothing", async () => {
    const set = await call(
      `${app.url}/ops/config/customerServiceUrl`,
      "PUT",
      { value: "  https://support.kabuto.example/chat  " },
      supervisor,
    );
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      name: "customerServiceUrl",
      value: "https://support.kabuto.example/chat",
    });
    const config = await call(`${app.url}/config`, "GET");
    expect(config.body.items).toContainEqual({
      name: "customerServiceUrl",
      value: "https://support.kabuto.example/chat",
    });
    const audit = await call(
      `${app.url}/ops/audit?target=config:customerServiceUrl`,
      "GET",
      undefined,
      supervisor,
    );
    expect(audit.body.items[0]).toMatchObject({
      action: "config.set",
      before: { value: "" },
      after: { value: "https://support.kabuto.example/chat" },
    });
    const before = await counts();
    const again = await call(
      `${app.url}/ops/config/customerServiceUrl`,
      "PUT",
      { value: "https://support.kabuto.example/chat" },
      supervisor,
    );
    expect(again.status).toBe(200);
    expect(await counts()).toEqual(before);
    // Emptied, the link is hidden from members.
    await call(`${app.url}/ops/config/customerServiceUrl`, "PUT", { value: "" }, supervisor);
    const hidden = await call(`${app.url}/config`, "GET");
    expect(hidden.body.items.map((entry: { name: string }) => entry.name)).not.toContain(
      "customerServiceUrl",
    );
  });

  it("takes the app's online support chat as a link, which members then see", async () => {
    const set = await call(
      `${app.url}/ops/config/customerServiceUrl`,
      "PUT",
      { value: "/user/pj" },
      supervisor,
    );
    expect(set.status).toBe(200);
    const config = await call(`${app.url}/config`, "GET");
    expect(config.body.items).toContainEqual({ name: "customerServiceUrl", value: "/user/pj" });
    await call(`${app.url}/ops/config/customerServiceUrl`, "PUT", { value: "" }, supervisor);
  });

  const refusals: [string, string, unknown, string][] = [
    ["a name off the allow-list", "smtpPassword", { value: "x" }, "CONFIG_NAME_INVALID"],
    ["an enforced, read-only entry", "fundHours", { value: "always" }, "CONFIG_NAME_INVALID"],
    ["a javascript: link", "onlineSupportUrl", { value: "javascript:alert(1)" }, "CONFIG_LINK_INVALID"],
    ["a link that is not http(s)", "onlineSupportUrl", { value: "ftp://example.com" }, "CONFIG_LINK_INVALID"],
    ["a relative path", "customerServiceUrl", { value: "support/chat" }, "CONFIG_LINK_INVALID"],
    [
      "an app route not open to links",
      "customerServiceUrl",
      { value: "/user/withdraw" },
      "CONFIG_LINK_INVALID",
    ],
    ["an empty title", "title", { value: "  " }, "VALIDATION_FAILED"],
    ["an overlong title", "title", { value: "t".repeat(61) }, "VALIDATION_FAILED"],
    ["a value past the body bound", "title", { value: "t".repeat(2_001) }, "VALIDATION_FAILED"],
    ["a value that is not a string", "title", { value: 42 }, "VALIDATION_FAILED"],
    ["no value", "title", {}, "VALIDATION_FAILED"],
    ["an address that is not one", "supportEmail", { value: "support at kabuto" }, "VALIDATION_FAILED"],
  ];
  for (const [what, name, body, code] of refusals) {
    it(`refuses ${what} with ${code}, writing nothing`, async () => {
      const before = await counts();
      const response = await call(`${app.url}/ops/config/${name}`, "PUT", body, supervisor);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(code);
      expect(await counts()).toEqual(before);
    });
  }

  it("refuses reviewers and members, writing nothing", async () => {
    const member = await registerMember(app.url, app.database);
    const before = await counts();
    for (const auth of [reviewer, member.auth]) {
      expect((await call(`${app.url}/ops/config`, "GET", undefined, auth)).status).toBe(403);
      const put = await call(`${app.url}/ops/config/title`, "PUT", { value: "Hijacked" }, auth);
      expect(put.status).toBe(403);
      expect(put.body.error.code).toBe("FORBIDDEN");
    }
    expect(await counts()).toEqual(before);
  });
});
