import { randomBytes } from "node:crypto";
import { createMemoryBus } from "@kabuto/bus";
import type { LeadAvatar } from "@kabuto/shared/api/follow";
import type { InstrumentCatalog, UnitCandle } from "@kabuto/shared/market/catalog";
import { unitsToPrice } from "@kabuto/shared/market/ticks";
import { tradingUnit } from "@kabuto/shared/market/units";
import type { Book } from "@kabuto/shared/protocol/market-data";
import type { InstrumentSymbol } from "@kabuto/shared/symbols";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { AuthService } from "../auth/auth.service.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { mapRows } from "../db/raw-rows.ts";
import { staff } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { ChannelsService } from "../funding/channels.service.ts";
import { DepositsService } from "../funding/deposits.service.ts";
import { parseFundHours } from "../funding/fund-hours.ts";
import { KycService } from "../identity/kyc.service.ts";
import { DeviceTokens } from "../kernel/devices.ts";
import { CandlesRepo } from "../market/candles.repo.ts";
import { InvitationsService } from "../rewards/invitations.service.ts";
import { parseRewardTerms } from "../rewards/rewards.service.ts";
import { MemoryThrottleStore } from "../security/throttle.ts";
import { demoAdmin, demoMember } from "../seed.ts";
import { termsFromConfig } from "../trading/rules.ts";
import { TradingService } from "../trading/trading.service.ts";
import { UploadStore } from "../uploads/upload-store.ts";
import { FollowService, parseFollowTerms } from "./follow.service.ts";

/**
 * Lead traders for a newcomer to copy in embedded mode, whose records are real outputs of the
 * ledger: each is registered, verified and funded through the same services members and staff
 * use, then trades through the order service on the feed's back-filled daily closes, one
 * strategy each, with the clock set to each day. Their records are computed from those journals
 * like anyone's. Nothing here writes a row of its own.
 */

type Strategy = "momentum" | "reversion" | "index";

interface DemoLead {
  account: string;
  password: string;
  nickname: string;
  avatar: LeadAvatar;
  bio: string;
  strategy: Strategy;
  leverage: number;
  /** Which of the Tokyo instruments it trades, by its place in the catalog. */
  pick: number;
}

export const demoLeads: readonly DemoLead[] = [
  {
    account: "09011110001",
    password: "lead1234",
    nickname: "Momentum Fox",
    avatar: "fox",
    bio: "上昇が続く銘柄に乗り、勢いが消えたら降ります。Rides a rising stock, steps off when it stalls.",
    strategy: "momentum",
    leverage: 2,
    pick: 0,
  },
  {
    account: "09011110002",
    password: "lead1234",
    nickname: "Reversion Owl",
    avatar: "owl",
    bio: "下げすぎた銘柄を買い、平均に戻れば売ります。Buys a stock well under its average, sells at the mean.",
    strategy: "reversion",
    leverage: 1,
    pick: 1,
  },
  {
    account: "09011110003",
    password: "lead1234",
    nickname: "Index Turtle",
    avatar: "turtle",
    bio: "大型株を持ち続け、毎月入れ替えます。Holds a large stock and rebalances monthly, nothing more.",
    strategy: "index",
    leverage: 1,
    pick: 2,
  },
];

/** Trading days each lead's history covers, from the back-filled daily candles. */
const historyDays = 120;
const leadCapitalYen = 5_000_000;

/**
 * Seeds the demo leads once (only while no lead exists), after the feed has back-filled its
 * candles. Returns how many were seeded.
 */
