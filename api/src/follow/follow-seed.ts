import { createMemoryBus } from "@kabuto/bus";
import type { LeadAvatar, LeadTranslations } from "@kabuto/shared/api/follow";
import type { InstrumentCatalog, UnitCandle } from "@kabuto/shared/market/catalog";
import { unitsToPrice } from "@kabuto/shared/market/ticks";
import { tradingUnit } from "@kabuto/shared/market/units";
import type { Book } from "@kabuto/shared/protocol/market-data";
import type { InstrumentSymbol } from "@kabuto/shared/symbols";
import { eq, sql } from "drizzle-orm";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { mapRows } from "../db/raw-rows.ts";
import { staff } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { ChannelsService } from "../funding/channels.service.ts";
import { CandlesRepo } from "../market/candles.repo.ts";
import { demoAdmin, demoMember } from "../seed.ts";
import { type DemoPerson, seedFundedMember } from "../seed-members.ts";
import { termsFromConfig } from "../trading/rules.ts";
import { TradingService } from "../trading/trading.service.ts";
import { FollowService, parseFollowTerms } from "./follow.service.ts";

/**
 * Lead traders for a newcomer to copy in embedded mode, whose records are real outputs of the
 * ledger: each is registered, verified and funded through the same services members and staff
 * use (the day before its history starts), then trades through the order service on the feed's back-filled daily closes, one
 * strategy each, with the clock set to each day. Their records are computed from those journals
 * like anyone's. Nothing here writes a row of its own.
 */

/**
 * How each lead trades: follows a short or a slow trend, buys dips, holds and rebalances, trades
 * swings of a few days, or buys breakouts to a new high.
 */
type Strategy = "momentum" | "trend" | "reversion" | "swing" | "index" | "breakout";

interface DemoLead {
  account: string;
  password: string;
  /** Its member's own words, in Japanese: they are members of a Japanese broker. */
  nickname: string;
  /** The nickname and bio written for each language's members, as a lead serving readers of three languages would. */
  translations: LeadTranslations;
  avatar: LeadAvatar;
  bio: string;
  name: string;
  nameKana: string;
  strategy: Strategy;
  leverage: number;
  /** Which of the Tokyo instruments it trades, by its place in the catalog. */
  pick: number;
}

/**
 * Eight leads, one style each, on different stocks and leverage, so their records, holding times
 * and risk scores differ as a real leaderboard's do (the highest-risk ones may be hidden from new
 * copiers by the risk rule, as any lead would be).
 */
