import { type LocalizedText, type NewsKind, newsInputSchema } from "@kabuto/shared/api/news";
import { isTradingDay, marketDate } from "@kabuto/shared/market/calendar";
import { addDays, isWeekend } from "@kabuto/shared/market/iso-date";
import type { Config } from "../config.ts";
import type { SeedContext } from "../kernel/product.ts";
import { demoAdminActor } from "../seed.ts";
import { NewsService } from "./news.service.ts";

/**
 * The house's notices and news on a first start, written by the demo admin through the console's
 * news service in all three languages, so Home's announcement strip and headlines, and the news
 * screens, read like a broker's. Every figure in them (the invitation reward, the commissions,
 * the exchanges' closed days) is read from the settings and calendars the product runs on, so
 * no notice promises what the product does not do.
 */

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

/** How far ahead the holiday notices look for the next weekday an exchange is closed. */
const holidaySearchDays = 120;

type Language = keyof LocalizedText;
const locales: Record<Language, string> = { ja: "ja-JP", en: "en-US", "zh-Hant": "zh-Hant-TW" };

/** A Tokyo calendar date (YYYY-MM-DD) as each language writes it, with the weekday. */
function dateIn(language: Language, isoDate: string): string {
  return new Intl.DateTimeFormat(locales[language], {
    timeZone: "UTC",
    year: "numeric",
    month: "long",
    day: "numeric",
    weekday: "short",
  }).format(Date.parse(`${isoDate}T00:00:00Z`));
}

/** The same date in every language. */
function dates(isoDate: string): LocalizedText {
  return { ja: dateIn("ja", isoDate), en: dateIn("en", isoDate), "zh-Hant": dateIn("zh-Hant", isoDate) };
}

/** The next weekday after `fromIsoDate` on which the exchange does not trade (a holiday). */
function nextHoliday(market: "JP" | "US", fromIsoDate: string): string | undefined {
  for (let days = 1; days <= holidaySearchDays; days += 1) {
    const date = addDays(fromIsoDate, days);
    if (!isWeekend(date) && !isTradingDay(market, date)) return date;
  }
  return undefined;
}

/** The Saturday after `fromIsoDate` (a week on when it is one). */
function nextSaturday(fromIsoDate: string): string {
  for (let days = 1; ; days += 1) {
    const date = addDays(fromIsoDate, days);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 6) return date;
  }
}

/** Parts per million of trade value as a percentage ("0.1%", "0.45%"). */
function percent(ppm: number): string {
  return `${Number((ppm / 10_000).toFixed(4))}%`;
}

interface DemoNews {
  kind: NewsKind;
  /** How long before the first start it was published. */
  agoMs: number;
  title: LocalizedText;
  body: LocalizedText;
}

type NewsTerms = Pick<
  Config,
  "INVITE_REWARD_JPY" | "FEE_PPM_JP" | "FEE_PPM_US" | "DAY_TRADE_FEE_PPM_JP" | "DAY_TRADE_FEE_PPM_US"
>;