export async function seedDemoLeads(deps: {
  db: Db;
  catalog: InstrumentCatalog;
  config: Config;
  nowMs: number;
}): Promise<number> {
  const { db, catalog, config, nowMs } = deps;
  const [existing] = mapRows(await db.execute(sql`select count(*) as n from lead_traders`), (row) =>
    row.int("n"),
  );
  if ((existing ?? 0) > 0) return 0;
  const [admin] = await db.select().from(staff).where(eq(staff.login, demoAdmin.login)).limit(1);
  const channel = (await new ChannelsService(db).list(false)).find((item) => item.currency === "JPY");
  if (!admin || admin.disabled || !channel) return 0;
  const actor = { id: admin.id, login: admin.login, name: admin.name, role: admin.role };
  const context = { nowMs, ip: "" };
  const uploads = new UploadStore(config.uploadDir);
  const invitations = new InvitationsService({ db, terms: parseRewardTerms(config) });
  const auth = new AuthService({
    db,
    throttle: new MemoryThrottleStore(),
    sms: { send: async () => undefined },
    // The seed's registrations hand device tokens to no device: a key of its own, then forgotten.
    devices: new DeviceTokens(randomBytes(32).toString("base64url")),
    logger: { warn: () => undefined },
    inviteRequired: true,
    registrationsPerAddress: 100,
  });
  const kyc = new KycService({ db, uploads, invitations });
  const candles = new CandlesRepo(db);
  const tokyo = catalog.instruments.filter((instrument) => instrument.market === "JP");
  let seeded = 0;
  for (const lead of demoLeads) {
    const instrument = tokyo[lead.pick];
    if (!instrument) continue;
    const days = await candles.history(instrument.symbol, "1d", nowMs, historyDays);
    if (days.length < 30) continue;
    const startMs = (days[0]?.t ?? nowMs) - 86_400_000;
    let memberId: string;
    try {
      const registered = await auth.register(
        {
          account: lead.account,
          password: lead.password,
          passwordConfirm: lead.password,
          inviteCode: demoMember.inviteCode,
          acceptTerms: true,
        },
        context,
      );
      memberId = registered.member.id;
    } catch (error) {
      if (error instanceof AppError && error.code === "ACCOUNT_EXISTS") continue;
      throw error;
    }
    const applied = await kyc.submit(
      memberId,
      {
        documentType: "driving_licence",
        name: "デモ リード",
        nameKana: "デモ リード",
        idNumber: "123456789012",
      },
      { front: await photo("front.jpg"), back: await photo("back.jpg") },
      nowMs,
    );
    const applicationId = applied.replayed ? undefined : applied.value.application?.id;
    if (!applicationId) throw new Error("a demo lead's verification was not recorded");
    await kyc.review(applicationId, { decision: "approve" }, actor, context);
    // The money arrives the day before the history starts, as a deposit staff approve.
    const deposits = new DepositsService({
      db,
      uploads,
      now: () => startMs,
      events: () => undefined,
      fundHours: parseFundHours("always"),
      invitations,
    });
    for (let left = leadCapitalYen; left > 0; left -= Number(channel.max)) {
      const amount = String(Math.min(left, Number(channel.max)));
      const deposit = await deposits.submit(
        memberId,
        { channelId: channel.id, amount },
        await photo("receipt.jpg"),
      );
      if (deposit.replayed) throw new Error("a demo lead's deposit was not recorded");
      await deposits.review(deposit.value.id, { decision: "approve" }, actor, { nowMs: startMs, ip: "" });
    }
    await tradeHistory(db, catalog, config, memberId, instrument.symbol, lead, days);
    const follow = new FollowService({
      db,
      trading: new TradingService({
        db,
        catalog,
        bus: createMemoryBus(),
        alwaysOpen: true,
        now: () => nowMs,
      }),
      now: () => nowMs,
      events: () => undefined,
      terms: parseFollowTerms(config),
    });
    try {
      await follow.apply(memberId, {
        nickname: lead.nickname,
        avatar: lead.avatar,
        bio: lead.bio,
        currency: "JPY",
      });
    } catch (error) {
      // A strategy that closed too few trades over the history is not offered as a lead.
      if (error instanceof AppError && error.code === "LEAD_HISTORY_TOO_SHORT") continue;
      throw error;
    }
    await follow.review(memberId, { decision: "approve" }, actor, context);
    seeded += 1;
  }
  return seeded;
}

/**
 * Plays the lead's strategy over the daily closes through the order service: a private bus
 * holds a book at each day's close, and the service's clock is that day's close.
 */
async function tradeHistory(
  db: Db,
  catalog: InstrumentCatalog,
  config: Config,
  memberId: string,
  symbol: InstrumentSymbol,
  lead: DemoLead,
  days: readonly UnitCandle[],
): Promise<void> {
  const bus = createMemoryBus();
  let clock = days[0]?.t ?? 0;
  const trading = new TradingService({
    db,
    catalog,
    bus,
    alwaysOpen: true,
    now: () => clock,
    terms: termsFromConfig(config),
  });
  const unit = tradingUnit.JP;
  let holding: string | undefined;
  let heldDays = 0;
  const closes: number[] = [];
  let seq = 0;
  for (const day of days) {
    // 15:00 in Tokyo: the day's close.
    clock = day.t + 6 * 3_600_000;
    closes.push(day.c);
    const price = unitsToPrice(day.c, "JP");
    seq += 1;
    const book: Book = { symbol, bids: [{ price, size: 10_000_000 }], asks: [{ price, size: 10_000_000 }] };
    bus.publish([{ topic: `book:${symbol}`, epoch: "seed", seq, ts: clock, data: book }]);
    const signal = signalOf(lead.strategy, closes, heldDays);
    if (holding) heldDays += 1;
    if (holding && (signal === "exit" || signal === "rebalance")) {
      await trading.closePosition(memberId, holding);
      holding = undefined;
      heldDays = 0;
    }
    if (!holding && (signal === "enter" || signal === "rebalance")) {
      const account = await trading.account(memberId);
      const cash = Number(account.balances.find((b) => b.currency === "JPY")?.available ?? "0");
      const quantity = Math.floor((cash * 0.5 * lead.leverage) / Number(price) / unit) * unit;
      if (quantity <= 0) continue;
      const order = await trading.placeOrder(memberId, {
        symbol,
        side: "long",
        type: "market",
        quantity,
        leverage: lead.leverage,
        session: "regular",
        dayTrade: false,
      });
      if (!order.replayed) holding = order.value.positionId ?? undefined;
    }
  }
}

/** One strategy's call for the day, from the closes so far (the newest last). */
function signalOf(
  strategy: Strategy,
  closes: readonly number[],
  heldDays: number,
): "enter" | "exit" | "rebalance" | "hold" {
  const n = closes.length;
  const last = closes[n - 1] ?? 0;
  if (strategy === "momentum") {
    if (n < 6) return "hold";
    return last > (closes[n - 6] ?? last) ? "enter" : "exit";
  }
  if (strategy === "reversion") {
    if (n < 20) return "hold";
    const mean = closes.slice(-20).reduce((sum, close) => sum + close, 0) / 20;
    if (last < mean * 0.98) return "enter";
    return last > mean ? "exit" : "hold";
  }
  if (n === 1) return "enter";
  return heldDays >= 20 ? "rebalance" : "hold";
}

async function photo(name: string): Promise<Express.Multer.File> {
  const buffer = await sharp({
    create: { width: 320, height: 200, channels: 3, background: { r: 180, g: 190, b: 200 } },
  })
    .jpeg()
    .toBuffer();
  return { buffer, size: buffer.length, originalname: name, mimetype: "image/jpeg" } as Express.Multer.File;
}
