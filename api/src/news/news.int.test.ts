import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows.ts";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { newsStatus } from "./news.service.ts";

let app: TestApp;
let supervisor: Record<string, string>;
let reviewer: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  await seedDemo(app.database.db, Date.now());
  supervisor = (await signInStaff(app, "supervisor")).auth;
  reviewer = (await signInStaff(app, "reviewer")).auth;
});
afterAll(async () => {
  await app?.close();
});

let serial = 0;

function item(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    kind: "announcement",
    title: {
      ja: `年末年始の営業 ${serial}`,
      en: `Year-end hours ${serial}`,
      "zh-Hant": `年末年始營業 ${serial}`,
    },
    body: {
      ja: "12月31日から1月3日まで入出金を休止します。",
      en: "Deposits and withdrawals pause from 31 December to 3 January.",
      "zh-Hant": "12月31日至1月3日暫停出入金。",
    },
    ...overrides,
  };
}

async function publish(body: unknown = item()) {
  const response = await call(`${app.url}/ops/news`, "POST", body, supervisor);
  expect(response.status).toBe(201);
  return response.body;
}

async function snapshot() {
  const [row] = rowsOf(
    await app.database.db.execute(sql`
      select (select count(*)::int from audit_log) as audits,
        (select coalesce(json_agg(n order by id), '[]')::text from news n) as news`),
  );
  return row;
}

describe("newsStatus", () => {
  it("is withdrawn once withdrawn, scheduled before its time, published after", () => {
    expect(newsStatus({ publishedAtMs: 100, withdrawnAtMs: null }, 50)).toBe("scheduled");
    expect(newsStatus({ publishedAtMs: 100, withdrawnAtMs: null }, 100)).toBe("published");
    expect(newsStatus({ publishedAtMs: 100, withdrawnAtMs: 150 }, 200)).toBe("withdrawn");
  });
});

