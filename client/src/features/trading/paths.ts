/** `#/position/positionDetail?id=12`: the spec's paths take no parameters, so the id is a query. */
export function positionDetailPath(id: string): string {
  return `/position/positionDetail?${new URLSearchParams({ id }).toString()}`;
}

/** `#/market/marketBuy?symbol=JP%3A7203&side=short`: the order screen for one stock. */
export function buyPath(symbol: string, side: "long" | "short" = "long"): string {
  return `/market/marketBuy?${new URLSearchParams({ symbol, side }).toString()}`;
}

/** The day-trading screen's order tab with a stock chosen. */
export function dayTradeOrderPath(symbol: string): string {
  return `/common/dayTrading?tab=order&symbol=${encodeURIComponent(symbol)}`;
}
