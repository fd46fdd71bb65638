import {
  copyFundsSchema,
  copyListSchema,
  copyQuerySchema,
  copyRequestSchema,
  copySchema,
  leadApplicationSchema,
  leadApplySchema,
  leadDetailSchema,
  leaderboardQuerySchema,
  leaderboardSchema,
  leadSuspendSchema,
  mirroredPositionListSchema,
  myLeadSchema,
  opsCopyListSchema,
  opsLeadListSchema,
  opsLeadQuerySchema,
  opsLeadSchema,
  positionQuerySchema,
  reviewDecisionSchema,
} from "@kabuto/shared";
import type { Request, Router } from "express";
import { claimOf, sendKeyed } from "../http/idempotency.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import { requireStaff } from "../ops/staff-sessions.ts";
import { validate } from "../validate.ts";
import type { FollowService, StaffContext } from "./follow.service.ts";

const keyErrors = ["IDEMPOTENCY_KEY_INVALID", "IDEMPOTENCY_KEY_REUSED"] as const;
const staffErrors = ["STAFF_UNAUTHENTICATED", "FORBIDDEN"] as const;

/** Follow trading for members (`router`) and the lead queue for operations (`ops`). */
export function mountFollowRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { follow: FollowService; now: () => number },
): void {
  const { follow, now } = deps;
  const route = docs.on(router);
  const opsRoute = docs.on(ops, "/ops");
  const staffContext = (request: Request): StaffContext => ({ nowMs: now(), ip: request.ip ?? "" });

  route(
    {
      method: "get",
      path: "/follow/leads",
      tag: "follow",
      summary: "The leaderboard: approved lead traders with records computed from their journals",
      auth: true,
      query: leaderboardQuerySchema,
      response: leaderboardSchema,
      errors: ["UNAUTHENTICATED", "VALIDATION_FAILED"],
    },
    async (request, response) => {
      requireMember(request);
      const query = validate(leaderboardQuerySchema, request.query);
      response.json({ items: await follow.leaderboard(query) });
    },
  );
  route(
    {
      method: "get",
      path: "/follow/leads/{id}",
      tag: "follow",
      summary: "A lead's page: record, growth curve, allocation as shares of equity, copy terms",
      auth: true,
      response: leadDetailSchema,
      errors: ["UNAUTHENTICATED", "LEAD_TRADER_NOT_FOUND"],
    },
    async (request, response) => {
      requireMember(request);
      response.json(await follow.leadDetail(request.params.id));
    },
  );
  route(
    {
      method: "get",
      path: "/follow/lead",
      tag: "follow",
      summary: "The member's own application to lead, if any",
      auth: true,
      response: myLeadSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json(await follow.myApplication(requireMember(request).id));
    },
  );
  route(
    {
      method: "post",
      path: "/follow/lead",
      tag: "follow",
      summary: "Apply to lead: verified members with some closed trades; operations decide",
      auth: true,
      body: leadApplySchema,
      response: leadApplicationSchema,
      errors: [
        "UNAUTHENTICATED",
        "ACCOUNT_FROZEN",
        "KYC_REQUIRED",
        "LEAD_HISTORY_TOO_SHORT",
        "LEAD_APPLICATION_EXISTS",
        "NICKNAME_INVALID",
        "NICKNAME_TAKEN",
        "CURRENCY_INVALID",
        "VALIDATION_FAILED",
        ...keyErrors,
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 201);
      const body = validate(leadApplySchema, request.body);
      sendKeyed(response, await follow.apply(member.id, body, claim), 201);
    },
  );
  route(
    {
      method: "get",
      path: "/follow/copies",
      tag: "follow",
      summary: "The member's follow orders, in progress and ended, newest first",
      auth: true,
      query: copyQuerySchema,
      response: copyListSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      const member = requireMember(request);
      const { status } = validate(copyQuerySchema, request.query);
      response.json({ items: await follow.copies(member.id, status) });
    },
  );
  route(
    {
      method: "post",
      path: "/follow/copies",
      tag: "follow",
      summary:
        "Copy a lead: the amount moves from available cash into the copy; mirroring starts with their next trade",
      auth: true,
      body: copyRequestSchema,
      response: copySchema,
      errors: [
        "UNAUTHENTICATED",
        "ACCOUNT_FROZEN",
        "LEAD_TRADER_NOT_FOUND",
        "LEAD_HIDDEN",
        "COPY_SELF",
        "ALREADY_COPYING",
        "AMOUNT_INVALID",
        "COPY_AMOUNT_OUT_OF_RANGE",
        "FOLLOW_PERIOD_INVALID",
        "COPY_STOP_INVALID",
        "RISK_NOT_ACCEPTED",
        "INSUFFICIENT_BALANCE",
        ...keyErrors,
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 201);
      const body = validate(copyRequestSchema, request.body);
      sendKeyed(response, await follow.startCopy(member.id, body, claim), 201);
    },
  );
  route(
    {
      method: "post",
      path: "/follow/copies/{id}/funds",
      tag: "follow",
      summary: "Add money to a running copy, or take some out above the minimum",
      auth: true,
      body: copyFundsSchema,
      response: copySchema,
      errors: [
        "UNAUTHENTICATED",
        "ACCOUNT_FROZEN",
        "COPY_NOT_FOUND",
        "COPY_NOT_ACTIVE",
        "FOLLOW_TIME_LIMIT_EXCEEDED",
        "AMOUNT_INVALID",
        "COPY_AMOUNT_OUT_OF_RANGE",
        "COPY_FUNDS_INSUFFICIENT",
        "INSUFFICIENT_BALANCE",
        ...keyErrors,
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 200);
      const body = validate(copyFundsSchema, request.body);
      sendKeyed(response, await follow.changeFunds(member.id, request.params.id, body, claim), 200);
    },
  );
  route(
    {
      method: "post",
      path: "/follow/copies/{id}/stop",
      tag: "follow",
      summary:
        "Stop a copy: its mirrors close at market, the profit share is settled, the rest returns to available",
      auth: true,
      response: copySchema,
      errors: [
        "UNAUTHENTICATED",
        "COPY_NOT_FOUND",
        "COPY_NOT_ACTIVE",
        "OUTSIDE_TRADING_HOURS",
        "PRICE_UNAVAILABLE",
        "BOOK_TOO_THIN",
        ...keyErrors,
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 200);
      sendKeyed(response, await follow.stopCopy(member.id, request.params.id, claim), 200);
    },
  );
  route(
    {
      method: "post",
      path: "/follow/copies/{id}/mirrors/{positionId}/close",
      tag: "follow",
      summary: "Close one mirrored position at market; its proceeds return to the copy",
      auth: true,
      response: copySchema,
      errors: [
        "UNAUTHENTICATED",
        "COPY_NOT_FOUND",
        "COPY_NOT_ACTIVE",
        "POSITION_NOT_FOUND",
        "OUTSIDE_TRADING_HOURS",
        "PRICE_UNAVAILABLE",
        "BOOK_TOO_THIN",
        ...keyErrors,
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 200);
      const { id, positionId } = request.params;
      sendKeyed(response, await follow.closeMirror(member.id, id, positionId, claim), 200);
    },
  );
  route(
    {
      method: "get",
      path: "/follow/positions",
      tag: "follow",
      summary: "The member's positions mirrored from leads, each naming its lead",
      auth: true,
      query: positionQuerySchema,
      response: mirroredPositionListSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      const member = requireMember(request);
      const { status } = validate(positionQuerySchema, request.query);
      response.json({ items: await follow.mirroredPositions(member.id, status) });
    },
  );

  opsRoute(
    {
      method: "get",
      path: "/follow/leads",
      tag: "ops",
      summary: "Lead traders by status (reviewer): applications oldest first, decided ones newest first",
      query: opsLeadQuerySchema,
      response: opsLeadListSchema,
      errors: [...staffErrors],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      const { status } = validate(opsLeadQuerySchema, request.query);
      response.json({ items: await follow.opsLeads(status) });
    },
  );
  opsRoute(
    {
      method: "get",
      path: "/follow/leads/{id}",
      tag: "ops",
      summary: "One lead trader's application and standing (reviewer)",
      response: opsLeadSchema,
      errors: [...staffErrors, "LEAD_TRADER_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json(await follow.opsLead(request.params.id));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/follow/leads/{id}/review",
      tag: "ops",
      summary: "Approve an application to lead, or reject it with a reason (reviewer)",
      body: reviewDecisionSchema,
      response: opsLeadSchema,
      errors: [...staffErrors, "LEAD_TRADER_NOT_FOUND", "LEAD_NOT_PENDING", "REASON_REQUIRED"],
    },
    async (request, response) => {
      const staff = requireStaff(request, "reviewer");
      const decision = validate(reviewDecisionSchema, request.body);
      response.json(await follow.review(request.params.id, decision, staff, staffContext(request)));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/follow/leads/{id}/suspend",
      tag: "ops",
      summary:
        "Suspend a lead with a reason (supervisor): hidden at once, their copies stopped by the worker",
      body: leadSuspendSchema,
      response: opsLeadSchema,
      errors: [...staffErrors, "LEAD_TRADER_NOT_FOUND", "LEAD_NOT_APPROVED", "REASON_REQUIRED"],
    },
    async (request, response) => {
      const staff = requireStaff(request, "supervisor");
      const { reason } = validate(leadSuspendSchema, request.body);
      response.json(await follow.suspend(request.params.id, reason, staff, staffContext(request)));
    },
  );
  opsRoute(
    {
      method: "get",
      path: "/follow/leads/{id}/copies",
      tag: "ops",
      summary: "The copies of one lead, running and stopped (reviewer)",
      response: opsCopyListSchema,
      errors: [...staffErrors, "LEAD_TRADER_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json({ items: await follow.opsCopies(request.params.id) });
    },
  );
}
