import type { Bus } from "@kabuto/gateway";
import type { Currency, Market, Quote, Withdrawable } from "@kabuto/shared";
import { quoteTopic, symbolMarket } from "@kabuto/shared";
import { sql } from "drizzle-orm";
import { rowsOf } from "../db/rows.ts";
import { AppError } from "../http/errors.ts";
import type { Tx } from "../ledger/ledger.repo.ts";
import {
  type HoldingPosition,
  markNotional,
  uncoveredLoss,
  withdrawableAmount,
  withdrawMinimum,
} from "./withdraw-rules.ts";

/**
 * What of a member's cash in one currency may leave it, by withdrawal or by exchange into
 * another currency: both would take away the money that losses, loans and debt in this
 * currency must be paid from.
 */

/**
 * Available cash less the losses of the member's holding positions in this currency beyond
 * their posted margin, marked at the last quote on the bus, less loans, less debt.
 */
export async function computeWithdrawable(
  tx: Tx,
  deps: { bus: Bus; minimums: ReadonlyMap<Currency, bigint> },
  memberId: string,
  currency: Currency,
  available: bigint,
): Promise<Withdrawable> {
  // Every holding position, however many: one left out would let its loss be withdrawn.
  const rows = rowsOf(
    await tx.execute(sql`
      select symbol, side, quantity, open_notional_minor, margin_minor from positions
      where member_id = ${memberId} and status = 'holding' and currency = ${currency}`),
  );
  const quotes = await lastPrices(
    deps.bus,
    rows.map((row) => String(row.symbol)),
  );
  let uncovered = 0n;
  for (const row of rows) {
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
    uncovered += uncoveredLoss(position, current);
  }
  // Credit loans do not exist yet: nothing is owed on them, so nothing is set aside for them.
  const loans = 0n;
  const [deficit] = rowsOf(
    await tx.execute(sql`
      select balance from ledger_accounts
      where member_id = ${memberId} and purpose = 'deficit' and currency = ${currency}`),
  );
  // A deficit account carries what the member owes as a negative balance.
  const owed = deficit ? -BigInt(String(deficit.balance)) : 0n;
  const debt = owed > 0n ? owed : 0n;
  return {
    currency,
    available: available.toString(),
    uncoveredLoss: uncovered.toString(),
    loans: loans.toString(),
    debt: debt.toString(),
    withdrawable: withdrawableAmount(available, uncovered, loans, debt).toString(),
    minimum: withdrawMinimum(deps.minimums, currency).toString(),
  };
}

async function lastPrices(bus: Bus, symbols: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(symbols)];
  if (unique.length === 0) return new Map();
  const updates = await bus.snapshots(unique.map(quoteTopic));
  return new Map(
    updates.map((update) => [(update.data as Quote).symbol as string, (update.data as Quote).last]),
  );
}
