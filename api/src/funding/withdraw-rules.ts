import { priceToUnits } from "@kabuto/shared/market/ticks";
import { decimalToMinor, minorDigits } from "@kabuto/shared/money";
import { type Currency, currencies, type Market } from "@kabuto/shared/symbols";
import { profit, type Side, toMinor } from "@kabuto/shared/trading/rules";

/**
 * What a member may withdraw: available cash, less losses on open positions that their posted
 * margin no longer covers (they would come out of cash on closing), less loans outstanding,
 * less what the member already owes the house (a loss that once went past their money).
 */

/**
 * Parses config.WITHDRAW_MIN ("JPY:1000,USD:10", major units) into minor units per currency.
 * An unknown currency or more decimals than the currency has is a configuration mistake.
 */
export function parseWithdrawMinimums(text: string): Map<Currency, bigint> {
  const minimums = new Map<Currency, bigint>();
  for (const entry of text.split(",")) {
    const [code = "", amount = ""] = entry.split(":");
    if (!(currencies as readonly string[]).includes(code)) {
      throw new Error(`WITHDRAW_MIN names an unknown currency: ${code}`);
    }
    const minor = decimalToMinor(amount, code as Currency);
    if (minor === undefined || minor <= 0n) {
      throw new Error(`WITHDRAW_MIN for ${code} is not a positive amount in its minor units: ${amount}`);
    }
    minimums.set(code as Currency, minor);
  }
  return minimums;
}

/** The smallest withdrawal in a currency: as configured, or one major unit. */
export function withdrawMinimum(minimums: ReadonlyMap<Currency, bigint>, currency: Currency): bigint {
  return minimums.get(currency) ?? 10n ** BigInt(minorDigits[currency]);
}

export interface HoldingPosition {
  side: Side;
  quantity: number;
  openNotional: bigint;
  /** Margin posted: the initial margin plus what the member added. */
  margin: bigint;
}

/** A position's notional at a price, in minor units; undefined if the price is not a price of the market. */
export function markNotional(market: Market, quantity: number, price: string): bigint | undefined {
  const units = priceToUnits(price, market);
  if (units === undefined || units <= 0) return undefined;
  return toMinor(BigInt(quantity) * BigInt(units), market);
}

/** The part of a position's loss at `currentNotional` beyond its posted margin; zero if the margin covers it. */
export function uncoveredLoss(position: HoldingPosition, currentNotional: bigint): bigint {
  const loss = -profit(position.side, position.openNotional, currentNotional);
  return loss > position.margin ? loss - position.margin : 0n;
}

/**
 * Available cash less what stays behind for losses, loans, debt to the house and reward cash
 * still in its holding period; never below zero.
 */
export function withdrawableAmount(
  available: bigint,
  uncovered: bigint,
  loans: bigint,
  debt: bigint,
  rewardsHeld = 0n,
): bigint {
  const rest = available - uncovered - loans - debt - rewardsHeld;
  return rest > 0n ? rest : 0n;
}
