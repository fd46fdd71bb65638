import { type DayTradeEstimateInput, defaultDayTradeTerms } from "./day-trade.ts";
import type { EstimateInput, OrderEstimate } from "./estimate.ts";
import { defaultTerms } from "./terms.ts";

/**
 * One table of orders and what they cost, run through both ends: the client's estimate
 * (`estimate.test.ts`) and the server's journal drafts (the API's `drafts.test.ts`). If either
 * end's arithmetic drifts from the shared rules, one of the two tests fails.
 */
export interface OrderCase {
  name: string;
  input: EstimateInput;
  expected: OrderEstimate;
}

export const orderCases: readonly OrderCase[] = [
  {
    name: "a JP market buy: 0.1% fee, margin = notional ÷ leverage, no tax",
    // 2651.5 yen × 100 shares; the server took 132,841 yen for it (10,000,000 → 9,867,159).
    input: {
      market: "JP",
      terms: defaultTerms.JP,
      side: "long",
      type: "market",
      leverage: 2,
      scaled: 2_651_500n,
    },
    expected: {
      notional: 265_150n,
      margin: 132_575n,
      fee: 266n,
      saleTax: 0n,
      reserve: 0n,
      required: 132_841n,
    },
  },
  {
    name: "a US limit buy in cents: 0.45% fee rounded up, the 0.0028% SEC fee on the sale",
    // 10 shares at $187.40 = $1,874.00; fee 843.3 cents → 844, tax 5.2472 cents → 6.
    input: {
      market: "US",
      terms: defaultTerms.US,
      side: "long",
      type: "limit",
      leverage: 4,
      scaled: 18_740_000n,
    },
    expected: { notional: 187_400n, margin: 46_850n, fee: 844n, saleTax: 6n, reserve: 0n, required: 47_694n },
  },
  {
    name: "a JP short limit holds for a 10% better fill",
    // The server held 106,653 yen for a 3× short of 100 shares at 2,900 yen.
    input: {
      market: "JP",
      terms: defaultTerms.JP,
      side: "short",
      type: "limit",
      leverage: 3,
      scaled: 2_900_000n,
    },
    expected: {
      notional: 290_000n,
      margin: 96_667n,
      fee: 290n,
      saleTax: 0n,
      reserve: 9_696n,
      required: 106_653n,
    },
  },
  {
    name: "a JP short at market holds no reserve",
    input: {
      market: "JP",
      terms: defaultTerms.JP,
      side: "short",
      type: "market",
      leverage: 3,
      scaled: 2_900_000n,
    },
    expected: { notional: 290_000n, margin: 96_667n, fee: 290n, saleTax: 0n, reserve: 0n, required: 96_957n },
  },
  {
    name: "a JP long limit holds no reserve",
    input: {
      market: "JP",
      terms: defaultTerms.JP,
      side: "long",
      type: "limit",
      leverage: 1,
      scaled: 2_700_000n,
    },
    expected: {
      notional: 270_000n,
      margin: 270_000n,
      fee: 270n,
      saleTax: 0n,
      reserve: 0n,
      required: 270_270n,
    },
  },
  {
    name: "terms other than the defaults: a 0.2% fee and a 0.1% tax",
    input: {
      market: "JP",
      terms: { feePpm: 2_000, taxPpm: 1_000 },
      side: "long",
      type: "market",
      leverage: 1,
      scaled: 1_000_000n,
    },
    expected: {
      notional: 100_000n,
      margin: 100_000n,
      fee: 200n,
      saleTax: 100n,
      reserve: 0n,
      required: 100_200n,
    },
  },
  {
    name: "a half minor unit rounds up, and a short limit's held notional rounds down",
    // 15 units = 1.5 yen → 2 yen; the hold is for 2.2 → 2 yen of notional, 2 yen margin, 1 yen fee.
    input: { market: "JP", terms: defaultTerms.JP, side: "short", type: "limit", leverage: 1, scaled: 15n },
    expected: { notional: 2n, margin: 2n, fee: 1n, saleTax: 0n, reserve: 0n, required: 3n },
  },
  {
    name: "a US short limit at 3× with a notional not divisible by the leverage",
    // 7 shares at $101.01 = 70,707 cents; margin 23,569 (23,569 × 3 = 70,707); held for 77,777 (110% rounded down).
    input: {
      market: "US",
      terms: defaultTerms.US,
      side: "short",
      type: "limit",
      leverage: 3,
      scaled: 7_070_700n,
    },
    expected: {
      notional: 70_707n,
      margin: 23_569n,
      fee: 319n,
      saleTax: 2n,
      reserve: 2_388n,
      required: 26_276n,
    },
  },
];

/** One day-trade order and what it costs, run through the estimate and the server's drafts alike. */
export interface DayTradeCase {
  name: string;
  input: DayTradeEstimateInput;
  expected: OrderEstimate;
}

export const dayTradeCases: readonly DayTradeCase[] = [
  {
    name: "a JP day trade at 3.3×: 30% margin rounded up, no commission",
    // 100 shares at 2,651.5 yen = 265,150 yen; 30% = 79,545.
    input: {
      market: "JP",
      terms: { ...defaultDayTradeTerms.JP, taxPpm: defaultTerms.JP.taxPpm },
      side: "long",
      scaled: 2_651_500n,
    },
    expected: { notional: 265_150n, margin: 79_545n, fee: 0n, saleTax: 0n, reserve: 0n, required: 79_545n },
  },
  {
    name: "a US day-trade short at 4×: 25% margin, the SEC fee on the sale, no commission",
    // 10 shares at $187.41 = $1,874.10; 25% = 46,852.5 cents → 46,853.
    input: {
      market: "US",
      terms: { ...defaultDayTradeTerms.US, taxPpm: defaultTerms.US.taxPpm },
      side: "short",
      scaled: 18_741_000n,
    },
    expected: { notional: 187_410n, margin: 46_853n, fee: 0n, saleTax: 6n, reserve: 0n, required: 46_853n },
  },
  {
    name: "a day-trade commission from configuration: 0.05% rounded up",
    input: {
      market: "JP",
      terms: { marginPct: 30, feePpm: 500, taxPpm: 0 },
      side: "long",
      scaled: 1_000_010n,
    },
    // 100,001 yen: margin 30,000.3 → 30,001; fee 50.0005 → 51.
    expected: { notional: 100_001n, margin: 30_001n, fee: 51n, saleTax: 0n, reserve: 0n, required: 30_052n },
  },
];
