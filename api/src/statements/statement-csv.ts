import { currencyMinorDigits, type FormatLocale, shiftDecimal } from "@kabuto/shared/format";
import { memberPurposes } from "@kabuto/shared/ledger";
import { statementWords as words } from "@kabuto/shared/statements/words";
import { stringify } from "csv-stringify/sync";
import { type PurposeAmounts, type Statement, sumOf } from "./statement.ts";
import { dateText, detailText, kindText, purposeText } from "./statement-text.ts";

/**
 * An amount as a spreadsheet reads it: the currency's own units with its minor digits, no
 * symbol or grouping (`-1234.50`), the currency in its own column, so columns add up.
 */
function decimalText(amount: bigint, currency: string): string {
  const digits = currencyMinorDigits(currency);
  const text = shiftDecimal(amount.toString(), -digits);
  if (digits === 0) return text;
  const [whole, fraction = ""] = text.split(".");
  return `${whole}.${fraction.padEnd(digits, "0")}`;
}

/**
 * Text a spreadsheet will not run: a cell that begins with `=`, `+`, `-`, `@` or a tab or return
 * (a formula to Excel and its kin) gets a leading apostrophe. Only words go through this (a staff
 * member's reason, a remark); amounts are numbers and keep their minus sign.
 */
export function textCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * A statement as one CSV table in the reader's language, UTF-8 with a byte-order mark (so a
 * spreadsheet opens Japanese and Chinese text right): the opening balance per currency, one row
 * per journal and currency, the closing balance per currency, then the totals by kind and the
 * dividend tax withheld. Every row has the same columns: each account purpose's change, and the net.
 * The first column names the row's kind, so the movement rows alone add up from opening to closing.
 */
export function statementCsv(statement: Statement, locale: FormatLocale, account: string): Buffer {
  const amounts = (values: PurposeAmounts, currency: string) => [
    ...memberPurposes.map((purpose) => decimalText(values[purpose], currency)),
    decimalText(sumOf(values), currency),
  ];
  const header = [
    words.row[locale],
    words.date[locale],
    words.kind[locale],
    words.detail[locale],
    words.reference[locale],
    words.currency[locale],
    ...memberPurposes.map((purpose) => purposeText(purpose, locale)),
    words.total[locale],
  ];
  const rows: string[][] = [header];
  const { period } = statement;
  /** A balance row per currency: the opening or the closing balances at `atMs`. */
  const balanceRows = (label: string, atMs: number, side: "opening" | "closing") => {
    for (const balances of statement.currencies) {
      rows.push([
        label,
        dateText(atMs, locale),
        "",
        account,
        "",
        balances.currency,
        ...amounts(balances[side], balances.currency),
      ]);
    }
  };
  balanceRows(words.opening[locale], period.startMs, "opening");
  for (const line of statement.lines) {
    rows.push([
      words.movement[locale],
      dateText(line.atMs, locale),
      textCell(kindText(line.kind, locale)),
      textCell(detailText(line, locale)),
      textCell(line.ref ?? ""),
      line.currency,
      ...amounts(line.amounts, line.currency),
    ]);
  }
  balanceRows(words.closing[locale], period.endMs, "closing");
  for (const total of statement.kinds) {
    rows.push([
      words.summary[locale],
      "",
      kindText(total.kind, locale),
      `${words.count[locale]} ${total.count}`,
      "",
      total.currency,
      ...amounts(total.amounts, total.currency),
    ]);
  }
  for (const withheld of statement.withheld) {
    const blank = memberPurposes.map(() => "");
    rows.push([
      words.withheld[locale],
      "",
      kindText("dividend", locale),
      "",
      "",
      withheld.currency,
      ...blank,
      decimalText(withheld.amount, withheld.currency),
    ]);
  }
  return Buffer.from(stringify(rows, { bom: true, record_delimiter: "windows" }), "utf8");
}
