import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  concentration,
  type EquityPoint,
  growthIndex,
  maxDrawdown,
  monthlyReturns,
  periodReturn,
  riskScore,
  tradeStats,
} from "./record.ts";

const day = 86_400_000;
// 2026-03-01T00:00 Tokyo.
const march = Date.UTC(2026, 1, 28, 15);

describe("monthly returns", () => {
  it("chains the growth between flows, so a deposit is not profit", () => {
    const points: EquityPoint[] = [
      { atMs: march, equity: 1_000_000n, flow: 1_000_000n },
      { atMs: march + day, equity: 1_100_000n, flow: 0n },
      // A deposit of 1,100,000: equity doubles without any return.
      { atMs: march + 2 * day, equity: 2_200_000n, flow: 1_100_000n },
      { atMs: march + 3 * day, equity: 2_420_000n, flow: 0n },
    ];
    const [only] = monthlyReturns(points);
    expect(only?.month).toBe("2026-03");
    expect(only?.value).toBeCloseTo(0.21, 10);
  });

  it("splits by Tokyo month and compounds over a period", () => {
    const points: EquityPoint[] = [
      { atMs: march, equity: 100_000n, flow: 100_000n },
      { atMs: march + 10 * day, equity: 110_000n, flow: 0n },
      { atMs: march + 40 * day, equity: 99_000n, flow: 0n },
    ];
    const monthly = monthlyReturns(points);
    expect(monthly.map((m) => m.month)).toEqual(["2026-03", "2026-04"]);
    expect(monthly[0]?.value).toBeCloseTo(0.1, 10);
    expect(monthly[1]?.value).toBeCloseTo(-0.1, 10);
    expect(periodReturn(monthly, 1, march + 40 * day)).toBeCloseTo(-0.1, 10);
    expect(periodReturn(monthly, 3, march + 40 * day)).toBeCloseTo(-0.01, 10);
    expect(maxDrawdown(growthIndex(points))).toBeCloseTo(0.1, 10);
  });

  it("gives the same time-weighted return with deposits and withdrawals mid-month as without", () => {
    // Random trading returns; random flows dropped between them must not change the result.
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -30, max: 30 }), { minLength: 1, maxLength: 20 }),
        fc.array(fc.integer({ min: -400_000, max: 2_000_000 }), { minLength: 20, maxLength: 20 }),
        (percents, flows) => {
          const plain: EquityPoint[] = [{ atMs: march, equity: 1_000_000n, flow: 1_000_000n }];
          const flowed: EquityPoint[] = [{ atMs: march, equity: 1_000_000n, flow: 1_000_000n }];
          let plainEquity = 1_000_000n;
          let flowedEquity = 1_000_000n;
          let at = march;
          percents.forEach((pct, index) => {
            at += day;
            plainEquity = plainEquity + (plainEquity * BigInt(pct)) / 100n;
            plain.push({ atMs: at, equity: plainEquity, flow: 0n });
            const traded = flowedEquity + (flowedEquity * BigInt(pct)) / 100n;
            flowed.push({ atMs: at, equity: traded, flow: 0n });
            // A flow in the middle of the month, never taking out more than is there.
            const wanted = BigInt(flows[index] ?? 0);
            const flow = wanted < -traded / 2n ? -traded / 2n : wanted;
            flowedEquity = traded + flow;
            flowed.push({ atMs: at + 1, equity: flowedEquity, flow });
          });
          const a = monthlyReturns(plain);
          const b = monthlyReturns(flowed);
          expect(b.map((m) => m.month)).toEqual(a.map((m) => m.month));
          // Integer rounding of each step's percentage differs by at most a minor unit per step.
          for (const [index, m] of a.entries()) expect(b[index]?.value ?? Number.NaN).toBeCloseTo(m.value, 3);
        },
      ),
    );
  });

  it("has no return while there is no money", () => {
    expect(monthlyReturns([{ atMs: march, equity: 0n, flow: 0n }])).toEqual([]);
    expect(growthIndex([])).toEqual([]);
  });
});

describe("trade statistics", () => {
  it("counts winning closed trades, their holding time and margin-weighted leverage", () => {
    const stats = tradeStats([
      { symbol: "A", leverage: 1, margin: 300n, openedAtMs: 0, closedAtMs: 2 * day, realised: 50n },
      { symbol: "B", leverage: 5, margin: 100n, openedAtMs: 0, closedAtMs: day, realised: -10n },
      { symbol: "B", leverage: 2, margin: 100n, openedAtMs: 0, closedAtMs: null, realised: null },
    ]);
    expect(stats.trades).toBe(3);
    expect(stats.winShare).toBe(0.5);
    expect(stats.averageHoldingMs).toBe(1.5 * day);
    expect(stats.averageLeverage).toBeCloseTo((300 + 500 + 200) / 500, 10);
    expect(tradeStats([])).toEqual({ trades: 0, winShare: 0, averageHoldingMs: 0, averageLeverage: 0 });
  });

  it("measures concentration as the largest name's share of open margin", () => {
    expect(concentration([])).toBe(0);
    expect(
      concentration([
        { symbol: "A", margin: 30n },
        { symbol: "B", margin: 10n },
        { symbol: "A", margin: 10n },
      ]),
    ).toBe(0.8);
  });
});

describe("risk score", () => {
  it("runs from 0 for a flat unlevered spread book to 10 for a volatile levered single name", () => {
    expect(riskScore({ volatility: 0, averageLeverage: 1, concentration: 0 })).toBe(0);
    expect(riskScore({ volatility: 0.5, averageLeverage: 10, concentration: 1 })).toBe(10);
    expect(riskScore({ volatility: 0.1, averageLeverage: 3, concentration: 0.5 })).toBe(
      Math.round(2.5 + 1.5 + 1),
    );
  });

  it("stays within 0 to 10 whatever the inputs", () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true }),
        fc.double({ noNaN: true }),
        fc.double({ noNaN: true }),
        (v, l, c) => {
          const score = riskScore({ volatility: v, averageLeverage: l, concentration: c });
          expect(score >= 0 && score <= 10 && Number.isInteger(score)).toBe(true);
        },
      ),
    );
  });
});