/** The house's notices, newest first, dated from the first start. */
function houseNotices(config: NewsTerms, nowMs: number): DemoNews[] {
  const today = marketDate("JP", nowMs);
  const maintenance = dates(nextSaturday(today));
  const reward = config.INVITE_REWARD_JPY.toLocaleString("en-US");
  const feeJp = percent(config.FEE_PPM_JP);
  const feeUs = percent(config.FEE_PPM_US);
  const dayTradeFree = config.DAY_TRADE_FEE_PPM_JP === 0 && config.DAY_TRADE_FEE_PPM_US === 0;
  const notices: DemoNews[] = [
    {
      kind: "announcement",
      agoMs: 2 * hourMs,
      title: {
        ja: `【メンテナンス】${maintenance.ja} 2:00〜6:00 システムメンテナンスのお知らせ`,
        en: `Maintenance: ${maintenance.en}, 2:00–6:00 Tokyo time`,
        "zh-Hant": `【系統維護】${maintenance["zh-Hant"]} 2:00〜6:00（東京時間）`,
      },
      body: {
        ja: `${maintenance.ja} 2:00〜6:00（日本時間）にシステムメンテナンスを行います。この間はログイン、注文、入出金のお手続きがご利用いただけません。メンテナンス前にお出しになった注文はそのまま有効です。ご不便をおかけしますが、ご理解のほどお願い申し上げます。`,
        en: `We will carry out system maintenance on ${maintenance.en} from 2:00 to 6:00 Tokyo time. During this window you will not be able to sign in, place orders, deposit or withdraw. Orders placed before the maintenance stay in force. We apologise for the inconvenience.`,
        "zh-Hant": `本公司將於${maintenance["zh-Hant"]} 2:00〜6:00（東京時間）進行系統維護。維護期間無法登入、下單及辦理出入金。維護前已送出的委託仍然有效。造成不便，敬請見諒。`,
      },
    },
    {
      kind: "announcement",
      agoMs: 1 * dayMs,
      title: {
        ja: `お友だち紹介キャンペーン：1人につき${reward}円プレゼント`,
        en: `Invite a friend: ¥${reward} for every friend who joins`,
        "zh-Hant": `邀請好友活動：每邀請一位好友即贈 ${reward} 日圓`,
      },
      body: {
        ja: `マイページの「お友だち紹介」からあなたの招待コードを共有してください。お友だちがそのコードで口座を開設し、本人確認と初回入金を終えると、あなたに${reward}円をお支払いします。紹介できる人数に上限はありません（年間の報酬上限の範囲内）。`,
        en: `Share your invite code from "Invite friends" in Mine. When a friend opens an account with your code, completes identity verification and makes a first deposit, we pay you ¥${reward}. There is no limit on how many friends you invite, within the yearly reward cap.`,
        "zh-Hant": `請從「我的」中的「邀請好友」分享您的邀請碼。好友使用您的邀請碼開戶，完成身分驗證並首次入金後，我們將支付您 ${reward} 日圓。邀請人數不設上限（以年度獎勵上限為準）。`,
      },
    },
    {
      kind: "announcement",
      agoMs: 3 * dayMs,
      title: {
        ja: "取引手数料のご案内",
        en: "Our commissions",
        "zh-Hant": "交易手續費說明",
      },
      body: {
        ja: `現在の取引手数料は、日本株が約定代金の${feeJp}、米国株が約定代金の${feeUs}です。${dayTradeFree ? "デイトレードの手数料は無料です。" : ""}手数料は注文画面の見積もりと取引明細でご確認いただけます。`,
        en: `Commission is ${feeJp} of trade value for Tokyo stocks and ${feeUs} for US stocks.${dayTradeFree ? " Day trades are commission-free." : ""} The order screen's estimate and your statements show the commission on every trade.`,
        "zh-Hant": `目前的交易手續費為：日本股票成交金額的 ${feeJp}，美國股票成交金額的 ${feeUs}。${dayTradeFree ? "當沖交易免手續費。" : ""}每筆交易的手續費可在下單畫面的試算及交易明細中確認。`,
      },
    },
    {
      kind: "announcement",
      agoMs: 6 * dayMs,
      title: {
        ja: "当社を名乗る不審なSMS・メールにご注意ください",
        en: "Beware of messages pretending to be from Kabuto",
        "zh-Hant": "請留意冒用本公司名義的可疑簡訊及電子郵件",
      },
      body: {
        ja: "当社がSMSやメールでパスワード、資金用パスワード、認証コードをお尋ねすることはありません。不審なメッセージのリンクは開かず、ご不明な点はアプリの「オンラインサポート」からお問い合わせください。",
        en: "We never ask for your password, fund password or sign-in code by SMS or email. Do not open links in suspicious messages; if in doubt, ask us through Online support in the app.",
        "zh-Hant":
          "本公司絕不會透過簡訊或電子郵件詢問您的密碼、資金密碼或驗證碼。請勿開啟可疑訊息中的連結，如有疑問，請透過應用程式內的「線上客服」與我們聯繫。",
      },
    },
  ];
  return [...notices, ...holidayNotices(today)];
}

