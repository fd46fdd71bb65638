import {
  borrowRequestSchema,
  creditSchema,
  creditSettingSchema,
  loanDetailSchema,
  loanListSchema,
  loanSchema,
  opsCreditSchema,
  opsLoanListSchema,
  opsLoanQuerySchema,
  opsLoanSchema,
  repaymentRequestSchema,
  reviewDecisionSchema,
} from "@kabuto/shared";
import type { Request, Router } from "express";
import { claimOf, sendKeyed } from "../http/idempotency.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import { requireStaff } from "../ops/staff-sessions.ts";
import { validate } from "../validate.ts";
import type { LoansService, StaffContext } from "./loans.service.ts";

const keyErrors = ["IDEMPOTENCY_KEY_INVALID", "IDEMPOTENCY_KEY_REUSED"] as const;
const staffErrors = ["STAFF_UNAUTHENTICATED", "FORBIDDEN"] as const;

/** Credit loans for members (`router`) and their review queue and credit lines for operations (`ops`). */
export function mountLoanRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { loans: LoansService; now: () => number },
): void {
  const { loans, now } = deps;
  const route = docs.on(router);
  const opsRoute = docs.on(ops, "/ops");
  const staffContext = (request: Request): StaffContext => ({ nowMs: now(), ip: request.ip ?? "" });

  route(
    {
      method: "get",
      path: "/loans/credit",
      tag: "loans",
      summary:
        "The member's credit score and, per currency, line, borrowed, pending, available, rate and minimum",
      auth: true,
      response: creditSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json(await loans.credit(requireMember(request).id));
    },
  );
  route(
    {
      method: "get",
      path: "/loans",
      tag: "loans",
      summary: "The member's loans, newest first: amount, order number, status, what is still owed",
      auth: true,
      response: loanListSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json({ items: await loans.list(requireMember(request).id) });
    },
  );
  route(
    {
      method: "get",
      path: "/loans/{id}",
      tag: "loans",
      summary: "One loan with its journals: the draw, each day's interest and each repayment",
      auth: true,
      response: loanDetailSchema,
      errors: ["UNAUTHENTICATED", "LOAN_NOT_FOUND"],
    },
    async (request, response) => {
      response.json(await loans.detail(requireMember(request).id, request.params.id));
    },
  );
  route(
    {
      method: "post",
      path: "/loans",
      tag: "loans",
      summary: "Ask for a loan within the remaining line; it is reviewed before any money moves",
      auth: true,
      body: borrowRequestSchema,
      response: loanSchema,
      errors: [
        "UNAUTHENTICATED",
        "ACCOUNT_FROZEN",
        "KYC_REQUIRED",
        "CURRENCY_INVALID",
        "AMOUNT_INVALID",
        "AMOUNT_BELOW_MINIMUM",
        "LOAN_LINE_INSUFFICIENT",
        ...keyErrors,
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 201);
      const body = validate(borrowRequestSchema, request.body);
      sendKeyed(response, await loans.borrow(member.id, body, claim), 201);
    },
  );
  route(
    {
      method: "post",
      path: "/loans/{id}/repayments",
      tag: "loans",
      summary: "Repay part or all of a loan from available cash: interest owed first, then principal",
      auth: true,
      body: repaymentRequestSchema,
      response: loanSchema,
      errors: [
        "UNAUTHENTICATED",
        "ACCOUNT_FROZEN",
        "LOAN_NOT_FOUND",
        "LOAN_NOT_OWED",
        "AMOUNT_INVALID",
        "REPAYMENT_EXCEEDS_LOAN",
        "INSUFFICIENT_BALANCE",
        ...keyErrors,
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 200);
      const body = validate(repaymentRequestSchema, request.body);
      sendKeyed(response, await loans.repay(member.id, request.params.id, body, claim), 200);
    },
  );

  opsRoute(
    {
      method: "get",
      path: "/loans",
      tag: "ops",
      summary: "The loan queue (reviewer): pending oldest first by default; decided ones newest first",
      query: opsLoanQuerySchema,
      response: opsLoanListSchema,
      errors: [...staffErrors],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      const { status } = validate(opsLoanQuerySchema, request.query);
      response.json({ items: await loans.opsList(status) });
    },
  );
  opsRoute(
    {
      method: "get",
      path: "/loans/{id}",
      tag: "ops",
      summary: "One loan with the member's credit as it stands (reviewer)",
      response: opsLoanSchema,
      errors: [...staffErrors, "LOAN_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json(await loans.opsDetail(request.params.id));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/loans/{id}/review",
      tag: "ops",
      summary: "Approve a pending loan (the money arrives and is owed) or reject it with a reason (reviewer)",
      body: reviewDecisionSchema,
      response: opsLoanSchema,
      errors: [
        ...staffErrors,
        "LOAN_NOT_FOUND",
        "REQUEST_NOT_PENDING",
        "REASON_REQUIRED",
        "LOAN_LINE_INSUFFICIENT",
      ],
    },
    async (request, response) => {
      const staff = requireStaff(request, "reviewer");
      const decision = validate(reviewDecisionSchema, request.body);
      response.json(await loans.review(request.params.id, decision, staff, staffContext(request)));
    },
  );
  opsRoute(
    {
      method: "get",
      path: "/members/{id}/credit",
      tag: "ops",
      summary: "A member's credit figures and the rules' proposal for their score and lines (supervisor)",
      response: opsCreditSchema,
      errors: [...staffErrors, "MEMBER_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "supervisor");
      response.json(await loans.opsCredit(request.params.id));
    },
  );
  opsRoute(
    {
      method: "put",
      path: "/members/{id}/credit",
      tag: "ops",
      summary:
        "Set a member's credit score and lines (major units), with the reason the audit log keeps (supervisor)",
      body: creditSettingSchema,
      response: opsCreditSchema,
      errors: [
        ...staffErrors,
        "MEMBER_NOT_FOUND",
        "CREDIT_LINE_INVALID",
        "REASON_REQUIRED",
        "VALIDATION_FAILED",
      ],
    },
    async (request, response) => {
      const staff = requireStaff(request, "supervisor");
      const input = validate(creditSettingSchema, request.body);
      response.json(await loans.setCredit(request.params.id, input, staff, staffContext(request)));
    },
  );
}
