import type { LedgerCheck } from "@kabuto/shared/api/ops";
import { type Db, patiently } from "../db/database.ts";
import { checkLedgerWith, isHealthy, type LedgerCheck as ProductCheck } from "../ledger/ledger-check.ts";

/** How long one statement of the console's ledger check may take: ten minutes, a very large ledger. */
const checkStatementMsMax = 600_000;

/**
 * The ledger check from the console: every balance recomputed from its entries, every journal
 * re-added. It reads the whole ledger, so it is for supervisors, on demand, not a dashboard poll.
 */
export class LedgerCheckService {
  private readonly db: Db;
  private readonly now: () => number;
  private readonly checks: readonly ProductCheck[];

  constructor(deps: { db: Db; now: () => number; checks: readonly ProductCheck[] }) {
    this.db = deps.db;
    this.now = deps.now;
    this.checks = deps.checks;
  }

  async check(): Promise<LedgerCheck> {
    // Each of its statements reads a whole table: longer than the bound a member's request has.
    const report = await patiently(checkStatementMsMax, () => checkLedgerWith(this.db, this.checks));
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
      checks: report.checks.map(({ name, count }) => ({ name, count })),
      trail: report.trail,
      checkedAtMs: this.now(),
    };
  }
}