export const demoLeads: readonly DemoLead[] = [
  {
    account: "09011110001",
    password: "lead1234",
    nickname: "波乗りギツネ",
    translations: {
      nickname: { ja: "波乗りギツネ", en: "Surfing Fox", "zh-Hant": "衝浪狐" },
      bio: {
        ja: "上昇が続く銘柄に乗り、勢いが消えたら降ります。5営業日の値動きで判断し、レバレッジは2倍まで。",
        en: "Rides stocks that keep rising and steps off when the momentum fades. Decides on five trading days of moves; leverage up to 2x.",
        "zh-Hant": "搭上持續上漲的個股，動能消退就下車。以 5 個交易日的走勢判斷，槓桿最多 2 倍。",
      },
    },
    avatar: "fox",
    bio: "上昇が続く銘柄に乗り、勢いが消えたら降ります。5営業日の値動きで判断し、レバレッジは2倍まで。",
    name: "北村 健",
    nameKana: "キタムラ ケン",
    strategy: "momentum",
    leverage: 2,
    pick: 0,
  },
  {
    account: "09011110002",
    password: "lead1234",
    nickname: "逆張りフクロウ",
    translations: {
      nickname: { ja: "逆張りフクロウ", en: "Contrarian Owl", "zh-Hant": "逆勢貓頭鷹" },
      bio: {
        ja: "20日平均を大きく下回った銘柄を買い、平均に戻ったら売ります。レバレッジは使いません。",
        en: "Buys stocks that fall well below their 20-day average and sells when they return to it. No leverage.",
        "zh-Hant": "買進大幅跌破 20 日均線的個股，回到均線即賣出。不使用槓桿。",
      },
    },
    avatar: "owl",
    bio: "20日平均を大きく下回った銘柄を買い、平均に戻ったら売ります。レバレッジは使いません。",
    name: "森田 彩",
    nameKana: "モリタ アヤ",
    strategy: "reversion",
    leverage: 1,
    pick: 1,
  },
  {
    account: "09011110003",
    password: "lead1234",
    nickname: "長期投資のカメ",
    translations: {
      nickname: { ja: "長期投資のカメ", en: "Long-Haul Turtle", "zh-Hant": "長線烏龜" },
      bio: {
        ja: "大型株を持ち続け、月に一度だけ入れ替えます。売買は少なく、ゆっくり増やす運用です。",
        en: "Holds large caps and rebalances once a month. Few trades, slow and steady growth.",
        "zh-Hant": "長抱大型股，每月只調整一次持股。交易少，穩健慢慢累積。",
      },
    },
    avatar: "turtle",
    bio: "大型株を持ち続け、月に一度だけ入れ替えます。売買は少なく、ゆっくり増やす運用です。",
    name: "亀井 修",
    nameKana: "カメイ オサム",
    strategy: "index",
    leverage: 1,
    pick: 2,
  },
  {
    account: "09011110004",
    password: "lead1234",
    nickname: "鶴のスイング",
    translations: {
      nickname: { ja: "鶴のスイング", en: "Crane Swing", "zh-Hant": "白鶴波段" },
      bio: {
        ja: "数日の押し目を拾い、3営業日以内に利益確定か撤退。短期のスイングトレードが中心です。",
        en: "Buys dips of a few days and takes profit or exits within three trading days. Mostly short swing trades.",
        "zh-Hant": "承接數日的回檔，3 個交易日內停利或出場。以短線波段交易為主。",
      },
    },
    avatar: "crane",
    bio: "数日の押し目を拾い、3営業日以内に利益確定か撤退。短期のスイングトレードが中心です。",
    name: "鶴田 真理",
    nameKana: "ツルタ マリ",
    strategy: "swing",
    leverage: 1,
    pick: 3,
  },
  {
    account: "09011110005",
    password: "lead1234",
    nickname: "慎重派のクマ",
    translations: {
      nickname: { ja: "慎重派のクマ", en: "Careful Bear", "zh-Hant": "謹慎熊" },
      bio: {
        ja: "20営業日の流れが上向きの間だけ持ちます。下向きに変わればすぐ手仕舞い、損失を小さく抑えます。",
        en: "Holds only while the 20-day trend points up, exits as soon as it turns down, and keeps losses small.",
        "zh-Hant": "只在 20 個交易日趨勢向上時持有，一轉向下立即出場，將虧損控制在最小。",
      },
    },
    avatar: "bear",
    bio: "20営業日の流れが上向きの間だけ持ちます。下向きに変わればすぐ手仕舞い、損失を小さく抑えます。",
    name: "熊谷 大輔",
    nameKana: "クマガイ ダイスケ",
    strategy: "trend",
    leverage: 1,
    pick: 4,
  },
  {
    account: "09011110006",
    password: "lead1234",
    nickname: "鯉の滝登り",
    translations: {
      nickname: { ja: "鯉の滝登り", en: "Leaping Koi", "zh-Hant": "鯉躍龍門" },
      bio: {
        ja: "20日高値を更新した銘柄に飛び乗ります。10日安値を割ったら撤退。レバレッジ2倍の攻めの運用です。",
        en: "Jumps on stocks that make a new 20-day high and exits below the 10-day low. Aggressive, at 2x leverage.",
        "zh-Hant": "搭上創 20 日新高的個股，跌破 10 日低點即出場。槓桿 2 倍的積極操作。",
      },
    },
    avatar: "koi",
    bio: "20日高値を更新した銘柄に飛び乗ります。10日安値を割ったら撤退。レバレッジ2倍の攻めの運用です。",
    name: "鯉沼 翔",
    nameKana: "コイヌマ ショウ",
    strategy: "breakout",
    leverage: 2,
    pick: 5,
  },
  {
    account: "09011110007",
    password: "lead1234",
    nickname: "猛虎の短期勝負",
    translations: {
      nickname: { ja: "猛虎の短期勝負", en: "Tiger Sprint", "zh-Hant": "猛虎短打" },
      bio: {
        ja: "3営業日の勢いに最大レバレッジ3倍で乗ります。値動きは大きく、リスクの高い運用です。",
        en: "Rides three-day momentum at up to 3x leverage. Big swings, high risk.",
        "zh-Hant": "以最高 3 倍槓桿搭上 3 個交易日的動能。波動大，屬高風險操作。",
      },
    },
    avatar: "tiger",
    bio: "3営業日の勢いに最大レバレッジ3倍で乗ります。値動きは大きく、リスクの高い運用です。",
    name: "虎井 剛",
    nameKana: "トライ ツヨシ",
    strategy: "momentum",
    leverage: 3,
    pick: 6,
  },
  {
    account: "09011110008",
    password: "lead1234",
    nickname: "鷹の目リバーサル",
    translations: {
      nickname: { ja: "鷹の目リバーサル", en: "Hawk-Eye Reversal", "zh-Hant": "鷹眼反轉" },
      bio: {
        ja: "急落した銘柄をレバレッジ2倍で拾い、20日平均への戻りで売ります。押し目買い一本の運用です。",
        en: "Buys sharp drops at 2x leverage and sells on the return to the 20-day average. Buying dips, nothing else.",
        "zh-Hant": "以 2 倍槓桿承接急跌個股，回到 20 日均線即賣出。專做逢低買進。",
      },
    },
    avatar: "hawk",
    bio: "急落した銘柄をレバレッジ2倍で拾い、20日平均への戻りで売ります。押し目買い一本の運用です。",
    name: "高橋 恵",
    nameKana: "タカハシ メグミ",
    strategy: "reversion",
    leverage: 2,
    pick: 7,
  },
];

