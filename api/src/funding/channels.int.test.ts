import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { createChannel, fundingRowCounts } from "./funding-fixtures.ts";

let app: TestApp;
let supervisor: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
  supervisor = (await signInStaff(app, "supervisor")).auth;
});
afterAll(async () => {
  await app?.close();
});

const channel = {
  name: "USD wire",
  currency: "USD",
  accountName: "Kabuto Securities Co., Ltd.",
  accountNumber: "987654321",
  bankName: "MUFG Bank",
  branch: "New York",
  min: "100",
  max: "50000.50",
};

async function channelCount() {
  return (await call(`${app.url}/ops/recharge-channels`, "GET", undefined, supervisor)).body.items.length;
}

describe("recharge channels", () => {
  it("are added by a supervisor with limits in minor units of their currency, and audited", async () => {
    const created = await call(`${app.url}/ops/recharge-channels`, "POST", channel, supervisor);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name: "USD wire",
      names: null,
      currency: "USD",
      accountName: "Kabuto Securities Co., Ltd.",
      accountNumber: "987654321",
      bankName: "MUFG Bank",
      branch: "New York",
      min: "10000",
      max: "5000050",
      enabled: true,
    });
    const audit = await call(
      `${app.url}/ops/audit?target=recharge_channel:${created.body.id}`,
      "GET",
      undefined,
      supervisor,
    );
    expect(audit.body.items).toMatchObject([{ action: "channel.create", after: { name: "USD wire" } }]);
  });

  it("are replaced whole by an update, which can disable them, and audited with before and after", async () => {
    const id = await createChannel(app.url, supervisor);
    const updated = await call(
      `${app.url}/ops/recharge-channels/${id}`,
      "PUT",
      { ...channel, currency: "JPY", min: "5000", max: "1000000", enabled: false },
      supervisor,
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, currency: "JPY", min: "5000", max: "1000000", enabled: false });
    const audit = await call(
      `${app.url}/ops/audit?target=recharge_channel:${id}`,
      "GET",
      undefined,
      supervisor,
    );
    expect(audit.body.items[0]).toMatchObject({
      action: "channel.update",
      before: { enabled: true, min: "10000" },
      after: { enabled: false, min: "5000" },
    });
  });

  it("show members only the enabled ones", async () => {
    const enabled = await createChannel(app.url, supervisor, { name: "shown" });
    const disabled = await createChannel(app.url, supervisor, { name: "hidden", enabled: false });
    const { auth } = await registerMember(app.url, app.database);
    const list = await call(`${app.url}/recharge-channels`, "GET", undefined, auth);
    expect(list.status).toBe(200);
    const ids = list.body.items.map((item: { id: string }) => item.id);
    expect(ids).toContain(enabled);
    expect(ids).not.toContain(disabled);
    expect(list.body.items.every((item: { enabled: boolean }) => item.enabled)).toBe(true);
    expect((await call(`${app.url}/recharge-channels`, "GET")).status).toBe(401);
  });

  it("carry a name for each language's members, kept by an update that leaves them out and removed by null", async () => {
    const names = { ja: "三菱UFJ銀行 米ドル送金", en: "MUFG USD wire", "zh-Hant": "三菱日聯銀行 美元匯款" };
    const created = await call(`${app.url}/ops/recharge-channels`, "POST", { ...channel, names }, supervisor);
    expect(created.status).toBe(201);
    expect(created.body.names).toEqual(names);
    const id = created.body.id as string;
    const { auth } = await registerMember(app.url, app.database);
    const listed = await call(`${app.url}/recharge-channels`, "GET", undefined, auth);
    expect(listed.body.items.find((item: { id: string }) => item.id === id)?.names).toEqual(names);
    // An older console that knows no names replaces the rest and keeps them.
    const kept = await call(
      `${app.url}/ops/recharge-channels/${id}`,
      "PUT",
      { ...channel, branch: "Tokyo", enabled: true },
      supervisor,
    );
    expect(kept.body).toMatchObject({ branch: "Tokyo", names });
    const cleared = await call(
      `${app.url}/ops/recharge-channels/${id}`,
      "PUT",
      { ...channel, names: null, enabled: true },
      supervisor,
    );
    expect(cleared.body.names).toBeNull();
    const blank = await call(
      `${app.url}/ops/recharge-channels`,
      "POST",
      { ...channel, names: { ...names, en: " " } },
      supervisor,
    );
    expect(blank.status).toBe(400);
    expect(blank.body.error.code).toBe("VALIDATION_FAILED");
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["a missing name", { name: "" }, "VALIDATION_FAILED"],
    ["an unknown currency", { currency: "EUR" }, "CURRENCY_INVALID"],
    ["a missing account number", { accountNumber: undefined }, "VALIDATION_FAILED"],
    ["a zero minimum", { min: "0" }, "AMOUNT_INVALID"],
    ["a malformed maximum", { max: "lots" }, "AMOUNT_INVALID"],
    ["more decimals than the currency has", { min: "100.001" }, "AMOUNT_INVALID"],
    ["yen with decimals", { currency: "JPY", min: "100.5" }, "AMOUNT_INVALID"],
    ["a minimum above the maximum", { min: "60000", max: "50000" }, "AMOUNT_ABOVE_MAXIMUM"],
    ["a non-boolean enabled flag", { enabled: "yes" }, "VALIDATION_FAILED"],
  ];
  for (const [what, change, code] of invalid) {
    it(`refuse ${what} with ${code}, on create and on update, writing nothing`, async () => {
      const id = await createChannel(app.url, supervisor);
      const before = { ...(await fundingRowCounts(app.database)), channels: await channelCount() };
      const created = await call(
        `${app.url}/ops/recharge-channels`,
        "POST",
        { ...channel, ...change },
        supervisor,
      );
      expect(created.status).toBe(400);
      expect(created.body.error.code).toBe(code);
      const updated = await call(
        `${app.url}/ops/recharge-channels/${id}`,
        "PUT",
        { ...channel, enabled: true, ...change },
        supervisor,
      );
      expect(updated.body.error.code).toBe(code);
      expect({ ...(await fundingRowCounts(app.database)), channels: await channelCount() }).toEqual(before);
    });
  }

  it("need `enabled` on an update, so a form cannot re-enable a channel by leaving it out", async () => {
    const id = await createChannel(app.url, supervisor, { enabled: false });
    const updated = await call(`${app.url}/ops/recharge-channels/${id}`, "PUT", channel, supervisor);
    expect(updated.body.error.code).toBe("VALIDATION_FAILED");
  });

  it("answer an unknown or malformed id with CHANNEL_NOT_FOUND", async () => {
    for (const id of ["999999", "x1"]) {
      const updated = await call(
        `${app.url}/ops/recharge-channels/${id}`,
        "PUT",
        { ...channel, enabled: true },
        supervisor,
      );
      expect(updated.status).toBe(404);
      expect(updated.body.error.code).toBe("CHANNEL_NOT_FOUND");
    }
  });

  it("are managed by supervisors and admins only: reviewers and members get 403, strangers 401", async () => {
    const id = await createChannel(app.url, supervisor);
    const reviewer = (await signInStaff(app, "reviewer")).auth;
    const admin = (await signInStaff(app, "admin")).auth;
    const { auth: member } = await registerMember(app.url, app.database);
    const routes: [string, string, unknown][] = [
      ["GET", "/ops/recharge-channels", undefined],
      ["POST", "/ops/recharge-channels", channel],
      ["PUT", `/ops/recharge-channels/${id}`, { ...channel, enabled: true }],
    ];
    const before = { ...(await fundingRowCounts(app.database)), channels: await channelCount() };
    for (const [method, path, body] of routes) {
      for (const [who, headers, status, code] of [
        ["reviewer", reviewer, 403, "FORBIDDEN"],
        ["member", member, 403, "FORBIDDEN"],
        ["nobody", {}, 401, "STAFF_UNAUTHENTICATED"],
      ] as const) {
        const response = await call(`${app.url}${path}`, method, body, headers);
        expect({ who, path, status: response.status, code: response.body.error.code }).toEqual({
          who,
          path,
          status,
          code,
        });
      }
    }
    expect({ ...(await fundingRowCounts(app.database)), channels: await channelCount() }).toEqual(before);
    expect((await call(`${app.url}/ops/recharge-channels`, "GET", undefined, admin)).status).toBe(200);
  });
});
