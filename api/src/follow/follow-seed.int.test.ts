import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createCatalog, createPgCandleStore } from "@kabuto/feed";
import { ensureDefined } from "@kabuto/shared/market/assert";
import { priceToUnits } from "@kabuto/shared/market/ticks";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { members } from "../db/schema.ts";
import { InvitationsService } from "../rewards/invitations.service.ts";
import { demoMember, seedDemo, seedDemoMoney, seedDemoStaff } from "../seed.ts";
import { openTestDatabase, testConfig } from "../testing/test-env.ts";
import { demoLeads, seedDemoLeads } from "./follow-seed.ts";

/** Thursday 26 November 2026, noon in Tokyo. */
const nowMs = Date.parse("2026-11-26T03:00:00Z");
const dayMs = 86_400_000;
/** Daily candles the feed would have back-filled: enough for every lead's strategy to trade. */
const historyDays = 60;

let database: Database;
let drop: () => Promise<void>;
let uploadDir: string;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  uploadDir = await mkdtemp(path.join(tmpdir(), "kabuto-follow-seed-"));
});
afterAll(async () => {
  await drop?.();
  await rm(uploadDir, { recursive: true, force: true });
});

/** A wavy month or two of closes for each stock the leads trade, stored as the feed stores them. */
async function storeHistory(symbols: readonly string[]): Promise<number> {
  const firstDayMs = nowMs - historyDays * dayMs;
  const rows = symbols.flatMap((symbol) =>
    Array.from({ length: historyDays }, (_, day) => {
      const price = String(2000 + Math.round(200 * Math.sin(day / 4)));
      const units = ensureDefined(priceToUnits(price, "JP"), "a price on the grid");
      // Midnight in Tokyo, as the feed's daily candles begin.
      const t = firstDayMs + day * dayMs - 12 * 3_600_000;
      return {
        symbol,
        interval: "1d" as const,
        candle: { t, o: units, h: units, l: units, c: units, v: 100_000 },
      };
    }),
  );
  await createPgCandleStore(database.db).save(rows);
  return firstDayMs;
}

describe("the demo lead traders", () => {
  it("registered before they were funded, so their inviter's rewards come after they joined", async () => {
    const { db } = database;
    await seedDemo(db, nowMs);
    await seedDemoStaff(db, nowMs);
    await seedDemoMoney(db, nowMs);
    const catalog = createCatalog();
    const tokyo = catalog.instruments.filter((instrument) => instrument.market === "JP");
    const historyStartMs = await storeHistory(
      demoLeads.map((lead) => ensureDefined(tokyo[lead.pick], "a Tokyo stock").symbol),
    );
    const config = testConfig({ UPLOAD_DIR: uploadDir });
    await seedDemoLeads({ db, catalog, config, nowMs });

    const [demo] = await db.select().from(members).where(eq(members.account, demoMember.account));
    const invitations = new InvitationsService({ db, terms: { inviteRewardYen: 200, yearMaxYen: 10_000 } });
    const { invitees } = await invitations.list(ensureDefined(demo, "the demo member").id);
    expect(invitees).toHaveLength(demoLeads.length);
    for (const invitee of invitees) {
      // Joined before the history they traded, not on the day the demo started.
      expect(invitee.registeredAtMs).toBeLessThan(historyStartMs);
      expect(invitee.rewardAtMs).not.toBeNull();
      expect(invitee.rewardAtMs).toBeGreaterThanOrEqual(invitee.registeredAtMs);
    }
  });
});
