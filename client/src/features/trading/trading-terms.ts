import type { Market, TradingTerms } from "@kabuto/shared";

/**
 * The trading terms per market: leverages offered, fee and tax rates. The server decides: it
 * publishes them at `GET /api/v1/trading/terms` (configurable there) and checks and charges every
 * order by them. The client reads them once (use-trading-terms.ts) for the leverage choices and
 * the order estimate, showing the shared `defaultTerms` until the answer arrives.
 */
export type { TradingTerms };
export type MarketTerms = TradingTerms[Market];
