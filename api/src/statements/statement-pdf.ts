import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { FormatLocale } from "@kabuto/shared/format";
import { statementWords as words } from "@kabuto/shared/statements/words";
import PDFDocument from "pdfkit";
import { type Statement, sumOf } from "./statement.ts";
import {
  dateText,
  detailText,
  kindText,
  moneyText,
  periodText,
  purposesUsed,
  purposeText,
  titleText,
} from "./statement-text.ts";

const require = createRequire(import.meta.url);

/**
 * The fonts a statement is set in, from npm packages that ship Google's full Noto Sans TrueType
 * files (never fetched at run time): Japanese for Japanese and English readers (its Latin is
 * complete), Traditional Chinese for Chinese readers, whose forms differ from Japanese kanji.
 * PDFKit embeds only the glyphs a document uses, so a statement stays a few tens of kilobytes.
 */
const fontFiles: Record<FormatLocale, string> = {
  ja: "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
  en: "@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf",
  "zh-Hant": "@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf",
};
const fontBytes = new Map<string, Buffer>();

/** A font file's bytes, read from its package once per process. */
function fontFor(locale: FormatLocale): Buffer {
  const file = fontFiles[locale];
  let bytes = fontBytes.get(file);
  if (!bytes) {
    bytes = readFileSync(require.resolve(file));
    fontBytes.set(file, bytes);
  }
  return bytes;
}

const grey = "#efefef";
const rowHeight = 13;

/** One column of a table: its width in points, money right-aligned. */
interface Column {
  width: number;
  align?: "left" | "right";
}

/**
 * Draws a table a line a row, each cell cut short with an ellipsis where it would not fit, the
 * header shaded and drawn again at the top of each new page. Hand-drawn rather than PDFKit's
 * own tables, which measure every cell again and again: with a CJK font that took seconds for a
 * few hundred rows, where this takes a fraction of one.
 */
function drawTable(
  doc: PDFKit.PDFDocument,
  columns: readonly Column[],
  header: readonly string[],
  rows: readonly (readonly string[])[],
): void {
  const left = doc.page.margins.left;
  const width = columns.reduce((total, column) => total + column.width, 0);
  const drawRow = (cells: readonly string[], shaded: boolean) => {
    if (doc.y + rowHeight > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      drawRow(header, true);
    }
    const y = doc.y;
    if (shaded) doc.rect(left, y, width, rowHeight).fill(grey).fillColor("black");
    doc
      .moveTo(left, y + rowHeight)
      .lineTo(left + width, y + rowHeight)
      .lineWidth(0.3)
      .strokeColor("#bbbbbb")
      .stroke();
    let x = left;
    cells.forEach((cell, index) => {
      const column = columns[index] ?? { width: 0 };
      doc.text(cell, x + 2, y + 3, {
        width: column.width - 4,
        height: rowHeight,
        lineBreak: false,
        ellipsis: true,
        align: column.align ?? "left",
      });
      x += column.width;
    });
    doc.x = left;
    doc.y = y + rowHeight;
  };
  drawRow(header, true);
  for (const row of rows) drawRow(row, false);
  doc.y += 4;
}

/**
 * A statement as an A4 landscape PDF in the reader's language: the account and period, the
 * balances per currency and purpose (opening, change, closing), the totals by kind, the dividend
 * tax withheld, and every movement (a purpose a line leaves alone is blank), with page numbers.
 * Dates are Tokyo's; money reads as the app writes it. `producedAtMs` dates the document itself.
 */
