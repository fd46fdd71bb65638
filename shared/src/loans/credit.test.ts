import { describe, expect, it } from "vitest";
import { proposeCredit } from "./credit.ts";

describe("proposeCredit", () => {
  it("proposes nothing for an unverified member, whatever they hold", () => {
    expect(
      proposeCredit({ verified: false, tenureDays: 900, netBalance: { JPY: 50_000_000n, USD: 0n } }),
    ).toEqual({ score: 0, lines: { JPY: 0n, USD: 0n } });
  });

  it("scores a verified member from tenure and balances, but proposes no line before 30 days", () => {
    const young = proposeCredit({ verified: true, tenureDays: 29, netBalance: { JPY: 2_000_000n, USD: 0n } });
    expect(young.score).toBe(500 + 23 + 40);
    expect(young.lines).toEqual({ JPY: 0n, USD: 0n });
  });

  it("offers a quarter to a half of the net balance per currency, in steps, under the caps", () => {
    const proposal = proposeCredit({
      verified: true,
      tenureDays: 365,
      netBalance: { JPY: 1_234_567n, USD: 1_000_000n },
    });
    // 500 + 300 (a year) + 24 (¥1.23M) + 20 ($10,000) = 844.
    expect(proposal.score).toBe(844);
    expect(proposal.lines.JPY).toBe(520_000n);
    expect(proposal.lines.USD).toBe(420_000n);
    const rich = proposeCredit({
      verified: true,
      tenureDays: 3_650,
      netBalance: { JPY: 900_000_000n, USD: -5n },
    });
    expect(rich.score).toBe(1_000);
    expect(rich.lines).toEqual({ JPY: 5_000_000n, USD: 0n });
  });
});
