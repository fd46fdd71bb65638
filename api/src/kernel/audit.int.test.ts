import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInStaff } from "../ops/members.fixtures.ts";
import { seedDemo } from "../seed.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";
import { recordAudit } from "./audit.ts";

const minuteMs = 60_000;
const dayMs = 86_400_000;
/** The rows one page of the audit log holds (audit.ts). */
const pageSize = 100;

let app: TestApp;
let supervisor: Record<string, string>;

beforeAll(async () => {
  app = await startTestApp();
  // The seeds record their own staff actions, as a first start does.
  await seedDemo(app.database.db, Date.now());
  supervisor = (await signInStaff(app, "supervisor")).auth;
});
afterAll(async () => {
  await app?.close();
});

/** Writes audit rows on `target` in the order given, each dated `atMs`; their ids, in that order. */
async function recordAt(target: string, times: number[]): Promise<string[]> {
  await app.database.db.transaction(async (tx) => {
    for (const atMs of times) await recordAudit(tx, { staffId: null, action: "member.flags", target, atMs });
  });
  const { body } = await call(
    `${app.url}/ops/audit?target=${encodeURIComponent(target)}`,
    "GET",
    undefined,
    supervisor,
  );
  // Ids rise in the order the rows were written.
  return body.items
    .map((entry: { id: string }) => entry.id)
    .sort((a: string, b: string) => Number(a) - Number(b));
}

interface Entry {
  id: string;
  atMs: number;
}

/** Newest first by time, the higher id first at the same time. */
function byTime(a: Entry, b: Entry): number {
  return b.atMs - a.atMs || Number(b.id) - Number(a.id);
}

async function page(query: string): Promise<Entry[]> {
  const answer = await call(`${app.url}/ops/audit${query}`, "GET", undefined, supervisor);
  expect(answer.status).toBe(200);
  return answer.body.items;
}

describe("the console's recent actions (the audit log)", () => {
  it("come newest first by when they happened, not by id, ties broken by id", async () => {
    const nowMs = Date.now();
    const target = "member:time-order";
    // Written in this order: an action an hour ahead, two dated yesterday (as a seed writes
    // them), one at the same millisecond as the first, one a minute after it.
    const times = [nowMs + 60 * minuteMs, nowMs - dayMs, nowMs - dayMs + minuteMs, nowMs + 60 * minuteMs];
    times.push(nowMs + 61 * minuteMs);
    const [first, yesterday, yesterdayLater, sameTime, latest] = await recordAt(target, times);

    const onTarget = await page(`?target=${encodeURIComponent(target)}`);
    expect(onTarget.map((entry) => entry.id)).toEqual([latest, sameTime, first, yesterdayLater, yesterday]);

    // The overview's list: these lead it, and every row stands in time order.
    const recent = await page("");
    expect(recent.slice(0, 3).map((entry) => entry.id)).toEqual([latest, sameTime, first]);
    expect(recent).toEqual([...recent].sort(byTime));
  });

  it("page on the same order, each action once", async () => {
    const nowMs = Date.now();
    const target = "member:paged";
    // More than two pages, dated out of the order they are written in, some at the same time.
    const times = Array.from(
      { length: 2 * pageSize + 30 },
      (_, index) => nowMs - ((index * 7919) % 97) * minuteMs,
    );
    await recordAt(target, times);
    const query = `?target=${encodeURIComponent(target)}`;
    const seen: Entry[] = [];
    let before: string | undefined;
    for (let pages = 0; pages < 4; pages += 1) {
      const items = await page(`${query}${before ? `&before=${before}` : ""}`);
      seen.push(...items);
      before = items.at(-1)?.id;
      if (items.length < pageSize) break;
    }
    expect(seen).toHaveLength(times.length);
    expect(new Set(seen.map((entry) => entry.id)).size).toBe(times.length);
    expect(seen).toEqual([...seen].sort(byTime));
  });
});
