import { type LedgerCheck, ledgerCheckSchema } from "@kabuto/shared";
import type { Router } from "express";
import type { Db } from "../db/database.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { checkLedger, isHealthy } from "../ledger/ledger-check.ts";
import { requireStaff } from "./staff-sessions.ts";

/**
 * The ledger check from the console: every balance recomputed from its entries, every journal
 * re-added. It reads the whole ledger, so it is for supervisors, on demand, not a dashboard poll.
 */
export function mountOpsLedgerRoutes(ops: Router, docs: ApiDocs, deps: { db: Db; now: () => number }): void {
  const route = docs.on(ops, "/ops");
  route(
    {
      method: "get",
      path: "/ledger-check",
      tag: "ops",
      summary: "Recompute every balance and journal sum; healthy means no drift, no unbalanced journal",
      response: ledgerCheckSchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN"],
    },
    async (request, response) => {
      requireStaff(request, "supervisor");
      const report = await checkLedger(deps.db);
      const body: LedgerCheck = {
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
        checkedAtMs: deps.now(),
      };
      response.json(body);
    },
  );
}