/** Members who copy the leads: each puts money behind a few, so the leaderboard shows copiers and money. */
export const demoCopiers: readonly (DemoPerson & { copies: readonly { lead: number; yen: number }[] })[] = [
  {
    account: "09022220001",
    password: "copy1234",
    name: "田中 美咲",
    nameKana: "タナカ ミサキ",
    copies: [
      { lead: 2, yen: 500_000 },
      { lead: 1, yen: 200_000 },
      { lead: 4, yen: 300_000 },
    ],
  },
  {
    account: "09022220002",
    password: "copy1234",
    name: "鈴木 一郎",
    nameKana: "スズキ イチロウ",
    copies: [
      { lead: 0, yen: 1_000_000 },
      { lead: 2, yen: 300_000 },
      { lead: 5, yen: 150_000 },
    ],
  },
  {
    account: "09022220003",
    password: "copy1234",
    name: "高木 由美",
    nameKana: "タカギ ユミ",
    copies: [
      { lead: 2, yen: 800_000 },
      { lead: 3, yen: 100_000 },
    ],
  },
  {
    account: "09022220004",
    password: "copy1234",
    name: "中村 陽介",
    nameKana: "ナカムラ ヨウスケ",
    copies: [
      { lead: 0, yen: 250_000 },
      { lead: 1, yen: 400_000 },
      { lead: 7, yen: 50_000 },
    ],
  },
  {
    account: "09022220005",
    password: "copy1234",
    name: "小林 さくら",
    nameKana: "コバヤシ サクラ",
    copies: [
      { lead: 2, yen: 1_200_000 },
      { lead: 4, yen: 600_000 },
      { lead: 6, yen: 30_000 },
    ],
  },
];

/** What each copier deposits: enough for every copy it starts. */
const copierCapitalYen = 3_000_000;
/** Copiers joined a month before the first start and start their copies on it. */
const copierJoinedMs = 30 * 86_400_000;
/** A copy stops when it has lost this share of its money: a middling choice among the allowed. */
const copyStopLossPct = 30;

