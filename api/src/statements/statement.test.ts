import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import {
  buildStatement,
  type PurposeBalance,
  parsePeriod,
  type StatementEntry,
  StatementMismatch,
  tokyoMonthOf,
} from "./statement.ts";
import { statementCsv, textCell } from "./statement-csv.ts";
import { detailText } from "./statement-text.ts";

const march = parsePeriod("2027-03");
if (!march) throw new Error("2027-03 is a period");

let nextJournal = 1;
function entry(
  kind: string,
  purpose: StatementEntry["purpose"],
  amount: bigint,
  overrides: Partial<StatementEntry> = {},
): StatementEntry {
  return {
    journalId: nextJournal++,
    atMs: march?.startMs ?? 0,
    kind,
    ref: null,
    memo: null,
    memoCode: null,
    memoParams: null,
    purpose,
    currency: "JPY",
    amount,
    ...overrides,
  };
}

const balance = (purpose: PurposeBalance["purpose"], currency: string, amount: bigint): PurposeBalance => ({
  purpose,
  currency,
  amount,
});

describe("a statement's period", () => {
  it("is a Tokyo month or year, refusing anything else", () => {
    expect(march).toEqual({
      kind: "month",
      key: "2027-03",
      startMs: Date.parse("2027-02-28T15:00:00Z"),
      endMs: Date.parse("2027-03-31T15:00:00Z"),
    });
    expect(parsePeriod("2026-12")?.endMs).toBe(Date.parse("2026-12-31T15:00:00Z"));
    expect(parsePeriod("2027")).toMatchObject({
      kind: "year",
      startMs: Date.parse("2026-12-31T15:00:00Z"),
      endMs: Date.parse("2027-12-31T15:00:00Z"),
    });
    for (const bad of ["2027-13", "2027-00", "27-03", "2027-3", "", "2027-03-01"]) {
      expect(parsePeriod(bad)).toBeUndefined();
    }
    // 23:30 UTC on the last day of March is already April in Tokyo.
    expect(tokyoMonthOf(Date.parse("2027-03-31T15:30:00Z"))).toBe("2027-04");
    expect(tokyoMonthOf(Date.parse("2027-03-31T14:59:59Z"))).toBe("2027-03");
  });
});

describe("a statement", () => {
  it("groups entries into a line per journal and currency, adds them up by kind, and reconciles", () => {
    const hold = entry("order_hold", "available", -5_000n);
    const exchange = {
      journalId: 900,
      atMs: (march?.startMs ?? 0) + 2_000,
      memoCode: "fx_conversion",
    } as const;
    const entries = [
      entry("deposit", "available", 100_000n, { atMs: (march?.startMs ?? 0) + 1_000 }),
      hold,
      { ...hold, purpose: "held" as const, amount: 5_000n },
      entry("fx", "available", -15_000n, exchange),
      entry("fx", "available", 10_000n, { ...exchange, currency: "USD" }),
      entry("fee", "available", -100n, { atMs: (march?.startMs ?? 0) + 3_000 }),
      entry("fee", "available", -50n, { atMs: (march?.startMs ?? 0) + 4_000 }),
    ];
    const statement = buildStatement({
      period: march,
      opening: [balance("available", "JPY", 1_000n), balance("held", "JPY", 0n)],
      entries,
      closing: [
        balance("available", "JPY", 80_850n),
        balance("held", "JPY", 5_000n),
        balance("available", "USD", 10_000n),
      ],
    });
    // The hold is one line with both its sides; the exchange a line in each currency.
    expect(statement.lines.map((line) => [line.kind, line.currency, line.net])).toEqual([
      ["order_hold", "JPY", 0n],
      ["deposit", "JPY", 100_000n],
      ["fx", "JPY", -15_000n],
      ["fx", "USD", 10_000n],
      ["fee", "JPY", -100n],
      ["fee", "JPY", -50n],
    ]);
    expect(statement.lines[0]?.amounts).toMatchObject({ available: -5_000n, held: 5_000n });
    expect(statement.currencies.map((c) => c.currency)).toEqual(["JPY", "USD"]);
    expect(statement.currencies[0]).toMatchObject({
      opening: { available: 1_000n, held: 0n },
      movements: { available: 79_850n, held: 5_000n },
      closing: { available: 80_850n, held: 5_000n },
    });
    const fees = statement.kinds.find((total) => total.kind === "fee");
    expect(fees).toMatchObject({ currency: "JPY", count: 2, net: -150n });
    expect(statement.kinds.filter((total) => total.currency === "USD").map((total) => total.kind)).toEqual([
      "fx",
    ]);
  });

  it("is refused where the closing balances are not the opening plus the movements", () => {
    expect(() =>
      buildStatement({
        period: march,
        opening: [balance("available", "JPY", 1_000n)],
        entries: [entry("deposit", "available", 500n)],
        closing: [balance("available", "JPY", 1_499n)],
      }),
    ).toThrow(StatementMismatch);
    // A currency the closing balances hold that nothing explains is refused too.
    expect(() =>
      buildStatement({ period: march, opening: [], entries: [], closing: [balance("margin", "USD", 1n)] }),
    ).toThrow(StatementMismatch);
  });

  it("adds up the tax withheld from dividends, in minor units of their currency", () => {
    const dividend = (currency: string, withheld: string) =>
      entry("dividend", "available", 100n, {
        currency,
        memoCode: "dividend",
        memoParams: {
          side: "long",
          quantity: 10,
          symbol: currency === "USD" ? "US:JPM" : "JP:7203",
          perShare: "1.5",
          exDate: "2027-03-30",
          gross: "15",
          withheld,
        },
      });
    const statement = buildStatement({
      period: march,
      opening: [],
      entries: [dividend("JPY", "2"), dividend("JPY", "3"), dividend("USD", "1.25")],
      closing: [balance("available", "JPY", 200n), balance("available", "USD", 100n)],
    });
    expect(statement.withheld).toEqual([
      { currency: "JPY", amount: 5n },
      { currency: "USD", amount: 125n },
    ]);
    // Each line reads as the fund records read it.
    const usd = statement.lines[2] ?? (undefined as never);
    expect(detailText(usd, "en")).toBe(
      "Dividend on long JPM 10 shares × $1.50, ex-date 03/30/2027; tax withheld $1.25",
    );
    expect(detailText(usd, "ja")).toBe(
      "買い JPM 10株 × $1.50 の配当（権利落ち日 2027/03/30）、源泉徴収税 $1.25",
    );
  });
});