describe("member news", () => {
  it("lists published items newest first with their titles in three languages, and opens one with its body", async () => {
    const older = await publish(item({ kind: "news" }));
    const newer = await publish();
    const list = await call(`${app.url}/news`, "GET");
    expect(list.status).toBe(200);
    const ids = list.body.items.map((entry: { id: string }) => entry.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(list.body.items[ids.indexOf(newer.id)]).toEqual({
      id: newer.id,
      kind: "announcement",
      title: newer.title,
      publishedAtMs: newer.publishedAtMs,
    });
    const one = await call(`${app.url}/news/${newer.id}`, "GET");
    expect(one.body).toEqual({
      id: newer.id,
      kind: "announcement",
      title: newer.title,
      body: newer.body,
      publishedAtMs: newer.publishedAtMs,
    });
    const onlyNews = await call(`${app.url}/news?kind=news`, "GET");
    expect(onlyNews.body.items.every((entry: { kind: string }) => entry.kind === "news")).toBe(true);
    expect(onlyNews.body.items.map((entry: { id: string }) => entry.id)).toContain(older.id);
  });

  it("pages with the cursor it returns", async () => {
    for (let i = 0; i < 3; i++) await publish();
    const first = await call(`${app.url}/news?limit=2`, "GET");
    expect(first.body.items).toHaveLength(2);
    expect(first.body.next).toMatch(/^\d+\.\d+$/);
    const second = await call(`${app.url}/news?limit=2&before=${first.body.next}`, "GET");
    const firstIds = first.body.items.map((entry: { id: string }) => entry.id);
    for (const entry of second.body.items) expect(firstIds).not.toContain(entry.id);
    expect(second.body.items[0].publishedAtMs).toBeLessThanOrEqual(first.body.items[1].publishedAtMs);
  });

  it("keeps a scheduled item hidden until its time", async () => {
    const scheduled = await publish(item({ publishedAtMs: Date.now() + 3_600_000 }));
    expect(scheduled.status).toBe("scheduled");
    const hidden = await call(`${app.url}/news`, "GET");
    expect(hidden.body.items.map((entry: { id: string }) => entry.id)).not.toContain(scheduled.id);
    expect((await call(`${app.url}/news/${scheduled.id}`, "GET")).body.error.code).toBe("NEWS_NOT_FOUND");
    app.advance(3_600_000);
    const shown = await call(`${app.url}/news/${scheduled.id}`, "GET");
    expect(shown.status).toBe(200);
  });

  it("answers NEWS_NOT_FOUND for unknown and malformed ids and VALIDATION_FAILED for a bad query", async () => {
    for (const id of ["999999", "abc", "1.5"]) {
      const response = await call(`${app.url}/news/${id}`, "GET");
      expect(response.status, id).toBe(404);
      expect(response.body.error.code, id).toBe("NEWS_NOT_FOUND");
    }
    for (const query of ["kind=ads", "before=yesterday", "limit=51"]) {
      expect((await call(`${app.url}/news?${query}`, "GET")).body.error.code, query).toBe(
        "VALIDATION_FAILED",
      );
    }
  });
});

describe("ops news", () => {
  it("publishes, audited with the staff member", async () => {
    const created = await publish();
    expect(created).toMatchObject({ status: "published", withdrawnAtMs: null });
    const audit = await call(`${app.url}/ops/audit?target=news:${created.id}`, "GET", undefined, supervisor);
    expect(audit.body.items[0]).toMatchObject({
      action: "news.create",
      after: { id: created.id },
      before: null,
    });
    expect(audit.body.items[0].staffLogin).toMatch(/^supervisor\./);
  });

  it("replaces an item's text, auditing before and after; the same text again writes nothing", async () => {
    const created = await publish();
    const changed = item({ title: { ja: "訂正", en: "Correction", "zh-Hant": "更正" } });
    const updated = await call(`${app.url}/ops/news/${created.id}`, "PUT", changed, supervisor);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ title: { en: "Correction" }, publishedAtMs: created.publishedAtMs });
    expect((await call(`${app.url}/news/${created.id}`, "GET")).body.title.en).toBe("Correction");
    const audit = await call(`${app.url}/ops/audit?target=news:${created.id}`, "GET", undefined, supervisor);
    expect(audit.body.items[0]).toMatchObject({
      action: "news.update",
      before: { title: created.title },
      after: { title: { en: "Correction" } },
    });
    const before = await snapshot();
    expect((await call(`${app.url}/ops/news/${created.id}`, "PUT", changed, supervisor)).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it("withdraws an item from members' screens with a reason; withdrawing again changes nothing", async () => {
    const created = await publish();
    const noReason = await call(`${app.url}/ops/news/${created.id}/withdraw`, "POST", {}, supervisor);
    expect(noReason.body.error.code).toBe("REASON_REQUIRED");
    const withdrawn = await call(
      `${app.url}/ops/news/${created.id}/withdraw`,
      "POST",
      { reason: "wrong dates" },
      supervisor,
    );
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: "withdrawn", withdrawnAtMs: expect.any(Number) });
    expect((await call(`${app.url}/news/${created.id}`, "GET")).body.error.code).toBe("NEWS_NOT_FOUND");
    const list = await call(`${app.url}/news?limit=50`, "GET");
    expect(list.body.items.map((entry: { id: string }) => entry.id)).not.toContain(created.id);
    const opsList = await call(`${app.url}/ops/news?limit=50`, "GET", undefined, supervisor);
    expect(opsList.body.items.find((entry: { id: string }) => entry.id === created.id)?.status).toBe(
      "withdrawn",
    );
    const audit = await call(`${app.url}/ops/audit?target=news:${created.id}`, "GET", undefined, supervisor);
    expect(audit.body.items[0]).toMatchObject({
      action: "news.withdraw",
      reason: "wrong dates",
      before: { status: "published" },
      after: { status: "withdrawn" },
    });
    const before = await snapshot();
    const again = await call(
      `${app.url}/ops/news/${created.id}/withdraw`,
      "POST",
      { reason: "again" },
      supervisor,
    );
    expect(again.body.withdrawnAtMs).toBe(withdrawn.body.withdrawnAtMs);
    expect(await snapshot()).toEqual(before);
  });

  const invalid: [string, unknown][] = [
    ["a missing language", item({ title: { ja: "題", en: "Title" } })],
    ["an empty language", item({ body: { ja: "本文", en: " ", "zh-Hant": "內文" } })],
    ["a title past 120 characters", item({ title: { ja: "題".repeat(121), en: "t", "zh-Hant": "題" } })],
    ["a body past 4,000 characters", item({ body: { ja: "本".repeat(4_001), en: "b", "zh-Hant": "內" } })],
    ["an unknown kind", item({ kind: "advert" })],
    ["a publication time more than a year ahead", item({ publishedAtMs: Date.now() + 400 * 86_400_000 })],
    ["a publication time that is not a number", item({ publishedAtMs: "tomorrow" })],
  ];
  for (const [what, body] of invalid) {
    it(`refuses ${what} with VALIDATION_FAILED, writing nothing`, async () => {
      const existing = await publish();
      const before = await snapshot();
      const created = await call(`${app.url}/ops/news`, "POST", body, supervisor);
      expect(created.status).toBe(400);
      expect(created.body.error.code).toBe("VALIDATION_FAILED");
      const updated = await call(`${app.url}/ops/news/${existing.id}`, "PUT", body, supervisor);
      expect(updated.body.error.code).toBe("VALIDATION_FAILED");
      expect(await snapshot()).toEqual(before);
    });
  }

  it("answers NEWS_NOT_FOUND for an unknown item, writing nothing", async () => {
    const before = await snapshot();
    expect((await call(`${app.url}/ops/news/999999`, "PUT", item(), supervisor)).body.error.code).toBe(
      "NEWS_NOT_FOUND",
    );
    const withdraw = await call(`${app.url}/ops/news/x/withdraw`, "POST", { reason: "r" }, supervisor);
    expect(withdraw.body.error.code).toBe("NEWS_NOT_FOUND");
    expect(await snapshot()).toEqual(before);
  });

  it("refuses reviewers and members on every ops news route, writing nothing", async () => {
    const existing = await publish();
    const member = await registerMember(app.url, app.database);
    const before = await snapshot();
    for (const auth of [reviewer, member.auth]) {
      const answers = [
        await call(`${app.url}/ops/news`, "GET", undefined, auth),
        await call(`${app.url}/ops/news`, "POST", item(), auth),
        await call(`${app.url}/ops/news/${existing.id}`, "PUT", item(), auth),
        await call(`${app.url}/ops/news/${existing.id}/withdraw`, "POST", { reason: "r" }, auth),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 403]);
    }
    expect(await snapshot()).toEqual(before);
  });
});
