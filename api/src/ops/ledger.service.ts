import type { LedgerCheck } from "@kabuto/shared/api/ops";
import type { Db } from "../db/database.ts";
import { checkLedger, isHealthy } from "../ledger/ledger-check.ts";

/**
 * The ledger check from the console: every balance recomputed from its entries, every journal
 * re-added. It reads the whole ledger, so it is for supervisors, on demand, not a dashboard poll.
 */
export class LedgerCheckService {
  private readonly db: Db;
  private readonly now: () => number;

  constructor(deps: { db: Db; now: () => number }) {
    this.db = deps.db;
    this.now = deps.now;
  }

  async check(): Promise<LedgerCheck> {
    const report = await checkLedger(this.db);
    return {
      healthy: isHealthy(report),
      accounts: report.accounts,
      journals: report.journals,
      drifted: report.drifted.map((row) => ({
        ...row,
        cached: String(row.cached),
        fromEntries: String(row.fromEntries),
      })),
      unbalanced: report.unbalanced.map((row) => ({ ...row, sum: String(row.sum) })),
      mismatched: report.mismatched,
      loansMismatched: report.loansMismatched,
      copiesMismatched: report.copiesMismatched,
      trail: report.trail,
      checkedAtMs: this.now(),
    };
  }
}
