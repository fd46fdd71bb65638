import type { Bus } from "@kabuto/bus";
import type { Currency, Market, Quote, Withdrawable } from "@kabuto/shared";
import { quoteTopic, symbolMarket } from "@kabuto/shared";
import { sql } from "drizzle-orm";
import { rowsOf } from "../db/rows.ts";
import { AppError } from "../errors.ts";
import type { Tx } from "../ledger/ledger.repo.ts";
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
  const positions = rowsOf(
    await tx.execute(sql`
      select currency, symbol, side, quantity, open_notional_minor, margin_minor from positions
      where member_id = ${memberId} and status = 'holding'
        and currency in (${sql.join(
          currencies.map((currency) => sql`${currency}`),
          sql`, `,
        )})`),
  );
  const quotes = await lastPrices(
    deps.bus,
    positions.map((row) => String(row.symbol)),
  );
  const uncovered = new Map<Currency, bigint>();
  for (const row of positions) {
    const symbol = String(row.symbol);
    const last = quotes.get(symbol);
    const market = symbolMarket(symbol as Quote["symbol"]) as Market;
    const position: HoldingPosition = {
      side: row.side as HoldingPosition["side"],
      quantity: Number(row.quantity),
      openNotional: BigInt(String(row.open_notional_minor)),
      margin: BigInt(String(row.margin_minor)),
    };
    const current = last === undefined ? undefined : markNotional(market, position.quantity, last);
    // Without a price the loss cannot be known, and guessing could let the money out.
    if (current === undefined) throw new AppError("PRICE_UNAVAILABLE", { symbol });
    const currency = String(row.currency) as Currency;
    uncovered.set(currency, (uncovered.get(currency) ?? 0n) + uncoveredLoss(position, current));
  }
  // A deficit account carries what the member owes as a negative balance.
  const owed = new Map<Currency, bigint>();
  for (const row of rowsOf(
    await tx.execute(sql`
      select currency, balance from ledger_accounts where member_id = ${memberId} and purpose = 'deficit'`),
  )) {
    const debt = -BigInt(String(row.balance));
    if (debt > 0n) owed.set(String(row.currency) as Currency, debt);
  }
  // A loan account carries what credit loans still owe, principal and posted interest, as a negative balance.
  const loansOwed = new Map<Currency, bigint>();
  for (const row of rowsOf(
    await tx.execute(sql`
      select currency, balance from ledger_accounts where member_id = ${memberId} and purpose = 'loan'`),
  )) {
    const loan = -BigInt(String(row.balance));
    if (loan > 0n) loansOwed.set(String(row.currency) as Currency, loan);
  }
  // Reward cash stays in for its holding period (REWARD_HOLD_DAYS), as promotions' cash does.
  const heldSince = deps.now() - deps.rewardHoldDays * 86_400_000;
  const rewardsHeld = new Map<Currency, bigint>();
  for (const row of rowsOf(
    await tx.execute(sql`
      select e.currency, sum(e.amount) as total from journals j
      join entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
      where j.member_id = ${memberId} and j.kind = 'reward' and j.created_at_ms > ${heldSince}
        and a.member_id = ${memberId} and a.purpose = 'available'
        -- A reward operations took back is no longer in the member's cash to hold.
        and not exists (select 1 from reward_reversals v where v.reward_journal_id = j.id)
      group by e.currency`),
  )) {
    rewardsHeld.set(String(row.currency) as Currency, BigInt(String(row.total)));
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
