import { type LoanCurrency, loanCurrencies } from "./interest.ts";

/**
 * The credit line operations are offered when they set a member's line: a proposal, never a
 * decision. Staff set the score and the lines themselves, with a reason in the audit log.
 *
 * - Score (0–1000): 0 until the member is verified; then 500, plus up to 300 for tenure (a year
 *   earns it all), plus up to 200 for the money they keep with us (one point per ¥50,000 or
 *   $500 of net balances across both currencies, dollars counted at ¥100 only for the score).
 * - Line per currency: nothing for an unverified member or one younger than 30 days; otherwise
 *   their net balance in that currency times score / 2000 (a quarter to a half of it), rounded
 *   down to ¥10,000 or $100 and capped at ¥5,000,000 or $50,000. A loan never exceeds what the
 *   member already holds in that currency, so a default costs the house at most half the cash
 *   it already holds for them.
 */
export interface CreditFacts {
  verified: boolean;
  tenureDays: number;
  /** Net balances per currency in minor units: available, held and margin, less deficit and loans. */
  netBalance: Readonly<Record<LoanCurrency, bigint>>;
}

export interface CreditProposal {
  score: number;
  lines: Record<LoanCurrency, bigint>;
}

export const creditScoreMax = 1_000;
/** A member must have been with us this long before any line is proposed. */
export const creditTenureDaysMin = 30;
const lineCap: Record<LoanCurrency, bigint> = { JPY: 5_000_000n, USD: 5_000_000n };
const lineStep: Record<LoanCurrency, bigint> = { JPY: 10_000n, USD: 10_000n };
/** Minor units of net balance per score point: ¥50,000, or $500 (50,000 cents). */
const balancePerPoint: Record<LoanCurrency, bigint> = { JPY: 50_000n, USD: 50_000n };

export function proposeCredit(facts: CreditFacts): CreditProposal {
  const none: Record<LoanCurrency, bigint> = { JPY: 0n, USD: 0n };
  if (!facts.verified) return { score: 0, lines: none };
  const tenurePoints = Math.min(300, Math.floor((Math.max(0, facts.tenureDays) * 300) / 365));
  let balancePoints = 0n;
  for (const currency of loanCurrencies) {
    const net = facts.netBalance[currency];
    if (net > 0n) balancePoints += net / balancePerPoint[currency];
  }
  const score = 500 + tenurePoints + Number(balancePoints > 200n ? 200n : balancePoints);
  if (facts.tenureDays < creditTenureDaysMin) return { score, lines: none };
  const lines = { ...none };
  for (const currency of loanCurrencies) {
    const net = facts.netBalance[currency];
    if (net <= 0n) continue;
    const raw = (net * BigInt(score)) / 2_000n;
    const stepped = (raw / lineStep[currency]) * lineStep[currency];
    lines[currency] = stepped > lineCap[currency] ? lineCap[currency] : stepped;
  }
  return { score, lines };
}
