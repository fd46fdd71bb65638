import type { Tx } from "./ledger/ledger.repo.ts";
import { checkLedgerWith, type LedgerReport } from "./ledger/ledger-check.ts";
import { ledgerChecks } from "./services.ts";

export { isHealthy, type LedgerReport } from "./ledger/ledger-check.ts";

/**
 * The whole book's check: every balance recomputed from its entries, every journal re-added, and
 * every product's own records checked against the ledger (`Product.ledgerChecks`). What
 * `npm run ledger:check`, the console and the tests run.
 */
export function checkLedger(tx: Tx): Promise<LedgerReport> {
  return checkLedgerWith(tx, ledgerChecks);
}
