import { isOnTick, priceToUnits, type TickTable } from "../market/ticks.ts";
import type { Market } from "../symbols.ts";
import type { Side } from "./rules.ts";

/**
 * IFD and IFDOCO (一括注文): the closing orders a resting order carries, placed on the position it
 * opens in the same transaction as its fill. A take-profit (a limit on the other side), a
 * stop-loss (a stop or stop-limit on the other side), or both, which then make an OCO: whichever
 * closes the position cancels the other.
 */
export interface AttachedInput {
  takeProfit?: { price: string } | undefined;
  stopLoss?: { triggerPrice: string; price?: string | undefined } | undefined;
}

/** The legs as stored with the parent order, in price units. */
export interface AttachedUnits {
  takeProfitUnits?: number;
  stopLossTriggerUnits?: number;
  stopLossLimitUnits?: number;
}

export type AttachedRefusal = "IFD_INVALID" | "IFD_TAKE_PROFIT_INVALID" | "IFD_STOP_LOSS_INVALID";

/**
 * Checks the legs against the parent's own price (its limit, or a stop's trigger when it has no
 * limit) and returns them in units, or why not: a take-profit must be better than that price for
 * the position the parent opens (above it for a long, below for a short), a stop-loss trigger
 * worse (below for a long, above for a short), each on the tick grid. At least one leg.
 */
export function checkAttached(
  input: AttachedInput,
  parent: { side: Side; priceUnits: number; market: Market; table: TickTable },
): { legs: AttachedUnits } | { refusal: AttachedRefusal } {
  if (!input.takeProfit && !input.stopLoss) return { refusal: "IFD_INVALID" };
  const { side, priceUnits, market, table } = parent;
  const better = (units: number) => (side === "long" ? units > priceUnits : units < priceUnits);
  const onGrid = (text: string) => {
    const units = priceToUnits(text, market);
    return units !== undefined && isOnTick(table, units) ? units : undefined;
  };
  const legs: AttachedUnits = {};
  if (input.takeProfit) {
    const units = onGrid(input.takeProfit.price);
    if (units === undefined || !better(units)) return { refusal: "IFD_TAKE_PROFIT_INVALID" };
    legs.takeProfitUnits = units;
  }
  if (input.stopLoss) {
    const trigger = onGrid(input.stopLoss.triggerPrice);
    if (trigger === undefined || better(trigger) || trigger === priceUnits)
      return { refusal: "IFD_STOP_LOSS_INVALID" };
    legs.stopLossTriggerUnits = trigger;
    if (input.stopLoss.price !== undefined) {
      const limit = onGrid(input.stopLoss.price);
      if (limit === undefined) return { refusal: "IFD_STOP_LOSS_INVALID" };
      legs.stopLossLimitUnits = limit;
    }
  }
  return { legs };
}

/** `IFD` with one leg, `IFDOCO` with both. */
export function attachedKind(legs: { takeProfit: unknown; stopLoss: unknown }): "IFD" | "IFDOCO" {
  return legs.takeProfit && legs.stopLoss ? "IFDOCO" : "IFD";
}
