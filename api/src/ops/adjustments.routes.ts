import { adjustmentRequestSchema, adjustmentSchema } from "@kabuto/shared";
import type { Router } from "express";
import { claimOf, sendKeyed } from "../http/idempotency.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { validate } from "../validate.ts";
import type { AdjustmentsService } from "./adjustments.service.ts";
import { requireStaff } from "./staff-sessions.ts";

/** Adjusting journals: the only way staff change a member's money, always with a reason the member reads. */
export function mountOpsAdjustmentRoutes(
  ops: Router,
  docs: ApiDocs,
  deps: { adjustments: AdjustmentsService; now: () => number },
): void {
  const { adjustments, now } = deps;
  const route = docs.on(ops, "/ops");

  route(
    {
      method: "post",
      path: "/members/{id}/adjustments",
      tag: "ops",
      summary:
        "Post an adjusting journal (signed amount in major units) with a reason the member sees in their fund records (supervisor); accepts Idempotency-Key",
      body: adjustmentRequestSchema,
      response: adjustmentSchema,
      errors: [
        "STAFF_UNAUTHENTICATED",
        "FORBIDDEN",
        "MEMBER_NOT_FOUND",
        "CURRENCY_INVALID",
        "AMOUNT_INVALID",
        "REASON_REQUIRED",
        "INSUFFICIENT_BALANCE",
        "IDEMPOTENCY_KEY_INVALID",
        "IDEMPOTENCY_KEY_REUSED",
      ],
    },
    async (request, response) => {
      const actor = requireStaff(request, "supervisor");
      const body = validate(adjustmentRequestSchema, request.body);
      const result = await adjustments.adjust(String(request.params.id), body, actor, {
        nowMs: now(),
        ip: request.ip ?? "",
        claim: claimOf(request, 201),
      });
      sendKeyed(response, result, 201);
    },
  );
}
