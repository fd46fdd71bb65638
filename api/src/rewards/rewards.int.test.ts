import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { rowsOf } from "../db/rows.ts";
import { balanceOf } from "../funding/funding-fixtures.ts";
import { seedDemo } from "../seed.ts";
import { registerMember } from "../testing/fixtures.ts";
import { call, startTestApp, type TestApp } from "../testing/test-app.ts";

/** 23:58 in Tokyo: two minutes before a new check-in day. */
const startMs = Date.parse("2026-06-10T14:58:00Z");
const minuteMs = 60_000;
const dayMs = 86_400_000;

let app: TestApp;

beforeAll(async () => {
  // Small terms so a test reaches each edge in a few days: 100 points to convert, points last
  // 20 days, ¥30 a year at most, reward cash held for 2 days.
  app = await startTestApp(
    { CHECKIN_TERMS: "10,40,10,100,20", REWARD_YEAR_MAX_JPY: "30", REWARD_HOLD_DAYS: "2" },
    { startMs },
  );
  await seedDemo(app.database.db, startMs);
});
afterAll(async () => {
  await app?.close();
});

const checkIn = (auth: Record<string, string>) => call(`${app.url}/rewards/check-in`, "POST", {}, auth);
const summary = async (auth: Record<string, string>) =>
  (await call(`${app.url}/rewards`, "GET", undefined, auth)).body;
const convert = (auth: Record<string, string>, headers: Record<string, string> = {}) =>
  call(`${app.url}/rewards/convert`, "POST", {}, { ...auth, ...headers });

async function ledgerHealthy(): Promise<boolean> {
  return isHealthy(await app.database.db.transaction((tx) => checkLedger(tx)));
}

describe("the daily check-in", () => {
  it("earns once per Tokyo day however many ask at once, and the day turns at Tokyo midnight", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    const answers = await Promise.all(Array.from({ length: 8 }, () => checkIn(auth)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.error?.code === "ALREADY_CHECKED_IN")).toHaveLength(7);
    expect(await summary(auth)).toMatchObject({
      today: "2026-06-10",
      checkedInToday: true,
      streak: 1,
      points: 10,
    });

    app.advance(3 * minuteMs);
    const next = await checkIn(auth);
    expect(next.body).toEqual({ date: "2026-06-11", streak: 2, earned: 10 });
    const [rows] = rowsOf(
      await app.database.db.execute(
        sql`select count(*)::int as n from checkins where member_id = ${memberId}`,
      ),
    );
    expect(rows?.n).toBe(2);
  });

  it("pays the weekly bonus on the seventh day in a row, and starts again after a missed day", async () => {
    const { auth } = await registerMember(app.url, app.database);
    const earned: number[] = [];
    for (let day = 0; day < 7; day += 1) {
      earned.push((await checkIn(auth)).body.earned);
      app.advance(dayMs);
    }
    expect(earned).toEqual([10, 10, 10, 10, 10, 10, 50]);
    app.advance(dayMs);
    expect((await checkIn(auth)).body).toMatchObject({ streak: 1, earned: 10 });
  });
});

describe("points into cash", () => {
  it("refuses too few points, pays whole yen from the house rewards account, caps the year, and holds the cash", async () => {
    const { auth, memberId } = await registerMember(app.url, app.database);
    await checkIn(auth);
    expect((await convert(auth)).body.error).toMatchObject({
      code: "CHECKIN_POINTS_TOO_FEW",
      details: { points: 10, minimum: 100 },
    });
    for (let day = 0; day < 9; day += 1) {
      app.advance(dayMs);
      await checkIn(auth);
    }
    // Ten days in a row: nine of 10 points and the seventh day's 50.
    expect((await summary(auth)).points).toBe(140);

    const key = { "idempotency-key": `convert-${memberId}` };
    const [first, again] = await Promise.all([convert(auth, key), convert(auth, key)]);
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(first.body).toMatchObject({ points: 140, yen: "14" });
    expect(await balanceOf(app.database, memberId, "available", "JPY")).toBe(14n);
    expect((await summary(auth)).points).toBe(0);

    // Just converted: the reward cash is held back from withdrawal for two days.
    const held = (await call(`${app.url}/withdrawable`, "GET", undefined, auth)).body.items[0];
    expect(held).toMatchObject({ available: "14", rewardsHeld: "14", withdrawable: "0" });
    app.advance(3 * dayMs);
    const free = (await call(`${app.url}/withdrawable`, "GET", undefined, auth)).body.items[0];
    expect(free).toMatchObject({ rewardsHeld: "0", withdrawable: "14" });

    // The year's cap is ¥30: ¥16 is left of it, whatever more the member earns (160 points here).
    for (let day = 0; day < 12; day += 1) {
      await checkIn(auth);
      app.advance(dayMs);
    }
    const capped = await convert(auth);
    expect(capped.body).toMatchObject({ yen: "16", points: 160 });
    expect((await convert(auth)).body.error.code).toBe("REWARD_YEAR_CAP_REACHED");
    expect(await ledgerHealthy()).toBe(true);
  });

  it("lets unused points expire after their life, oldest first", async () => {
    const { auth } = await registerMember(app.url, app.database);
    for (let day = 0; day < 3; day += 1) {
      await checkIn(auth);
      app.advance(dayMs);
    }
    expect((await summary(auth)).points).toBe(30);
    // Points last 20 days: 19 days after the first check-in all three count, 22 days after none.
    app.advance(16 * dayMs);
    expect((await summary(auth)).points).toBe(30);
    app.advance(3 * dayMs);
    expect((await summary(auth)).points).toBe(0);
  });
});

describe("the published reward terms", () => {
  it("tell a visitor, signed in or not, the invitation reward and the year's cap the house pays", async () => {
    const visitor = await call(`${app.url}/rewards/terms`, "GET");
    expect(visitor.status).toBe(200);
    // The default INVITE_REWARD_JPY (the spec's ¥200) and this suite's REWARD_YEAR_MAX_JPY.
    expect(visitor.body).toMatchObject({ inviteRewardYen: 200, yearMaxYen: 30, holdDays: 2 });
    const { auth } = await registerMember(app.url, app.database);
    expect((await summary(auth)).terms).toEqual(visitor.body);
  });
});
