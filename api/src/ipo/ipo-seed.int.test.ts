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
import { demoApplicants } from "./ipo-seed.ts";

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
  it("start in every state, made through the operations service, the demo member a winner", async () => {
    const { db } = env.database;
    const config = testConfig({ UPLOAD_DIR: uploadDir });
    await seedDemo(db, nowMs);
    await seedDemoStaff(db, nowMs);
    await seedDemoMoney(db, nowMs);
    expect(await seedDemoNewShares(db, config, nowMs)).toBe(5);
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
    expect(await seedDemoNewShares(db, config, nowMs + 86_400_000)).toBe(0);
  });

  it("lists a new share that its applicants asked for, drew and paid for, so its entries are not empty", async () => {
    const ipo = new IpoService({ db: env.database.db, now: () => nowMs, events: () => undefined });
    const listed = ensureDefined(
      (await ipo.list()).find((offering) => offering.code === "5X5A"),
      "the listed demo offering",
    );
    const asked = demoApplicants.reduce((sum, applicant) => sum + applicant.units, 0);
    expect(listed).toMatchObject({ phase: "listed", members: demoApplicants.length, unitsAsked: asked });
    // Oversubscribed, as a share that trades above its offer price was.
    expect(listed.demandRatio).toBeGreaterThan(1);
    const { draw } = await ipo.detail(null, listed.id);
    expect(draw?.entries).toHaveLength(demoApplicants.length);
    expect(draw?.won).toHaveLength(listed.unitsOffered);
    // Every winner paid and holds the allotted shares; the rest were not drawn.
    const states = mapRows(
      await env.database.db.execute(sql`
        select state, count(*) as n, count(position_id) as positions from ipo_subscriptions
        where offering_id = ${Number(listed.id)} group by state order by state`),
      (row) => ({ state: row.text("state"), n: row.int("n"), positions: row.int("positions") }),
    );
    expect(states).toEqual([
      { state: "allotted", n: listed.unitsOffered, positions: listed.unitsOffered },
      { state: "lost", n: demoApplicants.length - listed.unitsOffered, positions: 0 },
    ]);
  });
});
