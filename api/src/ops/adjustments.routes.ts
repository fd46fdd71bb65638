import { opsApi } from "@kabuto/shared/endpoints/ops";
import type { Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import type { AdjustmentsService } from "./adjustments.service.ts";
/** Adjusting journals: the only way staff change a member's money, always with a reason the member reads. */
export function mountOpsAdjustmentRoutes(
  ops: Router,
  docs: ApiDocs,
  deps: { adjustments: AdjustmentsService; now: () => number },
): void {
  const { adjustments, now } = deps;
  const serve = docs.serve({ router: ops, ops });

  serve(opsApi.adjust, ({ params, body, staff, claim, request }) =>
    adjustments.adjust(params.id, body, staff, { nowMs: now(), ip: request.ip ?? "", claim }),
  );
}