/** A notice per exchange for its next weekday holiday, published a week before the first start. */
function holidayNotices(today: string): DemoNews[] {
  const notices: DemoNews[] = [];
  const tokyo = nextHoliday("JP", today);
  if (tokyo) {
    const day = dates(tokyo);
    notices.push({
      kind: "announcement",
      agoMs: 7 * dayMs,
      title: {
        ja: `${day.ja} 東京証券取引所休場のお知らせ`,
        en: `Tokyo Stock Exchange closed on ${day.en}`,
        "zh-Hant": `${day["zh-Hant"]} 東京證券交易所休市公告`,
      },
      body: {
        ja: `${day.ja}は東京証券取引所の休場日のため、日本株の売買は行われません。この日にお出しになった日本株の注文は翌営業日に執行されます。入出金の受付も翌営業日となります。`,
        en: `The Tokyo Stock Exchange is closed on ${day.en}, so Tokyo stocks do not trade that day. Orders for Tokyo stocks placed that day are executed on the next trading day, and deposits and withdrawals are handled then too.`,
        "zh-Hant": `${day["zh-Hant"]}為東京證券交易所休市日，當日不進行日本股票交易。當日送出的日本股票委託將於下一個營業日執行，出入金亦順延至下一個營業日辦理。`,
      },
    });
  }
  const newYork = nextHoliday("US", today);
  if (newYork) {
    const day = dates(newYork);
    notices.push({
      kind: "announcement",
      agoMs: 8 * dayMs,
      title: {
        ja: `${day.ja} 米国市場休場のお知らせ`,
        en: `US markets closed on ${day.en}`,
        "zh-Hant": `${day["zh-Hant"]} 美國市場休市公告`,
      },
      body: {
        ja: `${day.ja}（現地時間）は米国市場の休場日のため、米国株の売買（プレ・アフターマーケットを含む）は行われません。`,
        en: `US markets are closed on ${day.en} (New York time): US stocks do not trade that day, pre-market and after-hours included.`,
        "zh-Hant": `${day["zh-Hant"]}（當地時間）為美國市場休市日，當日不進行美國股票交易（含盤前及盤後交易）。`,
      },
    });
  }
  return notices;
}

