import { journalMemoSchema } from "@kabuto/shared/api/journal-memo";
import {
  type FormatLocale,
  formatAmount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPrice,
  formatRate,
  formatUnitPrice,
} from "@kabuto/shared/format";
import { type MemberPurpose, memberPurposes } from "@kabuto/shared/ledger";
import { type MemoWords, statementMemoWords } from "@kabuto/shared/statements/memo-words";
import {
  isJournalKind,
  statementKindWords,
  statementPurposeWords,
  statementWords,
} from "@kabuto/shared/statements/words";
import { marketZone } from "@kabuto/shared/symbols";
import type { Statement, StatementLine } from "./statement.ts";

/** Dates on a statement are Tokyo's. */
const zone = marketZone.JP;

/** A journal kind in the reader's words; a kind from a newer server than these words reads as itself. */
export function kindText(kind: string, locale: FormatLocale): string {
  return isJournalKind(kind) ? statementKindWords[kind][locale] : kind;
}

export function purposeText(purpose: MemberPurpose, locale: FormatLocale): string {
  return statementPurposeWords[purpose][locale];
}

export function dateText(epochMs: number, locale: FormatLocale): string {
  return formatDateTime(epochMs, locale, zone, { seconds: false });
}

/** A stock's code without its market (`7203` of `JP:7203`), as members know it. */
function stockCode(symbol: string): string {
  return symbol.slice(symbol.indexOf(":") + 1);
}

/** A sentence with its `{name}` placeholders filled, as Lingui fills the fund records' messages. */
function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/**
 * An opening's sentence with where an order sent to the PTS or by the smart route was done, and
 * what the route saved (`positionOpenAtPts` and the rest), as the fund records add them.
 */
function withVenue(
  opened: string,
  params: { venue?: "tse" | "pts" | "split" | undefined; saved?: string | undefined },
  locale: FormatLocale,
): string {
  const words = statementMemoWords;
  const where =
    params.venue === "pts"
      ? words.positionOpenAtPts
      : params.venue === "split"
        ? words.positionOpenSplit
        : params.venue === "tse"
          ? words.positionOpenAtTse
          : undefined;
  const done = where ? fill(where[locale], { opened }) : opened;
  if (params.saved === undefined || BigInt(params.saved) === 0n) return done;
  return fill(words.positionOpenSaved[locale], { done, amount: formatAmount(params.saved, "JPY", locale) });
}

/**
 * What a line says of itself, as the member's fund records say it (`useMemoText` and
 * `useRecordMemo` in the client's `features/funds/memo-text.ts`, sentence for sentence): the
 * server's coded remark in the reader's language, a reversal's code with staff's reason after
 * it; staff's own words and older journals as written.
 */
