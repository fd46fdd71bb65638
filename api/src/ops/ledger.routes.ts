import { opsApi } from "@kabuto/shared/endpoints/ops";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { LedgerCheckService } from "./ledger.service.ts";

/** The ledger check from the console, for supervisors. */
export function mountOpsLedgerRoutes(ops: Router, docs: ApiDocs, deps: { ledger: LedgerCheckService }): void {
  const serve = docs.serve({ router: ops, ops });
  serve(opsApi.ledgerCheck, () => deps.ledger.check());
}
