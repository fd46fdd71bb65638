import { journalMemoSchema } from "@kabuto/shared/api/journal-memo";
import { dayTradeCases, orderCases } from "@kabuto/shared/trading-cases";
import { describe, expect, it } from "vitest";
import { accountKey, assertBalanced, type JournalDraft, type Posting } from "../ledger/journal.ts";
import {
  addMarginJournal,
  closeJournals,
  dayTradeOpenJournals,
  holdJournal,
  openJournals,
  releaseJournal,
  restingHold,
} from "./drafts.ts";

const memberId = "00000000-0000-4000-8000-000000000001";

/** Each account's net movement over the journals, keyed `member/purpose/currency`. */
function movements(journals: readonly Pick<JournalDraft, "postings">[]): Record<string, bigint> {
  const sums: Record<string, bigint> = {};
  for (const posting of journals.flatMap((journal): Posting[] => journal.postings)) {
    const key = accountKey(posting.account);
    sums[key] = (sums[key] ?? 0n) + posting.amount;
  }
  return sums;
}

describe("the journals take what the order sheet estimated (the shared cases)", () => {
  it.each(orderCases)("$name", ({ input, expected }) => {
    const currency = input.market === "JP" ? "JPY" : "USD";
    if (input.type === "market") {
      const fill = { shares: 1, scaledNotional: input.scaled, averageUnits: Number(input.scaled) };
      const opened = openJournals({ ...input, memberId, symbol: "JP:7203", quantity: 1, fill });
      for (const journal of opened.journals) assertBalanced({ ...journal, ref: null });
      expect(movements(opened.journals)).toEqual({
        [`${memberId}/available/${currency}`]: -expected.required,
        [`${memberId}/margin/${currency}`]: expected.margin,
        ...(expected.fee > 0n ? { [`house/fees/${currency}`]: expected.fee } : {}),
      });
      expect({ notional: opened.notional, margin: opened.margin, fee: opened.fee }).toEqual({
        notional: expected.notional,
        margin: expected.margin,
        fee: expected.fee,
      });
    } else {
      const held = restingHold({ ...input, quantity: 1, limitUnits: Number(input.scaled) });
      expect(held).toBe(expected.required);
      expect(movements([holdJournal(memberId, "1", currency, held)])).toEqual({
        [`${memberId}/available/${currency}`]: -expected.required,
        [`${memberId}/held/${currency}`]: expected.required,
      });
    }
  });
});

describe("a day trade's journals take what the order sheet estimated (the shared cases)", () => {
  it.each(dayTradeCases)("$name", ({ input, expected }) => {
    const currency = input.market === "JP" ? "JPY" : "USD";
    const fill = { shares: 1, scaledNotional: input.scaled, averageUnits: Number(input.scaled) };
    const opened = dayTradeOpenJournals({ ...input, memberId, symbol: "JP:7203", quantity: 1, fill });
    for (const journal of opened.journals) {
      assertBalanced({ ...journal, ref: null });
      if (journal.description) expect(journalMemoSchema.safeParse(journal.description).success).toBe(true);
    }
    expect(movements(opened.journals)).toEqual({
      [`${memberId}/available/${currency}`]: -expected.required,
      [`${memberId}/margin/${currency}`]: expected.margin,
      ...(expected.fee > 0n ? { [`house/fees/${currency}`]: expected.fee } : {}),
    });
    expect(opened.margin).toBe(expected.margin);
  });

  it("names the leverage to a tenth in the member's record", () => {
    const fill = { shares: 100, scaledNotional: 2_651_500n, averageUnits: 26_515 };
    const [open] = dayTradeOpenJournals({
      memberId,
      market: "JP",
      terms: { marginPct: 30, feePpm: 0 },
      symbol: "JP:7203",
      side: "long",
      quantity: 100,
      fill,
    }).journals;
    expect(open?.description).toEqual({
      code: "day_trade_open",
      params: { side: "long", quantity: 100, symbol: "JP:7203", price: "2651.5", leverage: "3.3" },
    });
  });
});

describe("openJournals", () => {
  it("writes the fee as a journal of its own, and none when there is no fee", () => {
    const fill = { shares: 100, scaledNotional: 2_651_500n, averageUnits: 26_515 };
    const base = {
      memberId,
      market: "JP",
      symbol: "JP:7203",
      side: "long",
      quantity: 100,
      leverage: 2,
      fill,
    } as const;
    const opened = openJournals({ ...base, terms: { feePpm: 1_000 } });
    expect(opened.journals.map((journal) => [journal.kind, journal.memo])).toEqual([
      ["open", "long 100 JP:7203 @ 2651.5 ×2"],
      ["fee", "purchase fee"],
    ]);
    // The same descriptions as codes, which each member reads in their own language.
    expect(opened.journals.map((journal) => journal.description)).toEqual([
      {
        code: "position_open",
        params: { side: "long", quantity: 100, symbol: "JP:7203", price: "2651.5", leverage: 2 },
      },
      { code: "purchase_fee", params: {} },
    ]);
    for (const journal of opened.journals) expect(journalMemoSchema.parse(journal.description)).toBeTruthy();
    expect(openJournals({ ...base, terms: { feePpm: 0 } }).journals.map((journal) => journal.kind)).toEqual([
      "open",
    ]);
  });

  it("shows a fill between ticks to a tenth of a price unit", () => {
    const fill = { shares: 500, scaledNotional: 13_254_000n, averageUnits: 26_508 };
    const opened = openJournals({
      memberId,
      market: "JP",
      terms: { feePpm: 1_000 },
      symbol: "JP:7203",
      side: "long",
      quantity: 500,
      leverage: 2,
      fill,
    });
    expect(opened.openPrice).toBe("2650.8");
    expect(opened).toMatchObject({ notional: 1_325_400n, margin: 662_700n, fee: 1_326n });
  });
});