const dayMs = 86_400_000;
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
  const candles = new CandlesRepo(db);
  const tokyo = catalog.instruments.filter((instrument) => instrument.market === "JP");
  const follow = new FollowService({
    db,
    trading: new TradingService({ db, catalog, bus: createMemoryBus(), alwaysOpen: true, now: () => nowMs }),
    now: () => nowMs,
    events: () => undefined,
    terms: parseFollowTerms(config),
  });
  const leadIds = new Map<number, string>();
  for (const [index, lead] of demoLeads.entries()) {
    const instrument = tokyo[lead.pick];
    if (!instrument) continue;
    const days = await candles.history(instrument.symbol, "1d", nowMs, historyDays);
    if (days.length < 30) continue;
    const startMs = (days[0]?.t ?? nowMs) - dayMs;
    // Registered, verified and funded the day before the history starts, not today: they joined
    // with the demo member's code, whose invitation reward is paid with their first deposit, and
    // a reward months before its invitee registered is a record no member could have.
    const memberId = await seedFundedMember(
      { db, config, admin: actor, channel },
      {
        account: lead.account,
        password: lead.password,
        name: lead.name,
        nameKana: lead.nameKana,
        inviteCode: demoMember.inviteCode,
      },
      { registeredAtMs: startMs, fundedAtMs: startMs },
      leadCapitalYen,
    );
    if (memberId === undefined) continue;
    await tradeHistory(db, catalog, config, memberId, instrument.symbol, lead, days);
    try {
      await follow.apply(memberId, {
        nickname: lead.nickname,
        avatar: lead.avatar,
        bio: lead.bio,
        translations: lead.translations,
        currency: "JPY",
      });
    } catch (error) {
      // A strategy that closed too few trades over the history is not offered as a lead.
      if (error instanceof AppError && error.code === "LEAD_HISTORY_TOO_SHORT") continue;
      throw error;
    }
    await follow.review(memberId, { decision: "approve" }, actor, context);
    leadIds.set(index, memberId);
  }
  // The longest period the terms offer, so the copies outlast a demo's first weeks.
  const periodDays = Math.max(...parseFollowTerms(config).periods);
  await seedCopiers({ db, config, admin: actor, channel }, follow, leadIds, { nowMs, periodDays });
  return leadIds.size;
}

/**
 * The copiers: members who joined a month ago and put money behind a few leads each, through
 * the members' own copy service, copying the leads' open positions too. A lead the risk rule
 * hides from new copiers is skipped, as the service would refuse any member.
 */
async function seedCopiers(
  deps: Parameters<typeof seedFundedMember>[0],
  follow: FollowService,
  leadIds: ReadonlyMap<number, string>,
  when: { nowMs: number; periodDays: number },
): Promise<void> {
  const { nowMs, periodDays } = when;
  for (const copier of demoCopiers) {
    const joinedMs = nowMs - copierJoinedMs;
    const memberId = await seedFundedMember(
      deps,
      { ...copier, inviteCode: demoMember.inviteCode },
      { registeredAtMs: joinedMs, fundedAtMs: joinedMs },
      copierCapitalYen,
    );
    if (memberId === undefined) continue;
    for (const copy of copier.copies) {
      const leadId = leadIds.get(copy.lead);
      if (leadId === undefined) continue;
      try {
        await follow.startCopy(memberId, {
          leadId,
          amount: String(copy.yen),
          periodDays,
          stopLossPct: copyStopLossPct,
          copyOpen: true,
          riskAccepted: true,
        });
      } catch (error) {
        if (error instanceof AppError && error.code === "LEAD_HIDDEN") continue;
        throw error;
      }
    }
  }
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
  const ago = (days: number) => closes[n - 1 - days] ?? last;
  const mean = (days: number) => closes.slice(-days).reduce((sum, close) => sum + close, 0) / days;
  switch (strategy) {
    case "momentum":
      if (n < 6) return "hold";
      return last > ago(3) && last > ago(5) ? "enter" : "exit";
    case "trend":
      if (n < 21) return "hold";
      return last > mean(20) ? "enter" : "exit";
    case "reversion":
      if (n < 20) return "hold";
      if (last < mean(20) * 0.98) return "enter";
      return last > mean(20) ? "exit" : "hold";
    case "swing":
      if (n < 4) return "hold";
      if (heldDays >= 3) return "exit";
      return last < ago(2) ? "enter" : "hold";
    case "breakout": {
      if (n < 21) return "hold";
      const before = closes.slice(-21, -1);
      if (last > Math.max(...before)) return "enter";
      return last < Math.min(...before.slice(-10)) ? "exit" : "hold";
    }
    case "index":
      if (n === 1) return "enter";
      return heldDays >= 20 ? "rebalance" : "hold";
  }
}
