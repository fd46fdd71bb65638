import { journalMemoSchema } from "@kabuto/shared/api/journal-memo";
import {
  type FormatLocale,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPrice,
  formatRate,
  formatUnitPrice,
} from "@kabuto/shared/format";
import { type MemberPurpose, memberPurposes } from "@kabuto/shared/ledger";
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

/**
 * What a line says of itself beside its kind, from its journal's coded remark: the stock, side,
 * quantity and price of a trade, the rate of an exchange, the tax withheld from a dividend; staff's
 * own words for an adjustment; nothing where the remark adds nothing to the kind.
 */
export function detailText(line: StatementLine, locale: FormatLocale): string {
  const parsed =
    line.memoCode === null
      ? undefined
      : journalMemoSchema.safeParse({ code: line.memoCode, params: line.memoParams ?? {} });
  if (!parsed?.success) return line.memo ?? "";
  const memo = parsed.data;
  const words = statementWords;
  const shares = (quantity: number) => `${formatNumber(quantity, locale)} ${words.shares[locale]}`;
  switch (memo.code) {
    case "position_open":
    case "position_close":
    case "day_trade_open":
    case "day_trade_cutoff": {
      const side = memo.params.side === "long" ? words.long[locale] : words.short[locale];
      return `${side} ${stockCode(memo.params.symbol)} ${shares(memo.params.quantity)} @ ${formatPrice(memo.params.price, locale)}`;
    }
    case "dividend": {
      const side = memo.params.side === "long" ? words.long[locale] : words.short[locale];
      const perShare = formatUnitPrice(memo.params.perShare, line.currency, locale);
      const base = `${side} ${stockCode(memo.params.symbol)} ${shares(memo.params.quantity)} × ${perShare}`;
      return memo.params.side === "long" && memo.params.withheld !== "0"
        ? `${base} (${words.withheld[locale]} ${formatUnitPrice(memo.params.withheld, line.currency, locale)})`
        : base;
    }
    case "ipo_payment":
    case "ipo_allotment":
    case "block_hold":
      return `${stockCode(memo.params.symbol)} ${shares(memo.params.quantity)} @ ${formatPrice(memo.params.price, locale)}`;
    case "block_release":
      return `${stockCode(memo.params.symbol)} ${shares(memo.params.quantity)}`;
    case "fx_conversion":
      return `${memo.params.from} → ${memo.params.to} @ ${formatRate(memo.params.rate, locale)}`;
    case "loan_interest_day":
      return memo.params.date;
    case "checkin_points":
      return formatNumber(memo.params.points, locale);
    case "invitation_reward":
      return memo.params.invitee;
    case "copy":
      return memo.params.lead;
    case "reward_reversal":
      return line.memo ?? "";
    case "purchase_fee":
    case "selling_fee":
    case "sale_tax":
    case "demo_funding":
      return "";
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
