import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { NewsItem, NewsSummary } from "@kabuto/shared/api/news";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows.ts";
import { runDemoSeeds } from "../testing/demo-seeds.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";

/** Thursday 26 November 2026, noon in Tokyo: the next weekday the NYSE closes is 3 days away. */
const nowMs = Date.parse("2026-11-26T03:00:00Z");

let app: TestApp;
let uploadDir: string;

beforeAll(async () => {
  app = await startTestApp({}, { startMs: nowMs });
  uploadDir = await mkdtemp(path.join(tmpdir(), "kabuto-news-seed-"));
});
afterAll(async () => {
  await app?.close();
  await rm(uploadDir, { recursive: true, force: true });
});

/** What Home and the news screens read, as a visitor reads it. */
async function published(kind: "news" | "announcement", limit = 50): Promise<NewsSummary[]> {
  const answer = await call(`${app.url}/news?kind=${kind}&limit=${limit}`, "GET");
  expect(answer.status).toBe(200);
  return answer.body.items;
}

const japanese = /[\u3040-\u30ff]/;
const han = /[\u4e00-\u9fff]/;

describe("the demo news on a first start", () => {
  it("publishes a dozen notices and headlines in three languages, written by the demo admin", async () => {
    await runDemoSeeds(app, "start", { nowMs, settings: { UPLOAD_DIR: uploadDir } });
    const notices = await published("announcement");
    const headlines = await published("news");
    expect(notices.length + headlines.length).toBeGreaterThanOrEqual(12);
    // Home's strip shows the newest notice, its list the newest three headlines.
    expect(notices.length).toBeGreaterThanOrEqual(5);
    expect(headlines.length).toBeGreaterThanOrEqual(3);

    for (const summary of [...notices, ...headlines]) {
      const item: NewsItem = (await call(`${app.url}/news/${summary.id}`, "GET")).body;
      for (const text of [item.title, item.body]) {
        expect(text.ja).toMatch(japanese);
        expect(text.en).not.toMatch(han);
        expect(text["zh-Hant"]).toMatch(han);
        expect(text["zh-Hant"]).not.toMatch(/[\u3040-\u309f]/);
        expect(new Set([text.ja, text.en, text["zh-Hant"]]).size).toBe(3);
      }
      expect(item.publishedAtMs).toBeLessThanOrEqual(nowMs);
    }
    const titles = notices.map((item) => item.title.en).join("\n");
    // The next weekday each exchange is closed after 26 November 2026: Thanksgiving is that day,
    // so the NYSE's next is Christmas Day; Tokyo's is its year-end closure.
    expect(titles).toContain("US markets closed on Fri, December 25, 2026");
    expect(titles).toContain("Tokyo Stock Exchange closed on Thu, December 31, 2026");
    // The invitation campaign states the reward the rewards terms pay.
    expect(titles).toContain("Invite a friend: ¥200 for every friend who joins");

    const audit = rowsOf(
      await app.database.db.execute(sql`
        select s.login from audit_log a join staff s on s.id = a.staff_id where a.action = 'news.create'`),
    );
    expect(audit).toHaveLength(notices.length + headlines.length);
    expect(new Set(audit.map((row) => row.login))).toEqual(new Set(["admin"]));
  });

  it("writes none again on a later start", async () => {
    const before = (await published("announcement")).length + (await published("news")).length;
    const reported = await runDemoSeeds(app, "start", {
      nowMs: nowMs + 60_000,
      settings: { UPLOAD_DIR: uploadDir },
    });
    expect(reported.get("news")).toEqual([]);
    expect((await published("announcement")).length + (await published("news")).length).toBe(before);
  });
});
