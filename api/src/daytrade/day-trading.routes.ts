import {
  dayTradeApplicationSchema,
  dayTradeApplySchema,
  dayTradePositionListSchema,
  dayTradePositionQuerySchema,
  dayTradingSchema,
  opsDayTradeApplicationSchema,
  opsDayTradeListSchema,
  opsDayTradeQuerySchema,
  reviewDecisionSchema,
} from "@kabuto/shared";
import type { Request, Router } from "express";
import { claimOf, sendKeyed } from "../http/idempotency.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import { requireStaff } from "../ops/staff-sessions.ts";
import { validate } from "../validate.ts";
import type { DayTradingService, StaffContext } from "./day-trading.service.ts";

const keyErrors = ["IDEMPOTENCY_KEY_INVALID", "IDEMPOTENCY_KEY_REUSED"] as const;
const staffErrors = ["STAFF_UNAUTHENTICATED", "FORBIDDEN"] as const;

/**
 * Day trading for members (`router`: the application, the terms and cut-offs, the positions;
 * orders go through `POST /orders` with `dayTrade`) and the application queue for operations (`ops`).
 */
export function mountDayTradingRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { dayTrading: DayTradingService; now: () => number },
): void {
  const { dayTrading, now } = deps;
  const route = docs.on(router);
  const opsRoute = docs.on(ops, "/ops");
  const staffContext = (request: Request): StaffContext => ({ nowMs: now(), ip: request.ip ?? "" });

  route(
    {
      method: "get",
      path: "/day-trading",
      tag: "day-trading",
      summary:
        "The member's application, and per market the day-trade terms, today's cut-off and the buying power allowed now",
      auth: true,
      response: dayTradingSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json(await dayTrading.overview(requireMember(request).id));
    },
  );
  route(
    {
      method: "get",
      path: "/day-trading/positions",
      tag: "day-trading",
      summary: "The member's day-trade positions, newest first: open ones, closed ones, or both",
      auth: true,
      query: dayTradePositionQuerySchema,
      response: dayTradePositionListSchema,
      errors: ["UNAUTHENTICATED", "VALIDATION_FAILED"],
    },
    async (request, response) => {
      const member = requireMember(request);
      const { status } = validate(dayTradePositionQuerySchema, request.query);
      response.json({ items: await dayTrading.positions(member.id, status) });
    },
  );
  route(
    {
      method: "post",
      path: "/day-trading/application",
      tag: "day-trading",
      summary: "Apply for day trading, agreeing to its risks and the forced close; operations review it",
      auth: true,
      body: dayTradeApplySchema,
      response: dayTradeApplicationSchema,
      errors: [
        "UNAUTHENTICATED",
        "ACCOUNT_FROZEN",
        "DAY_TRADE_AGREEMENT_REQUIRED",
        "DAY_TRADE_ALREADY_APPLIED",
        ...keyErrors,
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 201);
      validate(dayTradeApplySchema, request.body);
      sendKeyed(response, await dayTrading.apply(member.id, claim), 201);
    },
  );

  opsRoute(
    {
      method: "get",
      path: "/day-trading/applications",
      tag: "ops",
      summary:
        "Day-trading applications (reviewer): pending oldest first by default; decided ones newest first",
      query: opsDayTradeQuerySchema,
      response: opsDayTradeListSchema,
      errors: [...staffErrors, "VALIDATION_FAILED"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      const { status } = validate(opsDayTradeQuerySchema, request.query);
      response.json({ items: await dayTrading.opsList(status) });
    },
  );
  opsRoute(
    {
      method: "get",
      path: "/day-trading/applications/{id}",
      tag: "ops",
      summary: "One day-trading application with its member (reviewer)",
      response: opsDayTradeApplicationSchema,
      errors: [...staffErrors, "DAY_TRADE_APPLICATION_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json(await dayTrading.opsDetail(request.params.id));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/day-trading/applications/{id}/review",
      tag: "ops",
      summary:
        "Approve a pending day-trading application or reject it with a reason the member reads (reviewer)",
      body: reviewDecisionSchema,
      response: opsDayTradeApplicationSchema,
      errors: [...staffErrors, "DAY_TRADE_APPLICATION_NOT_FOUND", "REQUEST_NOT_PENDING", "REASON_REQUIRED"],
    },
    async (request, response) => {
      const staff = requireStaff(request, "reviewer");
      const decision = validate(reviewDecisionSchema, request.body);
      response.json(await dayTrading.review(request.params.id, decision, staff, staffContext(request)));
    },
  );
}