export function detailText(line: StatementLine, locale: FormatLocale): string {
  const parsed =
    line.memoCode === null
      ? undefined
      : journalMemoSchema.safeParse({ code: line.memoCode, params: line.memoParams ?? {} });
  if (!parsed?.success) return line.memo ?? "";
  const memo = parsed.data;
  const words = statementMemoWords;
  const say = (template: MemoWords, values: Readonly<Record<string, string | number>> = {}) =>
    fill(template[locale], values);
  const count = (value: number) => formatNumber(value, locale);
  const tokyoDay = (date: string) => formatDate(Date.parse(`${date}T12:00:00+09:00`), locale, zone);
  switch (memo.code) {
    case "position_open":
    case "day_trade_open": {
      const { side, leverage } = memo.params;
      const values = {
        code: stockCode(memo.params.symbol),
        quantity: count(memo.params.quantity),
        price: formatPrice(memo.params.price, locale),
        leverage,
      };
      if (memo.code === "position_open") {
        const opened = say(side === "long" ? words.positionOpenLong : words.positionOpenShort, values);
        return withVenue(opened, memo.params, locale);
      }
      return say(side === "long" ? words.dayTradeOpenLong : words.dayTradeOpenShort, values);
    }
    case "position_close":
    case "day_trade_cutoff": {
      const { side } = memo.params;
      const values = {
        code: stockCode(memo.params.symbol),
        quantity: count(memo.params.quantity),
        price: formatPrice(memo.params.price, locale),
      };
      if (memo.code === "position_close") {
        return say(side === "long" ? words.positionCloseLong : words.positionCloseShort, values);
      }
      return say(side === "long" ? words.dayTradeCutoffLong : words.dayTradeCutoffShort, values);
    }
    case "purchase_fee":
      return say(words.purchaseFee);
    case "selling_fee":
      return say(words.sellingFee);
    case "sale_tax":
      return say(words.saleTax);
    case "demo_funding":
      return say(words.demoFunding);
    case "fx_conversion":
      return say(words.fxConversion, {
        from: memo.params.from,
        to: memo.params.to,
        rate: formatRate(memo.params.rate, locale),
      });
    case "loan_interest_day":
      return say(words.loanInterestDay, { day: tokyoDay(memo.params.date) });
    case "checkin_points":
      return say(words.checkinPoints, { points: count(memo.params.points) });
    case "dividend": {
      const currency = memo.params.symbol.startsWith("US:") ? "USD" : "JPY";
      const values = {
        code: stockCode(memo.params.symbol),
        quantity: count(memo.params.quantity),
        perShare: formatUnitPrice(memo.params.perShare, currency, locale),
        day: tokyoDay(memo.params.exDate),
        withheld: formatAmount(memo.params.withheld, currency, locale),
      };
      return say(memo.params.side === "long" ? words.dividendLong : words.dividendShort, values);
    }
    case "invitation_reward":
      return say(words.invitationReward, { invitee: memo.params.invitee });
    case "reward_reversal":
      return line.memo ? say(words.rewardReversalReason, { reason: line.memo }) : say(words.rewardReversal);
    case "ipo_payment":
    case "ipo_allotment":
    case "block_hold": {
      const values = {
        code: stockCode(memo.params.symbol),
        quantity: count(memo.params.quantity),
        price: formatPrice(memo.params.price, locale),
      };
      const template =
        memo.code === "ipo_payment"
          ? words.ipoPayment
          : memo.code === "ipo_allotment"
            ? words.ipoAllotment
            : words.blockHold;
      return say(template, values);
    }
    case "block_release":
      return say(words.blockRelease, {
        code: stockCode(memo.params.symbol),
        quantity: count(memo.params.quantity),
      });
    case "copy": {
      const lead = memo.params.lead;
      switch (memo.params.action) {
        case "in":
          return say(words.copyIn, { lead });
        case "out":
          return say(words.copyOut, { lead });
        case "mirror_open":
          return say(words.copyMirrorOpen, { lead });
        case "mirror_close":
          return say(words.copyMirrorClose, { lead });
        case "share_paid":
          return say(words.sharePaid, { lead });
        case "share_received":
          return say(words.shareReceived, { lead });
      }
    }
  }
}

/** Money as the app shows it: `￥1,500`, `$12.34`, a minus sign where it fell. */
export function moneyText(amount: bigint, currency: string, locale: FormatLocale): string {
  return formatMoney(amount, currency, locale);
}

/** The statement's title in the reader's words: a month's statement or a year's trade report. */
export function titleText(statement: Statement, locale: FormatLocale): string {
  return statement.period.kind === "month"
    ? statementWords.monthTitle[locale]
    : statementWords.yearTitle[locale];
}

/** The purposes a statement shows as columns: those that hold or moved money in the period. */
export function purposesUsed(statement: Statement): MemberPurpose[] {
  const used = memberPurposes.filter((purpose) =>
    statement.currencies.some(
      (c) => c.opening[purpose] !== 0n || c.movements[purpose] !== 0n || c.closing[purpose] !== 0n,
    ),
  );
  return used.length > 0 ? used : ["available"];
}

/** The period as its reader names it: `2026-11` or `2026`. */
export function periodText(statement: Statement, locale: FormatLocale): string {
  const { period } = statement;
  const [year, month] = period.key.split("-");
  if (period.kind === "year") return locale === "en" ? (year ?? period.key) : `${year}年`;
  return locale === "en" ? period.key : `${year}年${Number(month)}月`;
}
