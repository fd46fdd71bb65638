import type { Words } from "./words.ts";

/** A memo's sentence in each language, its `{name}` placeholders filled by the renderer; `context` as the catalog keeps it. */
export interface MemoWords extends Words {
  readonly context?: string;
}

/**
 * What a journal's coded remark reads as on a statement: the very sentences of the member's fund
 * records (`client/src/features/funds/memo-text.ts`, whose English is each message's id in the
 * client's catalogs; a client test holds these equal to the catalogs' translations). The server
 * fills the placeholders as the fund records do (`api/src/statements/statement-text.ts`).
 */
export const statementMemoWords = {
  positionOpenLong: {
    en: "Long {code} {quantity} shares at {price}, {leverage}×",
    ja: "{code} 買い {quantity}株 @{price}（{leverage}倍）",
    "zh-Hant": "{code} 做多 {quantity}股 @{price}（{leverage}倍）",
  },
  positionOpenShort: {
    en: "Short {code} {quantity} shares at {price}, {leverage}×",
    ja: "{code} 売り {quantity}株 @{price}（{leverage}倍）",
    "zh-Hant": "{code} 做空 {quantity}股 @{price}（{leverage}倍）",
  },
  /** An order sent to the PTS or by the smart route: where it was done, after the opening's sentence. */
  positionOpenAtPts: {
    en: "{opened} at the PTS",
    ja: "{opened}（PTSで約定）",
    "zh-Hant": "{opened}（於PTS成交）",
  },
  positionOpenAtTse: {
    en: "{opened} at the TSE",
    ja: "{opened}（東証で約定）",
    "zh-Hant": "{opened}（於東證成交）",
  },
  positionOpenSplit: {
    en: "{opened}, split between the TSE and the PTS",
    ja: "{opened}（東証とPTSに分けて約定）",
    "zh-Hant": "{opened}（分別於東證與PTS成交）",
  },
  /** What the smart route saved against the TSE's own book, after where it was done. */
  positionOpenSaved: {
    en: "{done}; {amount} better than the TSE alone",
    ja: "{done}（東証のみより{amount}有利）",
    "zh-Hant": "{done}（比僅在東證成交有利{amount}）",
  },
  positionCloseLong: {
    en: "Long {code} {quantity} shares closed at {price}",
    ja: "{code} 買い建て {quantity}株を返済 @{price}",
    "zh-Hant": "{code} 平多 {quantity}股 @{price}",
  },
  positionCloseShort: {
    en: "Short {code} {quantity} shares closed at {price}",
    ja: "{code} 売り建て {quantity}株を返済 @{price}",
    "zh-Hant": "{code} 平空 {quantity}股 @{price}",
  },
  dayTradeOpenLong: {
    en: "Day trade: long {code} {quantity} shares at {price}, {leverage}×",
    ja: "デイトレード：{code} {quantity}株を{price}で買建、{leverage}倍",
    "zh-Hant": "當沖：以{price}做多{code} {quantity}股，{leverage}倍",
  },
  dayTradeOpenShort: {
    en: "Day trade: short {code} {quantity} shares at {price}, {leverage}×",
    ja: "デイトレード：{code} {quantity}株を{price}で売建、{leverage}倍",
    "zh-Hant": "當沖：以{price}做空{code} {quantity}股，{leverage}倍",
  },
  dayTradeCutoffLong: {
    en: "Day trade: long {code} {quantity} shares closed at the cut-off at {price}",
    ja: "デイトレード：{code} {quantity}株の買建を締切時刻に{price}で自動決済",
    "zh-Hant": "當沖：{code} {quantity}股多單於截止時間以{price}自動平倉",
  },
  dayTradeCutoffShort: {
    en: "Day trade: short {code} {quantity} shares closed at the cut-off at {price}",
    ja: "デイトレード：{code} {quantity}株の売建を締切時刻に{price}で自動決済",
    "zh-Hant": "當沖：{code} {quantity}股空單於截止時間以{price}自動平倉",
  },
  purchaseFee: { en: "Purchase fee", ja: "買付手数料", "zh-Hant": "買入手續費" },
  sellingFee: { en: "Selling fee", ja: "売却手数料", "zh-Hant": "賣出手續費" },
  saleTax: { en: "Tax on the sale", ja: "売却時の税金", "zh-Hant": "賣出稅費" },
  demoFunding: { en: "Demo starting funds", ja: "デモ用の初期資金", "zh-Hant": "示範帳戶初始資金" },
  fxConversion: {
    en: "{from} to {to} at {rate}",
    ja: "{from}→{to}（レート {rate}）",
    "zh-Hant": "{from}→{to}（匯率 {rate}）",
  },
  loanInterestDay: { en: "Interest for {day}", ja: "{day}分の利息", "zh-Hant": "{day}的利息" },
  checkinPoints: {
    en: "{points} check-in points",
    ja: "チェックイン{points}ポイント",
    "zh-Hant": "簽到點數{points}點",
  },
  dividendLong: {
    en: "Dividend on long {code} {quantity} shares × {perShare}, ex-date {day}; tax withheld {withheld}",
    ja: "買い {code} {quantity}株 × {perShare} の配当（権利落ち日 {day}）、源泉徴収税 {withheld}",
    "zh-Hant": "多頭 {code} {quantity}股 × {perShare} 的股息（除息日 {day}），預扣稅 {withheld}",
  },
  dividendShort: {
    en: "Dividend paid on short {code} {quantity} shares × {perShare}, ex-date {day}",
    ja: "売り {code} {quantity}株 × {perShare} の配当支払い（権利落ち日 {day}）",
    "zh-Hant": "空頭 {code} {quantity}股 × {perShare} 支付的股息（除息日 {day}）",
  },
  invitationReward: {
    en: "Invitation reward: {invitee} verified and made a first deposit",
    ja: "招待特典：{invitee}さんが本人確認と初回入金を完了",
    "zh-Hant": "邀請獎勵：{invitee} 已完成實名認證並首次入金",
  },
  rewardReversal: {
    en: "Reward taken back",
    ja: "特典の取り消し",
    "zh-Hant": "獎勵已收回",
    context: "reward record",
  },
  ipoPayment: {
    en: "New share {code}: {quantity} shares at {price}, held until listing",
    ja: "新規公開株 {code}：{quantity}株 @{price}（上場日まで拘束）",
    "zh-Hant": "新股 {code}：{quantity} 股 @{price}（凍結至上市日）",
  },
  ipoAllotment: {
    en: "New share {code}: {quantity} shares allotted at {price}",
    ja: "新規公開株 {code}：{quantity}株を{price}で割当",
    "zh-Hant": "新股 {code}：以 {price} 配售 {quantity} 股",
  },
  blockHold: {
    en: "Block trade {code}: {quantity} shares at {price}, held for review",
    ja: "ブロック取引 {code}：{quantity}株 @{price}（審査まで拘束）",
    "zh-Hant": "大宗交易 {code}：{quantity} 股 @{price}，凍結待審",
  },
  blockRelease: {
    en: "Block trade {code}: hold for {quantity} shares released",
    ja: "ブロック取引 {code}：{quantity}株分の拘束を解除",
    "zh-Hant": "大宗交易 {code}：{quantity} 股的凍結款已解除",
  },
  copyIn: {
    en: "Money into the copy of {lead}",
    ja: "{lead} のコピーへの入金",
    "zh-Hant": "轉入跟單 {lead} 的資金",
  },
  copyOut: {
    en: "Money back from the copy of {lead}",
    ja: "{lead} のコピーからの返金",
    "zh-Hant": "跟單 {lead} 的資金退回",
  },
  copyMirrorOpen: {
    en: "Copy of {lead}: a mirrored trade opened",
    ja: "{lead} のコピー：コピー取引を新規建て",
    "zh-Hant": "跟單 {lead}：跟單交易開倉",
  },
  copyMirrorClose: {
    en: "Copy of {lead}: a mirrored trade closed",
    ja: "{lead} のコピー：コピー取引を決済",
    "zh-Hant": "跟單 {lead}：跟單交易平倉",
  },
  sharePaid: {
    en: "Profit share paid to {lead}",
    ja: "{lead} への成功報酬",
    "zh-Hant": "支付給 {lead} 的利潤分成",
  },
  shareReceived: {
    en: "Profit share from a copier of {lead}",
    ja: "{lead} のコピー利用者からの成功報酬",
    "zh-Hant": "來自 {lead} 跟單者的利潤分成",
  },
  rewardReversalReason: {
    en: "Reward taken back: {reason}",
    ja: "特典の取り消し：{reason}",
    "zh-Hant": "收回獎勵：{reason}",
  },
} as const satisfies Readonly<Record<string, MemoWords>>;
