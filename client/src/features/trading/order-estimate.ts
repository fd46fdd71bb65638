import type { OrderType } from "@kabuto/shared/api/trading";
import { priceToUnits } from "@kabuto/shared/market/ticks";
import type { BookLevel } from "@kabuto/shared/protocol/market-data";
import type { Market } from "@kabuto/shared/symbols";
import { estimateOrder, type OrderEstimate } from "@kabuto/shared/trading/estimate";
import { type MarketTerms, priceNotional, type Side, walkLevels } from "@kabuto/shared/trading/rules";
import { stopHoldUnits } from "@kabuto/shared/trading/stops";

/**
 * The order sheet's estimate of what an order costs. The arithmetic is the server's own, from
 * `@kabuto/shared` (`estimateOrder` and the rules under it); the client only chooses which price
 * to estimate at. The server is the authority: a market order fills at the book of its moment.
 */

export function estimateSheet(input: {
  market: Market;
  terms: Pick<MarketTerms, "feePpm" | "taxPpm">;
  side: Side;
  type: OrderType;
  leverage: number;
  shares: number | undefined;
  price: string;
  last: string | undefined;
  /** The levels a market order would take: asks for a long, bids for a short. */
  levels: readonly BookLevel[] | undefined;
  /** Stops: the trigger as typed, and the day's upper limit a stop-market buy holds at. */
  trigger?: string;
  limitUp?: string | null | undefined;
}): OrderEstimate | undefined {
  if (input.shares === undefined) return undefined;
  let scaled: bigint | undefined;
  if (input.type === "limit" || input.type === "stop_limit")
    scaled = priceNotional(input.price.trim(), input.shares, input.market);
  else if (input.type === "stop") {
    // A stop holds what it could cost when it fires, as the server holds it (`stopHoldUnits`).
    const triggerUnits = priceToUnits((input.trigger ?? "").trim(), input.market);
    if (triggerUnits === undefined || triggerUnits <= 0) return undefined;
    const limitUp = input.limitUp ? (priceToUnits(input.limitUp, input.market) ?? null) : null;
    const held = stopHoldUnits(input.side, { triggerUnits, limitUnits: null }, limitUp);
    scaled = BigInt(held) * BigInt(input.shares);
  } else {
    // A market order fills at the book's prices; with too thin a book, the last price gives an idea.
    scaled = input.levels ? walkLevels(input.levels, input.market, input.shares) : undefined;
    if (scaled === undefined && input.last !== undefined)
      scaled = priceNotional(input.last, input.shares, input.market);
  }
  if (scaled === undefined) return undefined;
  return estimateOrder({
    market: input.market,
    terms: input.terms,
    side: input.side,
    // Everything but a market order holds at placement, as a resting limit order does.
    type: input.type === "market" ? "market" : "limit",
    leverage: input.leverage,
    scaled,
  });
}