describe("an opening's line", () => {
  it("says where an order sent by the smart route was done and what it saved, as the fund records say it", () => {
    const opening = (params: Record<string, unknown>) =>
      buildStatement({
        period: march,
        opening: [],
        entries: [
          entry("open", "available", -265_000n, {
            memoCode: "position_open",
            memoParams: {
              side: "long",
              quantity: 100,
              symbol: "JP:7203",
              price: "2650",
              leverage: 1,
              ...params,
            },
          }),
        ],
        closing: [balance("available", "JPY", -265_000n)],
      }).lines[0] ?? (undefined as never);
    expect(detailText(opening({}), "en")).toBe("Long 7203 100 shares at 2,650, 1×");
    expect(detailText(opening({ venue: "split", saved: "100" }), "en")).toBe(
      "Long 7203 100 shares at 2,650, 1×, split between the TSE and the PTS; ¥100 better than the TSE alone",
    );
    expect(detailText(opening({ venue: "pts" }), "ja")).toBe("7203 買い 100株 @2,650（1倍）（PTSで約定）");
    expect(detailText(opening({ venue: "tse", saved: "0" }), "en")).toBe(
      "Long 7203 100 shares at 2,650, 1× at the TSE",
    );
  });
});

describe("a statement as CSV", () => {
  it("has the same columns on every row, in the reader's words, with amounts a spreadsheet adds", () => {
    const statement = buildStatement({
      period: march,
      opening: [balance("available", "USD", 1_000n)],
      entries: [
        entry("deposit", "available", 2_550n, { currency: "USD" }),
        entry("withdrawal", "available", -5n, { currency: "USD", memo: 'staff, "quoted"' }),
      ],
      closing: [balance("available", "USD", 3_545n)],
    });
    const bytes = statementCsv(statement, "en", "08000000001");
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows: string[][] = parse(bytes, { bom: true });
    expect(new Set(rows.map((row) => row.length)).size).toBe(1);
    expect(rows[0]?.slice(0, 7)).toEqual([
      "Row",
      "Date",
      "Kind",
      "Detail",
      "Reference",
      "Currency",
      "Available",
    ]);
    expect(rows.slice(1, 5).map((row) => [row[0], row[2], row[3], row[6]])).toEqual([
      ["Opening balance", "", "08000000001", "10.00"],
      ["Movement", "Deposit", "", "25.50"],
      ["Movement", "Withdrawal paid", 'staff, "quoted"', "-0.05"],
      ["Closing balance", "", "08000000001", "35.45"],
    ]);
    const japanese: string[][] = parse(statementCsv(statement, "ja", "08000000001"), { bom: true });
    expect(japanese[2]?.slice(0, 3)).toEqual(["取引", "2027/03/01 00:00", "入金"]);
  });

  it("never hands a spreadsheet a formula in a text cell", () => {
    expect(["=HYPERLINK(1)", "+1", "-2", "@SUM(A1)", "\tx", "plain", "入金"].map(textCell)).toEqual([
      "'=HYPERLINK(1)",
      "'+1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      "plain",
      "入金",
    ]);
    const statement = buildStatement({
      period: march,
      opening: [],
      entries: [entry("adjustment", "available", -300n, { memo: "=cmd|' /C calc'!A0" })],
      closing: [balance("available", "JPY", -300n)],
    });
    const rows: string[][] = parse(statementCsv(statement, "en", "08000000001"), { bom: true });
    expect(rows[2]?.slice(2, 4)).toEqual(["Adjustment", "'=cmd|' /C calc'!A0"]);
    expect(rows[2]?.[6]).toBe("-300");
  });
});
