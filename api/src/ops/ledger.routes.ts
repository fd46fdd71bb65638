import { ledgerCheckSchema } from "@kabuto/shared";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { LedgerCheckService } from "./ledger.service.ts";
import { requireStaff } from "./staff-sessions.ts";

/** The ledger check from the console, for supervisors. */
export function mountOpsLedgerRoutes(ops: Router, docs: ApiDocs, deps: { ledger: LedgerCheckService }): void {
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
      response.json(await deps.ledger.check());
    },
  );
}