export async function statementPdf(
  statement: Statement,
  locale: FormatLocale,
  account: string,
  producedAtMs: number,
): Promise<Buffer> {
  const title = titleText(statement, locale);
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margin: 36,
    bufferPages: true,
    lang: locale,
    info: {
      Title: `${title} ${statement.period.key}`,
      Author: words.broker[locale],
      CreationDate: new Date(producedAtMs),
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });

  doc.registerFont("body", fontFor(locale));
  doc.font("body");
  doc.fontSize(16).text(title);
  doc.fontSize(9).moveDown(0.3);
  doc.text(words.broker[locale]);
  doc.text(`${words.account[locale]}: ${account}`);
  doc.text(`${words.period[locale]}: ${periodText(statement, locale)}`);
  doc.text(`${words.produced[locale]}: ${dateText(producedAtMs, locale)}`);
  doc.text(words.zoneNote[locale]);
  doc.moveDown();

  const heading = (text: string) => {
    // A heading never ends a page: it starts a new one unless a few rows fit below it.
    if (doc.y + 4 * rowHeight + 20 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    doc.fontSize(11).text(text, doc.page.margins.left);
    doc.fontSize(8).moveDown(0.3);
  };

  heading(words.balances[locale]);
  const purposes = purposesUsed(statement);
  const money = (amount: bigint, currency: string) => moneyText(amount, currency, locale);
  const balanceRows: string[][] = [];
  for (const balances of statement.currencies) {
    const { currency } = balances;
    for (const purpose of purposes) {
      balanceRows.push([
        currency,
        purposeText(purpose, locale),
        money(balances.opening[purpose], currency),
        money(balances.movements[purpose], currency),
        money(balances.closing[purpose], currency),
      ]);
    }
    balanceRows.push([
      currency,
      words.total[locale],
      money(sumOf(balances.opening), currency),
      money(sumOf(balances.movements), currency),
      money(sumOf(balances.closing), currency),
    ]);
  }
  const amountColumn: Column = { width: 110, align: "right" };
  drawTable(
    doc,
    [{ width: 60 }, { width: 110 }, amountColumn, amountColumn, amountColumn],
    [
      words.currency[locale],
      words.purpose[locale],
      words.opening[locale],
      words.change[locale],
      words.closing[locale],
    ],
    balanceRows,
  );
  doc.fontSize(8).text(words.reconciled[locale], doc.page.margins.left);
  doc.moveDown();

  heading(words.summary[locale]);
  if (statement.kinds.length === 0) {
    doc.text(words.none[locale], doc.page.margins.left);
  } else {
    const kindRows = statement.kinds.map((total) => [
      total.currency,
      kindText(total.kind, locale),
      String(total.count),
      money(total.net, total.currency),
    ]);
    for (const withheld of statement.withheld) {
      kindRows.push([
        withheld.currency,
        words.withheld[locale],
        "",
        money(withheld.amount, withheld.currency),
      ]);
    }
    drawTable(
      doc,
      [{ width: 60 }, { width: 170 }, { width: 60, align: "right" }, amountColumn],
      [words.currency[locale], words.kind[locale], words.count[locale], words.net[locale]],
      kindRows,
    );
  }
  doc.moveDown();

  heading(words.movements[locale]);
  if (statement.lines.length === 0) {
    doc.text(words.none[locale], doc.page.margins.left);
  } else {
    const amountWidth = 64;
    const fixed = 80 + 95 + 36 + amountWidth * (purposes.length + 1);
    const detailWidth = Math.max(
      120,
      doc.page.width - doc.page.margins.left - doc.page.margins.right - fixed,
    );
    const amount: Column = { width: amountWidth, align: "right" };
    drawTable(
      doc,
      [
        { width: 80 },
        { width: 95 },
        { width: detailWidth },
        { width: 36 },
        ...purposes.map(() => amount),
        amount,
      ],
      [
        words.date[locale],
        words.kind[locale],
        words.detail[locale],
        words.currency[locale],
        ...purposes.map((purpose) => purposeText(purpose, locale)),
        words.net[locale],
      ],
      statement.lines.map((line) => [
        dateText(line.atMs, locale),
        kindText(line.kind, locale),
        detailText(line, locale),
        line.currency,
        ...purposes.map((purpose) =>
          line.amounts[purpose] === 0n ? "" : money(line.amounts[purpose], line.currency),
        ),
        money(line.net, line.currency),
      ]),
    );
  }

  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .fontSize(7)
      .text(
        `${words.page[locale]} ${index + 1} / ${range.count}`,
        doc.page.margins.left,
        doc.page.height - bottom / 2 - 4,
        {
          align: "right",
          width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
          lineBreak: false,
        },
      );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