describe("hold, release and addMargin move one amount between two of the member's accounts", () => {
  it("moves the amount and back", () => {
    const hold = holdJournal(memberId, "7", "JPY", 500n);
    const release = releaseJournal(memberId, "7", "JPY", 500n);
    expect(hold.ref).toBe("order:7");
    expect(movements([hold])).toEqual({
      [`${memberId}/available/JPY`]: -500n,
      [`${memberId}/held/JPY`]: 500n,
    });
    expect(movements([hold, release])).toEqual({
      [`${memberId}/available/JPY`]: 0n,
      [`${memberId}/held/JPY`]: 0n,
    });
    const margin = addMarginJournal(memberId, "9", "USD", 250n);
    expect(margin).toMatchObject({ kind: "margin_add", ref: "position:9" });
    expect(movements([margin])).toEqual({
      [`${memberId}/available/USD`]: -250n,
      [`${memberId}/margin/USD`]: 250n,
    });
  });

  it("refuses a negative amount as a programmer error", () => {
    expect(() => holdJournal(memberId, "7", "JPY", -1n)).toThrow();
    expect(() => addMarginJournal(memberId, "9", "USD", -1n)).toThrow();
  });
});

describe("closeJournals", () => {
  const position = {
    id: "5",
    symbol: "JP:7203",
    currency: "JPY",
    side: "long",
    quantity: 100,
    openNotional: 265_000n,
    margin: 132_500n,
    openFee: 265n,
  } as const;
  const terms = { feePpm: 1_000, taxPpm: 1_000 };
  const at = (units: number) => ({ shares: 100, scaledNotional: BigInt(units) * 100n, averageUnits: units });

  it("returns margin and profit to available cash, then takes the selling fee and the tax", () => {
    const closed = closeJournals({
      memberId,
      market: "JP",
      terms,
      position,
      fill: at(27_000),
      reason: "member",
      available: 0n,
    });
    for (const journal of closed.journals) assertBalanced(journal);
    expect(closed.journals.map((journal) => journal.kind)).toEqual(["close", "fee", "tax"]);
    expect(closed.journals.map((journal) => journal.description)).toEqual([
      {
        code: "position_close",
        params: { side: position.side, quantity: 100, symbol: position.symbol, price: "2700" },
      },
      { code: "selling_fee", params: {} },
      { code: "sale_tax", params: {} },
    ]);
    // Profit 5,000; fee and tax 270 each on the 270,000 sale.
    expect(closed).toMatchObject({
      closeNotional: 270_000n,
      fee: 270n,
      tax: 270n,
      realized: 5_000n - 540n - 265n,
    });
    expect(movements(closed.journals)).toEqual({
      [`${memberId}/available/JPY`]: 132_500n + 5_000n - 540n,
      [`${memberId}/margin/JPY`]: -132_500n,
      "house/clearing/JPY": -5_000n,
      "house/fees/JPY": 270n,
      "house/tax/JPY": 270n,
    });
  });

  it("taxes a short on its opening sale, and says a margin call is the house's", () => {
    const closed = closeJournals({
      memberId,
      market: "JP",
      terms,
      position: { ...position, side: "short" },
      fill: at(26_000),
      reason: "margin_call",
      available: 0n,
    });
    expect(closed.journals[0]?.kind).toBe("margin_call");
    expect(closed).toMatchObject({ fee: 260n, tax: 265n });
  });

  it("turns a loss beyond the member's money into a deficit, never negative cash", () => {
    // Loss 200,000 on 132,500 margin and 10,000 available: 57,500 + charges short.
    const closed = closeJournals({
      memberId,
      market: "JP",
      terms,
      position,
      fill: at(6_500),
      reason: "margin_call",
      available: 10_000n,
    });
    for (const journal of closed.journals) assertBalanced(journal);
    const moved = movements(closed.journals);
    expect(10_000n + (moved[`${memberId}/available/JPY`] ?? 0n)).toBe(0n);
    expect(moved[`${memberId}/deficit/JPY`]).toBe(-(200_000n + 65n + 65n - 142_500n));
  });
});
