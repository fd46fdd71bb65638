import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mapRows } from "../db/raw-rows.ts";
import { checkLedger, isHealthy } from "../ledger/ledger-check.ts";
import { seedDemo, seedDemoNewShares } from "../seed.ts";
import { openTestDatabase } from "../testing/test-env.ts";
import { IpoService } from "./ipo.service.ts";

/** Thursday 26 November 2026, noon in Tokyo. */
const nowMs = Date.parse("2026-11-26T03:00:00Z");

let env: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  env = await openTestDatabase();
});
afterAll(async () => {
  await env?.drop();
});

describe("the newcomer's new shares", () => {
  it("start in every state, made through the operations service, the demo member a winner", async () => {
    const { db } = env.database;
    await seedDemo(db, nowMs);
    expect(await seedDemoNewShares(db, nowMs)).toBe(5);
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
      await db.execute(sql`select count(*) as n from journals where kind like 'ipo_%'`),
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
    expect(await seedDemoNewShares(db, nowMs + 86_400_000)).toBe(0);
  });
});
