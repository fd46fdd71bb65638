import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createMemoryBus } from "@kabuto/bus";
import { createCatalog, createPgCandleStore } from "@kabuto/feed";
import { leadTextIn } from "@kabuto/shared/follow/lead-text";
import { ensureDefined } from "@kabuto/shared/market/assert";
import { priceToUnits } from "@kabuto/shared/market/ticks";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/database.ts";
import { members } from "../db/schema.ts";
import { InvitationsService } from "../rewards/invitations.service.ts";
import { demoMember, seedDemo, seedDemoMoney, seedDemoStaff } from "../seed.ts";
import { openTestDatabase, testConfig } from "../testing/test-env.ts";
import { TradingService } from "../trading/trading.service.ts";
import { FollowService, parseFollowTerms } from "./follow.service.ts";
import { demoCopiers, demoLeads, seedDemoLeads } from "./follow-seed.ts";

/** Thursday 26 November 2026, noon in Tokyo. */
const nowMs = Date.parse("2026-11-26T03:00:00Z");
const dayMs = 86_400_000;
/** Daily candles the feed would have back-filled: the 120 days each lead's strategy trades over. */
const historyDays = 120;

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
  // Each stock swings its own way: a wider swing, a longer one, a drift up or down.
  const rows = symbols.flatMap((symbol, index) =>
    Array.from({ length: historyDays }, (_, day) => {
      const swing = 100 + 40 * index;
      const drift = (index % 3) - 1;
      const price = String(2000 + drift * 4 * day + Math.round(swing * Math.sin(day / (3 + (index % 4)))));
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
    // The copiers joined a month before the first start, to copy the leads.
    const copiersJoined = invitees.filter((invitee) => invitee.registeredAtMs === nowMs - 30 * dayMs);
    expect(copiersJoined).toHaveLength(demoCopiers.length);
    const leads = invitees.filter((each) => !copiersJoined.includes(each));
    expect(leads).toHaveLength(demoLeads.length);
    for (const invitee of leads) {
      // Joined before the history they traded, not on the day the demo started.
      expect(invitee.registeredAtMs).toBeLessThan(historyStartMs);
      expect(invitee.rewardAtMs).not.toBeNull();
      expect(invitee.rewardAtMs).toBeGreaterThanOrEqual(invitee.registeredAtMs);
    }
  });

  it("fill a leaderboard: eight styles with their own risk, copiers and money behind them, in Japanese", async () => {
    const { db } = database;
    const follow = new FollowService({
      db,
      trading: new TradingService({
        db,
        catalog: createCatalog(),
        bus: createMemoryBus(),
        alwaysOpen: true,
        now: () => nowMs,
      }),
      now: () => nowMs,
      events: () => undefined,
      terms: parseFollowTerms(testConfig()),
    });
    const board = await follow.leaderboard({ period: "m12" });
    expect(board.length).toBeGreaterThanOrEqual(8);
    expect(new Set(board.map((lead) => lead.riskScore)).size).toBeGreaterThanOrEqual(3);
    expect(
      new Set(board.map((lead) => Math.round(lead.averageHoldingMs / dayMs))).size,
    ).toBeGreaterThanOrEqual(4);
    const copied = board.filter((lead) => lead.copiers > 0);
    expect(copied.length).toBeGreaterThanOrEqual(5);
    for (const lead of copied) expect(BigInt(lead.copying)).toBeGreaterThan(0n);
    expect(board.reduce((sum, lead) => sum + lead.copiers, 0)).toBeGreaterThanOrEqual(10);
    for (const lead of board) {
      // Japanese members writing for a Japanese broker: no English bio on a Japanese screen.
      expect(lead.bio).toMatch(/[\u3040-\u30ff]/);
      expect(lead.bio).not.toMatch(/[A-Za-z]{3}/);
      // ...and a nickname and bio written for each language's readers, none with another appended.
      const ja = leadTextIn(lead, "ja");
      expect(`${ja.nickname}${ja.bio}`).not.toMatch(/[A-Za-z]{3}/);
      const en = leadTextIn(lead, "en");
      expect(`${en.nickname} ${en.bio}`).toMatch(/^[\x20-\x7e]+$/);
      const zh = leadTextIn(lead, "zh-Hant");
      expect(`${zh.nickname}${zh.bio}`).toMatch(/[\u4e00-\u9fff]/);
      expect(`${zh.nickname}${zh.bio}`).not.toMatch(/[\u3040-\u30ff]|[A-Za-z]{3}/);
    }
    // A copier's list names the lead in the reader's language too.
    const [copier] = await db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.account, ensureDefined(demoCopiers[0], "a demo copier").account));
    const [copy] = await follow.copies(ensureDefined(copier, "the copier's row").id, "active");
    expect(copy?.nicknames?.en).toMatch(/^[\x20-\x7e]+$/);
  });
});
