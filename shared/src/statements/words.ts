import type { JournalKind } from "../codes.ts";
import type { FormatLocale } from "../format/locale.ts";
import type { MemberPurpose } from "../ledger.ts";

/** One phrase in each interface language. */
export type Words = Readonly<Record<FormatLocale, string>>;

/**
 * What each journal kind reads as on a statement: the very words of the member's fund records
 * (each feature's `client/src/features/<x>/<x>.journals.ts` in the client's catalogs; a client
 * test holds the two equal). The server cannot load the client's Lingui catalogs, so the
 * statement's words live here, typed over every product's kinds: a kind added to a product does
 * not compile until it has its words on statements too.
 */
export const statementKindWords: Readonly<Record<JournalKind, Words>> = {
  deposit: { ja: "入金", en: "Deposit", "zh-Hant": "入金" },
  withdrawal_hold: { ja: "出金申請（拘束）", en: "Withdrawal requested", "zh-Hant": "出金申請（凍結）" },
  withdrawal: { ja: "出金", en: "Withdrawal paid", "zh-Hant": "出金完成" },
  withdrawal_release: {
    ja: "出金否認（拘束解除）",
    en: "Withdrawal returned",
    "zh-Hant": "出金駁回（解除凍結）",
  },
  fx: { ja: "両替", en: "Exchange", "zh-Hant": "兌換" },
  order_hold: { ja: "注文拘束", en: "Order hold", "zh-Hant": "委託凍結" },
  order_release: { ja: "拘束解除", en: "Hold released", "zh-Hant": "解除凍結" },
  open: { ja: "建玉", en: "Position opened", "zh-Hant": "開倉" },
  close: { ja: "決済", en: "Position closed", "zh-Hant": "平倉" },
  margin_add: { ja: "証拠金追加", en: "Margin added", "zh-Hant": "追加保證金" },
  margin_call: { ja: "強制決済", en: "Margin call", "zh-Hant": "強制平倉" },
  fee: { ja: "売買手数料", en: "Trading fee", "zh-Hant": "交易手續費" },
  tax: { ja: "売却時の税金", en: "Tax on the sale", "zh-Hant": "賣出稅費" },
  adjustment: { ja: "調整", en: "Adjustment", "zh-Hant": "調整" },
  loan_draw: { ja: "ローン借入", en: "Loan received", "zh-Hant": "貸款撥入" },
  loan_interest: { ja: "ローン利息", en: "Loan interest", "zh-Hant": "貸款利息" },
  loan_repayment: { ja: "ローン返済", en: "Loan repaid", "zh-Hant": "貸款還款" },
  dividend: { ja: "配当落調整金", en: "Dividend adjustment", "zh-Hant": "股息調整" },
  reward: { ja: "特典", en: "Reward", "zh-Hant": "獎勵" },
  ipo_payment: { ja: "新規公開株の購入代金", en: "New share paid", "zh-Hant": "新股繳款" },
  ipo_allotment: { ja: "新規公開株の割当", en: "New share allotted", "zh-Hant": "新股配售" },
  block_hold: { ja: "ブロック取引 拘束", en: "Block trade held", "zh-Hant": "大宗交易凍結" },
  block_release: { ja: "ブロック取引 拘束解除", en: "Block trade released", "zh-Hant": "大宗交易解凍" },
  copy_in: { ja: "コピーへ入金", en: "Into a copy", "zh-Hant": "轉入跟單" },
  copy_out: { ja: "コピーから返金", en: "Back from a copy", "zh-Hant": "跟單資金退回" },
  copy_mirror: { ja: "コピー取引", en: "Copy trade", "zh-Hant": "跟單交易" },
  profit_share: { ja: "成功報酬", en: "Profit share", "zh-Hant": "利潤分成" },
};

