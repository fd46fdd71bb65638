import type { Market } from "../symbols.ts";
import { charge, limitOrderHold, type MarketTerms, openingCosts, type Side, toMinor } from "./rules.ts";

/**
 * What an order will cost, worked out before the member confirms it, with the rules the server
 * decides by. The server is the authority; this is an estimate (a market order fills at the
 * book's prices of the moment it arrives).
 */

export type OrderType = "market" | "limit";

export interface EstimateInput {
  market: Market;
  /** The market's fee and tax rates. */
  terms: Pick<MarketTerms, "feePpm" | "taxPpm">;
  side: Side;
  type: OrderType;
  leverage: number;
  /** Shares × price units: from the book walk (market) or the limit price (limit). */
  scaled: bigint;
}

export interface OrderEstimate {
  notional: bigint;
  margin: bigint;
  /** The opening commission. */
  fee: bigint;
  /** The tax on the sale (charged when the position closes): the SEC fee in the US, none in Japan. */
  saleTax: bigint;
  /** Held beyond margin and fee: a short limit order's reserve for a better fill. */
  reserve: bigint;
  /** What leaves available cash when the order is accepted. */
  required: bigint;
}

export function estimateOrder(input: EstimateInput): OrderEstimate {
  const { terms } = input;
  const notional = toMinor(input.scaled, input.market);
  const { margin, fee } = openingCosts(notional, input.leverage, terms);
  const saleTax = charge(notional, terms.taxPpm);
  const required =
    input.type === "limit" ? limitOrderHold(input.side, notional, input.leverage, terms) : margin + fee;
  return { notional, margin, fee, saleTax, reserve: required - margin - fee, required };
}
