import {
  dayTradeApplicationSchema,
  dayTradeApplySchema,
  dayTradePositionListSchema,
  dayTradePositionQuerySchema,
  dayTradingSchema,
  opsDayTradeApplicationSchema,
  opsDayTradeListSchema,
  opsDayTradeQuerySchema,
} from "./day-trading.ts";
import { endpoint } from "./endpoint.ts";
import { reviewDecisionSchema } from "./staff-decisions.ts";

/**
 * Day trading for members (the application, the terms and cut-offs, the positions; orders go
 * through `POST /orders` with `dayTrade`) and the application queue for operations.
 */
export const dayTradingApi = {
  overview: endpoint({
    method: "get",
    path: "/day-trading",
    tag: "day-trading",
    summary:
      "The member's application, and per market the day-trade terms, today's cut-off and the buying power allowed now",
    caller: "member",
    response: dayTradingSchema,
    changesWith: ["order", "position", "balance", "day_trade_cutoff"],
  }),
  positions: endpoint({
    method: "get",
    path: "/day-trading/positions",
    tag: "day-trading",
    summary: "The member's day-trade positions, newest first: open ones, closed ones, or both",
    caller: "member",
    query: dayTradePositionQuerySchema,
    response: dayTradePositionListSchema,
    errors: ["VALIDATION_FAILED"],
    changesWith: ["order", "position", "day_trade_cutoff"],
  }),
  apply: endpoint({
    method: "post",
    path: "/day-trading/application",
    tag: "day-trading",
    summary: "Apply for day trading, agreeing to its risks and the forced close; operations review it",
    caller: "member",
    idempotent: true,
    status: 201,
    body: dayTradeApplySchema,
    response: dayTradeApplicationSchema,
    errors: ["ACCOUNT_FROZEN", "DAY_TRADE_AGREEMENT_REQUIRED", "DAY_TRADE_ALREADY_APPLIED"],
  }),
  opsList: endpoint({
    method: "get",
    path: "/ops/day-trading/applications",
    tag: "ops",
    summary:
      "Day-trading applications (reviewer): pending oldest first by default; decided ones newest first",
    caller: "reviewer",
    query: opsDayTradeQuerySchema,
    response: opsDayTradeListSchema,
    errors: ["VALIDATION_FAILED"],
  }),
  opsDetail: endpoint({
    method: "get",
    path: "/ops/day-trading/applications/{id}",
    tag: "ops",
    summary: "One day-trading application with its member (reviewer)",
    caller: "reviewer",
    response: opsDayTradeApplicationSchema,
    errors: ["DAY_TRADE_APPLICATION_NOT_FOUND"],
  }),
  review: endpoint({
    method: "post",
    path: "/ops/day-trading/applications/{id}/review",
    tag: "ops",
    summary:
      "Approve a pending day-trading application or reject it with a reason the member reads (reviewer)",
    caller: "reviewer",
    body: reviewDecisionSchema,
    response: opsDayTradeApplicationSchema,
    errors: ["DAY_TRADE_APPLICATION_NOT_FOUND", "REQUEST_NOT_PENDING", "REASON_REQUIRED"],
  }),
};
