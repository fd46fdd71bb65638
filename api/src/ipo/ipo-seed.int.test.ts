import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ensureDefined } from "@kabuto/shared/market/assert";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { mapRows } from "../db/raw-rows.ts";
import { seedDemo, seedDemoMoney, seedDemoNewShares, seedDemoStaff } from "../seed.ts";
import { openTestDatabase, testConfig } from "../testing/test-env.ts";
import { IpoService } from "./ipo.service.ts";
import { demoApplicants, demoCrowd } from "./ipo-seed.ts";

/** Thursday 26 November 2026, noon in Tokyo. */
const nowMs = Date.parse("2026-11-26T03:00:00Z");

let env: Awaited<ReturnType<typeof openTestDatabase>>;
let uploadDir: string;

beforeAll(async () => {
  env = await openTestDatabase();
  uploadDir = await mkdtemp(path.join(tmpdir(), "kabuto-ipo-seed-"));
});
afterAll(async () => {
  await env?.drop();
  await rm(uploadDir, { recursive: true, force: true });
});

describe("the newcomer's new shares", () => {
  // Hundreds of members registered, verified and funded through the services: tens of seconds.
  it("start in every state, made through the operations service, the demo member a winner", {
    timeout: 180_000,
  }, async () => {
    const { db } = env.database;
    const config = testConfig({ UPLOAD_DIR: uploadDir });
    await seedDemo(db, nowMs);
    await seedDemoStaff(db, nowMs);
    await seedDemoMoney(db, nowMs);
    // What the demo member acts on at start, the crowded ones in the background.
    expect(await seedDemoNewShares(db, config, nowMs, "start")).toBe(3);
    const startedMs = Date.now();
    expect(await seedDemoNewShares(db, config, nowMs + 60_000, "history")).toBe(2);
    console.info(
      `the crowded demo new shares (${demoApplicants.length + demoCrowd.length} applicants) took ${Date.now() - startedMs} ms`,
    );
    const ipo = new IpoService({ db, now: () => nowMs, events: () => undefined });
    const offerings = await ipo.list();
    expect(offerings.map((o) => [o.code, o.phase]).sort()).toEqual([
      ["5X1A", "scheduled"],
      ["5X2A", "book"],
      ["5X3A", "priced"],
      ["5X4A", "payment"],
      ["5X5A", "listed"],
    ]);
    const [demo] = mapRows(
      await db.execute(sql`select id from members where account = '09012345678'`),
      (row) => row.text("id"),
    );
    const records = await ipo.records(demo ?? "");
    const stateOf = (code: string) => records.find((r) => r.code === code)?.state;
    expect(stateOf("5X2A")).toBeUndefined();
    expect(stateOf("5X3A")).toBe("declared");
    expect(stateOf("5X4A")).toBe("won");
    // Nothing moved the demo member's money: the win waits for them, the listing holds nothing of theirs.
    expect(stateOf("5X5A")).toBeUndefined();
    const [moved] = mapRows(
      await db.execute(
        sql`select count(*) as n from journals where kind like 'ipo_%' and member_id = ${demo ?? ""}`,
      ),
      (row) => row.int("n"),
    );
    expect(moved).toBe(0);
    expect((await ipo.listings()).map((l) => l.symbol)).toEqual(["JP:5X5A"]);
    // Every step wrote what operations and members write: audit rows and balanced journals.
    const [audits] = mapRows(
      await db.execute(sql`select count(*) as n from audit_log where action like 'offering.%'`),
      (row) => row.int("n"),
    );
    expect(audits).toBe(5 + 3 + 2);
    expect(isHealthy(await db.transaction((tx) => checkLedger(tx)))).toBe(true);
    // A second start adds nothing.
    expect(await seedDemoNewShares(db, config, nowMs + 86_400_000, "start")).toBe(0);
    expect(await seedDemoNewShares(db, config, nowMs + 86_400_000, "history")).toBe(0);
  });

  it("lists a new share that hundreds asked for, most of whom lost, so its odds and entries read like a real IPO's", async () => {
    const ipo = new IpoService({ db: env.database.db, now: () => nowMs, events: () => undefined });
    const offerings = await ipo.list();
    const listed = ensureDefined(
      offerings.find((offering) => offering.code === "5X5A"),
      "the listed demo offering",
    );
    const everyone = [...demoApplicants, ...demoCrowd];
    const asked = everyone.reduce((sum, applicant) => sum + applicant.units, 0);
    expect(everyone.length).toBeGreaterThanOrEqual(300);
    expect(listed).toMatchObject({ phase: "listed", members: everyone.length, unitsAsked: asked });
    // 倍率 in the tens, as a share that trades above its offer price was asked for.
    expect(listed.demandRatio).toBeGreaterThanOrEqual(10);
    const { draw } = await ipo.detail(null, listed.id);
    expect(draw?.entries).toHaveLength(everyone.length);
    const winners = draw?.won.length ?? 0;
    expect(winners).toBeGreaterThan(0);
    expect(winners).toBeLessThanOrEqual(listed.unitsOffered);
    // Every winner paid and holds the allotted shares; the rest lost or wait in line in vain.
    const states = mapRows(
      await env.database.db.execute(sql`
        select state, count(*) as n, count(position_id) as positions from ipo_subscriptions
        where offering_id = ${Number(listed.id)} group by state order by state`),
      (row) => ({ state: row.text("state"), n: row.int("n"), positions: row.int("positions") }),
    );
    const byState = new Map(states.map((row) => [row.state, row]));
    expect(byState.get("allotted")).toEqual({ state: "allotted", n: winners, positions: winners });
    const losers = (byState.get("lost")?.n ?? 0) + (byState.get("waitlisted")?.n ?? 0);
    expect(losers).toBe(everyone.length - winners);
    expect(losers).toBeGreaterThan(everyone.length * 0.9);

    // The one priced and awaiting its draw is asked for by the same crowd and the demo member.
    const priced = ensureDefined(
      offerings.find((offering) => offering.code === "5X3A"),
      "the priced demo offering",
    );
    expect(priced).toMatchObject({ phase: "priced", members: everyone.length + 1 });
    expect(priced.demandRatio).toBeGreaterThanOrEqual(50);
  });
});