/** The member's accounts by purpose, as a statement's columns name them. */
export const statementPurposeWords: Readonly<Record<MemberPurpose, Words>> = {
  available: { ja: "利用可能額", en: "Available", "zh-Hant": "可用" },
  held: { ja: "拘束額", en: "Held", "zh-Hant": "圈存" },
  margin: { ja: "証拠金", en: "Margin", "zh-Hant": "保證金" },
  deficit: { ja: "不足金", en: "Owed", "zh-Hant": "欠款" },
  loan: { ja: "ローン残高", en: "Loan owed", "zh-Hant": "貸款未還" },
  copy: { ja: "コピー中", en: "In copies", "zh-Hant": "跟單中" },
};

/** The rest of a statement's words: titles, headings, column names. */
export const statementWords = {
  monthTitle: { ja: "月次取引残高報告書", en: "Monthly statement", "zh-Hant": "月結單" },
  yearTitle: { ja: "年間取引報告書", en: "Yearly trade report", "zh-Hant": "年度交易報告書" },
  broker: { ja: "Kabuto 証券", en: "Kabuto Securities", "zh-Hant": "Kabuto 證券" },
  account: { ja: "口座番号", en: "Account", "zh-Hant": "帳號" },
  period: { ja: "対象期間", en: "Period", "zh-Hant": "期間" },
  produced: { ja: "作成日時", en: "Produced", "zh-Hant": "製表時間" },
  zoneNote: {
    ja: "日時はすべて東京時間です。",
    en: "All dates and times are Tokyo time.",
    "zh-Hant": "所有日期與時間均為東京時間。",
  },
  balances: { ja: "残高", en: "Balances", "zh-Hant": "餘額" },
  summary: { ja: "種類別の合計", en: "Totals by kind", "zh-Hant": "依類別合計" },
  movements: { ja: "明細", en: "Movements", "zh-Hant": "明細" },
  currency: { ja: "通貨", en: "Currency", "zh-Hant": "幣別" },
  purpose: { ja: "区分", en: "Account", "zh-Hant": "帳戶" },
  opening: { ja: "期首残高", en: "Opening balance", "zh-Hant": "期初餘額" },
  change: { ja: "期中増減", en: "Change", "zh-Hant": "期間增減" },
  closing: { ja: "期末残高", en: "Closing balance", "zh-Hant": "期末餘額" },
  total: { ja: "合計", en: "Total", "zh-Hant": "合計" },
  row: { ja: "行の種類", en: "Row", "zh-Hant": "列別" },
  movement: { ja: "取引", en: "Movement", "zh-Hant": "交易" },
  date: { ja: "日時", en: "Date", "zh-Hant": "日期時間" },
  kind: { ja: "種類", en: "Kind", "zh-Hant": "類別" },
  count: { ja: "件数", en: "Count", "zh-Hant": "筆數" },
  detail: { ja: "内容", en: "Detail", "zh-Hant": "內容" },
  reference: { ja: "参照", en: "Reference", "zh-Hant": "參照" },
  net: { ja: "純増減", en: "Net change", "zh-Hant": "淨增減" },
  withheld: { ja: "源泉徴収税額", en: "Tax withheld", "zh-Hant": "預扣稅額" },
  none: {
    ja: "この期間の取引はありません。",
    en: "No movements in this period.",
    "zh-Hant": "本期間沒有交易。",
  },
  reconciled: {
    ja: "期首残高と期中増減の合計は、通貨・区分ごとに期末残高と一致します。",
    en: "Opening balance plus the period's movements equals the closing balance, per currency and account.",
    "zh-Hant": "期初餘額加上期間增減，依幣別與帳戶均等於期末餘額。",
  },
  page: { ja: "ページ", en: "Page", "zh-Hant": "頁" },
} as const satisfies Readonly<Record<string, Words>>;

/** Whether a journal's kind is one this build has words for (a newer server's kind is shown as itself). */
export function isJournalKind(kind: string): kind is JournalKind {
  return Object.hasOwn(statementKindWords, kind);
}
