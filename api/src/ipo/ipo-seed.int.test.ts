import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { timelineDates, timelineFromMinutes } from "@kabuto/shared/ipo/rules";
import { ensureDefined } from "@kabuto/shared/market/assert";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkLedger, isHealthy } from "../books.ts";
import { mapRows } from "../db/raw-rows.ts";
import { seedDemo, seedDemoMoney, seedDemoNewShares, seedDemoStaff } from "../seed.ts";
import { openTestDatabase, testConfig } from "../testing/test-env.ts";
import { ipoProduct } from "./ipo.product.ts";
import { lockedAllotments } from "./ipo.repo.ts";
import { IpoService } from "./ipo.service.ts";
import { DemoOperator, demoOperatorStaff, demoTimedOffering, seedTimedOffering } from "./ipo-demo.ts";
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

  it("runs one new share's whole life on the demo time scale within the hour, each step once, in order, through the services", {
    timeout: 120_000,
  }, async () => {
    const { db } = env.database;
    // The crowd exists (the first test made it); the demo starts a little later.
    const startMs = nowMs + 120_000;
    let clock = startMs;
    const ipo = new IpoService({ db, now: () => clock, events: () => undefined });
    const minutes = ensureDefined(
      testConfig({ DEMO_IPO_TIMELINE: "2,15,18,20,35,40,55" }).DEMO_IPO_TIMELINE ?? undefined,
      "the demo time scale",
    );
    expect(await seedTimedOffering(db, ipo, minutes, startMs)).toBe(true);
    expect(await seedTimedOffering(db, ipo, minutes, startMs)).toBe(false);
    // A timeline that opens in the past is refused by the service, and nothing is made.
    const late = timelineFromMinutes(startMs - 5 * 60_000, minutes);
    await expect(
      ipo.create(
        {
          ...demoTimedOffering,
          code: "5X7A",
          name: { ...demoTimedOffering.name },
          ...timelineDates("JP", late),
        },
        null,
        { nowMs: startMs, ip: "" },
        late,
      ),
    ).rejects.toMatchObject({ code: "OFFERING_SCHEDULE_INVALID", details: { field: "bookOpenMs" } });
    const operator = new DemoOperator({ db, ipo, now: () => clock });
    const [demo] = mapRows(
      await db.execute(sql`select id from members where account = '09012345678'`),
      (row) => row.text("id"),
    );
    const offeringOf = async () =>
      ensureDefined(
        (await ipo.list()).find((offering) => offering.code === demoTimedOffering.code),
        "the timed offering",
      );
    const { id, dates } = await offeringOf();
    expect(dates).toMatchObject({ inMinutes: true, priceMs: startMs + 18 * 60_000 });
    const phases: string[] = [];
    const odds: number[] = [];
    // The test's clock walks the hour in half-minutes, the worker's two passes at each.
    for (; clock <= startMs + 60 * 60_000; clock += 30_000) {
      if (clock === startMs + 5 * 60_000) await ipo.subscribe(demo ?? "", id, { price: null, units: 1 });
      await operator.step();
      // A second pass at the same instant does nothing twice.
      expect(await operator.step()).toBe(0);
      await ipo.advance();
      const offering = await offeringOf();
      if (phases.at(-1) !== offering.phase) phases.push(offering.phase);
      if (offering.phase === "book") odds.push(offering.demandRatio);
    }
    expect(phases).toEqual(["scheduled", "book", "closed", "priced", "payment", "allotting", "listed"]);
    // The odds climbed as the crowd declared one after another, to a popular IPO's.
    expect(odds[0]).toBeLessThan(odds.at(-1) ?? 0);
    const everyone = demoApplicants.length + demoCrowd.length + 1;
    const offering = await offeringOf();
    expect(offering).toMatchObject({ members: everyone, offerPrice: demoTimedOffering.bandHigh });
    expect(offering.demandRatio).toBeGreaterThanOrEqual(20);

    // The demo admin's steps, once each and in order, audited as the demo admin.
    const admin = ensureDefined(await demoOperatorStaff(db), "the demo admin");
    const audits = mapRows(
      await db.execute(sql`
        select action, staff_id, at_ms from audit_log where target = ${`offering:${id}`} order by id`),
      (row) => ({ action: row.text("action"), staffId: row.text("staff_id"), atMs: row.int("at_ms") }),
    );
    expect(audits).toEqual([
      { action: "offering.create", staffId: admin.id, atMs: startMs },
      { action: "offering.price", staffId: admin.id, atMs: startMs + 18 * 60_000 },
      { action: "offering.draw", staffId: admin.id, atMs: startMs + 20 * 60_000 },
    ]);
    // The draw's entries are the members who declared; most lost; every winner of the crowd paid
    // and holds the allotted shares, locked up until the timeline's last instant.
    const { draw } = await ipo.detail(null, id);
    expect(draw?.entries).toHaveLength(everyone);
    const states = mapRows(
      await db.execute(sql`
        select s.state, s.member_id, s.units_won, p.locked_until_ms from ipo_subscriptions s
        left join positions p on p.id = s.position_id where s.offering_id = ${Number(id)}`),
      (row) => ({
        state: row.text("state"),
        memberId: row.text("member_id"),
        unitsWon: row.int("units_won"),
        lockedUntilMs: row.intOrNull("locked_until_ms"),
      }),
    );
    const allotted = states.filter((row) => row.state === "allotted");
    expect(allotted.reduce((sum, row) => sum + row.unitsWon, 0)).toBe(demoTimedOffering.unitsOffered);
    expect(allotted.every((row) => row.lockedUntilMs === startMs + 55 * 60_000)).toBe(true);
    // Locked while listed, sellable once the lock-up ends at 55 minutes.
    expect((await lockedAllotments(db, startMs + 54 * 60_000)).get(Number(id))).toHaveLength(allotted.length);
    expect((await lockedAllotments(db, startMs + 55 * 60_000)).has(Number(id))).toBe(false);
    expect(states.filter((row) => row.state === "lost").length).toBeGreaterThan(everyone * 0.9);
    // The demo member's own win, if they had one, waited for them to pay; it lapsed to the waitlist.
    expect(["lost", "waitlisted", "lapsed"]).toContain(states.find((row) => row.memberId === demo)?.state);
    // Listed: it joins every catalog and the feed, as any listing does.
    expect((await ipo.listings()).map((listing) => listing.symbol)).toContain(`JP:${demoTimedOffering.code}`);
    // The operator touched nothing else: the priced demo offering still awaits staff's draw.
    expect((await ipo.list()).find((each) => each.code === "5X3A")?.phase).toBe("priced");
    expect(isHealthy(await db.transaction((tx) => checkLedger(tx)))).toBe(true);
  });

  it("has no demo operator outside the demo time scale", () => {
    const jobsOf = (overrides: Record<string, string>) =>
      (
        ipoProduct.jobs?.({ ipo: {} as IpoService }, {
          config: testConfig(overrides),
          database: env.database,
          now: Date.now,
        } as never) ?? []
      ).map((job) => job.name);
    const demoMinutes = "2,15,18,20,35,40,55";
    expect(jobsOf({ DEMO_IPO_TIMELINE: "off" })).toEqual(["new shares"]);
    expect(jobsOf({ MARKET_HOURS: "real", DEMO_IPO_TIMELINE: demoMinutes })).toEqual(["new shares"]);
    expect(jobsOf({ DEMO_IPO_TIMELINE: demoMinutes })).toEqual(["new shares", "demo new share operator"]);
  });
});
