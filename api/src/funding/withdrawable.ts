import type { Bus } from "@kabuto/bus";
import type { Withdrawable } from "@kabuto/shared/api/funding";
import type { Quote } from "@kabuto/shared/protocol/market-data";
import { quoteTopic } from "@kabuto/shared/protocol/topics";
import type { Currency, Market } from "@kabuto/shared/symbols";
import { symbolMarket } from "@kabuto/shared/symbols";
import { AppError } from "../errors.ts";
import type { Tx } from "../ledger/ledger.repo.ts";
import { holdingPositionsIn, memberBalancesOf, rewardsHeldSince } from "./funding.repo.ts";
import {
  type HoldingPosition,
  markNotional,
  uncoveredLoss,
  withdrawableAmount,
  withdrawMinimum,
} from "./withdraw-rules.ts";

/**
 * What of a member's cash may leave it, by withdrawal or by exchange into another currency:
 * both would take away the money that losses, loans and debt in that currency must be paid
 * from. Per currency: available cash less the losses of the member's holding positions beyond
 * their posted margin, marked at the last quote on the bus, less loans, less debt.
 *
 * All the currencies asked for come from one read of each kind (positions, debts, quotes), so
 * the withdraw screen costs the same few round trips however many currencies it lists.
 */
export async function computeWithdrawable(
  tx: Tx,
  deps: { bus: Bus; minimums: ReadonlyMap<Currency, bigint>; now: () => number; rewardHoldDays: number },
  memberId: string,
  available: ReadonlyMap<Currency, bigint>,
): Promise<Withdrawable[]> {
  const currencies = [...available.keys()];
  if (currencies.length === 0) return [];
  // Every holding position, however many: one left out would let its loss be withdrawn.
  const positions = await holdingPositionsIn(tx, memberId, currencies);
  const quotes = await lastPrices(
    deps.bus,
    positions.map((row) => row.symbol),
  );
  const uncovered = new Map<Currency, bigint>();
  for (const row of positions) {
    const { symbol, currency } = row;
    const last = quotes.get(symbol);
    const market = symbolMarket(symbol as Quote["symbol"]) as Market;
    const position: HoldingPosition = {
      side: row.side,
      quantity: row.quantity,
      openNotional: row.openNotional,
      margin: row.margin,
    };
    const current = last === undefined ? undefined : markNotional(market, position.quantity, last);
    // Without a price the loss cannot be known, and guessing could let the money out.
    if (current === undefined) throw new AppError("PRICE_UNAVAILABLE", { symbol });
    uncovered.set(currency, (uncovered.get(currency) ?? 0n) + uncoveredLoss(position, current));
  }
  // A deficit account carries what the member owes as a negative balance.
  const owed = new Map<Currency, bigint>();
  for (const row of await memberBalancesOf(tx, memberId, "deficit")) {
    const debt = -row.balance;
    if (debt > 0n) owed.set(row.currency, debt);
  }
  // A loan account carries what credit loans still owe, principal and posted interest, as a negative balance.
  const loansOwed = new Map<Currency, bigint>();
  for (const row of await memberBalancesOf(tx, memberId, "loan")) {
    const loan = -row.balance;
    if (loan > 0n) loansOwed.set(row.currency, loan);
  }
  // Reward cash stays in for its holding period (REWARD_HOLD_DAYS), as promotions' cash does.
  const heldSince = deps.now() - deps.rewardHoldDays * 86_400_000;
  const rewardsHeld = new Map<Currency, bigint>();
  for (const row of await rewardsHeldSince(tx, memberId, heldSince)) {
    rewardsHeld.set(row.currency, row.total);
  }
  return currencies.map((currency) => {
    const cash = available.get(currency) ?? 0n;
    const loss = uncovered.get(currency) ?? 0n;
    const debt = owed.get(currency) ?? 0n;
    const loans = loansOwed.get(currency) ?? 0n;
    const held = rewardsHeld.get(currency) ?? 0n;
    return {
      currency,
      available: cash.toString(),
      uncoveredLoss: loss.toString(),
      loans: loans.toString(),
      debt: debt.toString(),
      rewardsHeld: held.toString(),
      withdrawable: withdrawableAmount(cash, loss, loans, debt, held).toString(),
      minimum: withdrawMinimum(deps.minimums, currency).toString(),
    };
  });
}

async function lastPrices(bus: Bus, symbols: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(symbols)];
  if (unique.length === 0) return new Map();
  const updates = await bus.snapshots(unique.map(quoteTopic));
  return new Map(
    updates.map((update) => [(update.data as Quote).symbol as string, (update.data as Quote).last]),
  );
}