/** What is new at the house: the products a member can try, each where Home's shortcuts lead. */
const houseNews: readonly DemoNews[] = [
  {
    kind: "news",
    agoMs: 5 * hourMs,
    title: {
      ja: "新規公開株（IPO）の今後のスケジュールを掲載しました",
      en: "Upcoming new share offerings (IPO) are now listed",
      "zh-Hant": "已刊登新股申購（IPO）的近期日程",
    },
    body: {
      ja: "ブックビルディング期間、価格決定日、上場日をホームの「IPO」からご確認いただけます。抽選は公開の手順で行われ、結果はどなたでも検証できます。申込みには購入代金の拘束が必要です。",
      en: "Book-building windows, price decision dates and listing days are on the IPO screen from Home. The draw follows a published procedure anyone can check. Applying holds the purchase amount until the draw.",
      "zh-Hant":
        "可從首頁的「IPO」查看詢價圈購期間、定價日及上市日。抽籤依公開程序進行，任何人皆可驗證結果。申購時需圈存申購款項至抽籤為止。",
    },
  },
  {
    kind: "news",
    agoMs: 1 * dayMs + 3 * hourMs,
    title: {
      ja: "配当シーズン到来：権利確定日と配当予定をカレンダーで確認",
      en: "Dividend season: record dates and expected dividends in one calendar",
      "zh-Hant": "配息旺季來臨：在日曆中查看除權息日與預計配息",
    },
    body: {
      ja: "ホームの「配当」から、保有銘柄とウォッチリスト銘柄の権利落ち日、権利確定日、支払日、1株あたり配当をご確認いただけます。権利落ち日の前営業日の終わりに保有している株式が配当の対象です。",
      en: "Dividends on Home lists the ex-dates, record dates, payment dates and dividend per share of the stocks you hold and watch. Shares you hold at the close of the trading day before the ex-date receive the dividend.",
      "zh-Hant":
        "從首頁的「配息」可查看持股及自選股的除息日、權利確定日、發放日與每股配息。於除息日前一個交易日收盤時持有的股票可獲配息。",
    },
  },
  {
    kind: "news",
    agoMs: 2 * dayMs,
    title: {
      ja: "米国株のプレマーケット・アフターマーケット取引に対応",
      en: "US stocks now trade pre-market and after-hours",
      "zh-Hant": "美國股票開放盤前及盤後交易",
    },
    body: {
      ja: "米国株は通常取引に加え、プレマーケットとアフターマーケットでも指値注文で売買できます。各セッションの時間は日本時間とニューヨーク時間の両方で表示されます。",
      en: "Besides the regular session, US stocks can be traded with limit orders pre-market and after-hours. Each session's hours are shown in New York time and in your own.",
      "zh-Hant":
        "美國股票除一般交易時段外，盤前及盤後時段亦可以限價單買賣。各時段的時間會同時以紐約時間及您所在地時間顯示。",
    },
  },
  {
    kind: "news",
    agoMs: 4 * dayMs,
    title: {
      ja: "フォロートレード：実績のあるリードトレーダーの取引をコピー",
      en: "Follow trading: copy the trades of lead traders with a record",
      "zh-Hant": "跟單交易：複製有實績的領投交易員",
    },
    body: {
      ja: "「フォロー」タブでは、リードトレーダーごとの勝率、収益率、最大ドローダウン、リスクスコアを比較し、金額と損切りラインを決めてコピーを始められます。成績はすべて実際の取引記録から計算されています。",
      en: "The Follow tab compares lead traders by win rate, return, largest drawdown and risk score. Choose an amount and a stop-loss line to start a copy. Every figure is computed from their actual trades.",
      "zh-Hant":
        "在「跟單」頁面可依勝率、報酬率、最大回撤及風險分數比較各領投交易員，設定金額與停損線即可開始跟單。所有績效皆由實際交易紀錄計算。",
    },
  },
  {
    kind: "news",
    agoMs: 5 * dayMs,
    title: {
      ja: "株価アラートで値動きを見逃さない",
      en: "Price alerts: never miss a move",
      "zh-Hant": "價格提醒：不錯過任何行情",
    },
    body: {
      ja: "銘柄ページから、株価が指定した価格を上回った・下回ったとき、または前日比が指定の割合を超えたときに通知を受け取れます。通知は1回だけ、1日1回、毎回から選べます。",
      en: "From a stock's page, get notified when its price rises above or falls below a level, or when its day change passes a percentage. Choose once, once a day, or every time.",
      "zh-Hant":
        "可於個股頁面設定：股價高於或低於指定價格、或漲跌幅超過指定比例時通知您。通知頻率可選擇僅一次、每日一次或每次。",
    },
  },
  {
    kind: "news",
    agoMs: 9 * dayMs,
    title: {
      ja: "ブロックトレード（立会外取引）の受付を開始",
      en: "Block trades now open to members",
      "zh-Hant": "開放鉅額交易（盤後大宗交易）申請",
    },
    body: {
      ja: "ホームの「ブロックトレード」から、当社が募集する売出しへの申込みや、直近価格の一定範囲内での指値による大口の売買申込みができます。申込みは受付時間内に担当者が審査します。",
      en: "From Block trade on Home, apply for the offerings the house arranges, or bid for a large trade at a price within a band around the last trade. Staff review applications during desk hours.",
      "zh-Hant":
        "可從首頁的「鉅額交易」申購本公司安排的承銷案，或在最近成交價一定範圍內以限價提出大額買賣申請。申請將於受理時間內由專人審核。",
    },
  },
];

/** Every demo item, newest first. */
export function demoNews(config: NewsTerms, nowMs: number): DemoNews[] {
  return [...houseNotices(config, nowMs), ...houseNews].sort((a, b) => a.agoMs - b.agoMs);
}

/**
 * Writes the demo news once: on the start that made the demo admin, and only while operations
 * have written none (an install whose staff wrote or withdrew news keeps theirs).
 */
export async function seedDemoNews(context: Pick<SeedContext, "db" | "config" | "nowMs">): Promise<number> {
  const { db, config, nowMs } = context;
  const admin = await demoAdminActor(db);
  if (!admin) return 0;
  const news = new NewsService({ db, now: () => nowMs });
  if ((await news.listAll({ limit: 1 })).items.length > 0) return 0;
  const items = demoNews(config, nowMs);
  // Oldest first, so ids rise with publication as when staff write them one by one.
  for (const item of [...items].reverse()) {
    // Parsed as the console's route parses what staff write: a notice too long for a phone fails here.
    const input = newsInputSchema.parse({
      kind: item.kind,
      title: item.title,
      body: item.body,
      publishedAtMs: nowMs - item.agoMs,
    });
    await news.create(input, admin, { ip: "" });
  }
  return items.length;
}
