import type { Market, TradingTerms } from "@kabuto/shared";

/**
 * The trading terms per market: leverages offered, fee and tax rates. The server decides: it
 * publishes them at `GET /api/v1/trading/terms` (configurable there) and checks and charges every
 * order by them. The client reads them once (use-trading-terms.ts) for the leverage choices and
 * the order estimate.
 */
export type { TradingTerms };
export type MarketTerms = TradingTerms[Market];

/**
 * The server's default terms, shown until its answer arrives (or if it cannot be read): the
 * estimate is then an estimate on the usual terms, and the server still decides.
 */
export const defaultTradingTerms: TradingTerms = {
  // 0.1% a side; Japan has no tax on share sales.
  JP: { leverages: [1, 2, 3], feePpm: 1_000, taxPpm: 0, maintenancePct: 50 },
  // 0.45% a side, and the SEC's fee of 0.0028% on sales.
  US: { leverages: [1, 2, 3, 4], feePpm: 4_500, taxPpm: 28, maintenancePct: 50 },
};

/**
 * A resting short (sell) limit order can fill above its limit, which makes its notional and
 * margin larger: the server holds money for a fill up to 10% better (api/src/trading/
 * trading.service.ts, `restLimit`). The terms do not publish this, so it is copied here; the
 * estimate shows the same hold so the member is not surprised by an insufficient balance.
 */
export const shortLimitHoldPct = 110;
