import type { TradingTerms } from "../api/trading.ts";

/**
 * The default trading terms per market: the server's when configuration sets none, and the
 * client's until the server's published terms (`GET /api/v1/trading/terms`) arrive.
 */
export const defaultTerms: TradingTerms = {
  // Japanese online brokers charge about 0.1% a side; Japan has no stamp duty on shares.
  JP: { leverages: [1, 2, 3], feePpm: 1_000, taxPpm: 0, maintenancePct: 50 },
  // A typical Japanese broker's US commission (0.45%), and the SEC's fee on sales (about 0.0028%).
  US: { leverages: [1, 2, 3, 4], feePpm: 4_500, taxPpm: 28, maintenancePct: 50 },
};
