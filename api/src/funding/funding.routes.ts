import {
  depositListSchema,
  depositSchema,
  depositSubmitSchema,
  fundingTermsSchema,
  fxConversionSchema,
  fxConvertSchema,
  fxQuoteRequestSchema,
  fxQuoteSchema,
  isDeskOpen,
  opsDepositListSchema,
  opsDepositQuerySchema,
  opsDepositSchema,
  opsWithdrawalDetailSchema,
  opsWithdrawalListSchema,
  opsWithdrawalQuerySchema,
  rechargeChannelInputSchema,
  rechargeChannelListSchema,
  rechargeChannelSchema,
  rechargeChannelUpdateSchema,
  reviewDecisionSchema,
  withdrawableListSchema,
  withdrawalCheckSchema,
  withdrawalListSchema,
  withdrawalSchema,
  withdrawRequestSchema,
} from "@kabuto/shared";
import type { Request, Router } from "express";
import type { Config } from "../config.ts";
import { claimOf, sendKeyed, sendResult } from "../http/idempotency.ts";
import type { ApiDocs, Route } from "../http/openapi.ts";
import { requireMember, signedIn } from "../http/session-middleware.ts";
import { requireStaff } from "../ops/staff-sessions.ts";
import { type UploadStore, uploadedFile } from "../uploads/upload-store.ts";
import { validate } from "../validate.ts";
import type { ChannelsService, StaffContext } from "./channels.service.ts";
import type { DepositsService } from "./deposits.service.ts";
import type { FundHours } from "./fund-hours.ts";
import type { FxService } from "./fx.service.ts";
import type { WithdrawalsService } from "./withdrawals.service.ts";

export interface FundingDeps {
  config: Config;
  now: () => number;
  channels: ChannelsService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  fx: FxService;
  uploadStore: UploadStore;
  fundHours: FundHours;
}

const fundErrors = [
  "UNAUTHENTICATED",
  "ACCOUNT_FROZEN",
  "OUTSIDE_FUND_HOURS",
  "AMOUNT_INVALID",
  "AMOUNT_BELOW_MINIMUM",
  "FUND_OPERATION_IN_PROGRESS",
  "SUBMITTING_TOO_FREQUENTLY",
  "IDEMPOTENCY_KEY_INVALID",
  "IDEMPOTENCY_KEY_REUSED",
] as const;
const staffErrors = ["STAFF_UNAUTHENTICATED", "FORBIDDEN"] as const;

/**
 * Money in and out: recharge channels, deposits, withdrawals and currency exchange for members
 * (`router`), and their review queues for operations (`ops`, mounted at /ops).
 */
export function mountFundingRoutes(router: Router, ops: Router, docs: ApiDocs, deps: FundingDeps): void {
  const { config, now, fundHours } = deps;
  const on: Mount = {
    route: docs.on(router),
    opsRoute: docs.on(ops, "/ops"),
    staffContext: (request) => ({ nowMs: now(), ip: request.ip ?? "" }),
  };
  mountTermsRoute(on, config, fundHours, now);
  mountChannelRoutes(on, deps.channels);
  mountDepositRoutes(on, deps.deposits, deps.uploadStore);
  mountWithdrawalRoutes(on, deps.withdrawals);
  mountFxRoutes(on, deps.fx);
}

/** Where routes go: members' on `router`, operations' on `ops` (mounted at /ops). */
interface Mount {
  route: Route;
  opsRoute: Route;
  staffContext: (request: Request) => StaffContext;
}

function mountTermsRoute(on: Mount, config: Config, fundHours: FundHours, now: () => number): void {
  const { route } = on;
  route(
    {
      method: "get",
      path: "/funding/terms",
      tag: "money",
      summary:
        "When deposits and withdrawals are taken (Tokyo time, TSE business days) and how long an FX quote holds",
      response: fundingTermsSchema,
    },
    (_request, response) => {
      response.json({
        hours: config.FUND_HOURS,
        openNow: isDeskOpen(fundHours, now()),
        fxQuoteSeconds: config.FX_QUOTE_SECONDS,
      });
    },
  );
}

function mountChannelRoutes(on: Mount, channels: ChannelsService): void {
  const { route, opsRoute, staffContext } = on;
  route(
    {
      method: "get",
      path: "/recharge-channels",
      tag: "money",
      summary: "The enabled deposit channels: where to send money, and the amounts each takes (minor units)",
      auth: true,
      response: rechargeChannelListSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      requireMember(request);
      response.json({ items: await channels.list(true) });
    },
  );
  opsRoute(
    {
      method: "get",
      path: "/recharge-channels",
      tag: "ops",
      summary: "Every deposit channel, enabled or not (supervisor)",
      response: rechargeChannelListSchema,
      errors: [...staffErrors],
    },
    async (request, response) => {
      requireStaff(request, "supervisor");
      response.json({ items: await channels.list(false) });
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/recharge-channels",
      tag: "ops",
      summary: "Add a deposit channel (supervisor); min and max in major units of its currency",
      body: rechargeChannelInputSchema,
      response: rechargeChannelSchema,
      errors: [
        ...staffErrors,
        "VALIDATION_FAILED",
        "CURRENCY_INVALID",
        "AMOUNT_INVALID",
        "AMOUNT_ABOVE_MAXIMUM",
      ],
    },
    async (request, response) => {
      const staff = requireStaff(request, "supervisor");
      response.status(201).json(await channels.create(request.body, staff, staffContext(request)));
    },
  );
  opsRoute(
    {
      method: "put",
      path: "/recharge-channels/{id}",
      tag: "ops",
      summary: "Replace a deposit channel's fields, `enabled` included (supervisor)",
      body: rechargeChannelUpdateSchema,
      response: rechargeChannelSchema,
      errors: [
        ...staffErrors,
        "CHANNEL_NOT_FOUND",
        "VALIDATION_FAILED",
        "CURRENCY_INVALID",
        "AMOUNT_INVALID",
        "AMOUNT_ABOVE_MAXIMUM",
      ],
    },
    async (request, response) => {
      const staff = requireStaff(request, "supervisor");
      response.json(
        await channels.update(String(request.params.id), request.body, staff, staffContext(request)),
      );
    },
  );
}

function mountDepositRoutes(on: Mount, deposits: DepositsService, uploads: UploadStore): void {
  const { route, opsRoute, staffContext } = on;
  route(
    {
      method: "post",
      path: "/deposits",
      tag: "money",
      summary:
        "Submit a deposit for review: multipart/form-data with channelId, amount (major units of the channel's currency) and the receipt image as file `receipt`",
      auth: true,
      body: depositSubmitSchema,
      multipart: true,
      response: depositSchema,
      errors: [
        ...fundErrors,
        "CHANNEL_NOT_FOUND",
        "AMOUNT_ABOVE_MAXIMUM",
        "RECEIPT_REQUIRED",
        "UPLOAD_TYPE_INVALID",
        "UPLOAD_TOO_LARGE",
        "UPLOAD_FAILED",
      ],
    },
    signedIn,
    uploads.fields(["receipt"]),
    async (request, response) => {
      const member = requireMember(request);
      const receipt = uploadedFile(request.files, "receipt");
      const claim = claimOf(request, 201);
      const body = validate(depositSubmitSchema, request.body);
      sendKeyed(response, await deposits.submit(member.id, body, receipt, claim), 201);
    },
  );
  route(
    {
      method: "get",
      path: "/deposits",
      tag: "money",
      summary: "The member's deposits, newest first",
      auth: true,
      response: depositListSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json({ items: await deposits.list(requireMember(request).id) });
    },
  );
  opsRoute(
    {
      method: "get",
      path: "/deposits",
      tag: "ops",
      summary:
        "The deposit queue (reviewer): pending oldest first by default, with each member's earlier requests",
      query: opsDepositQuerySchema,
      response: opsDepositListSchema,
      errors: [...staffErrors],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      const { status } = validate(opsDepositQuerySchema, request.query);
      response.json({ items: await deposits.opsList(status) });
    },
  );
  opsRoute(
    {
      method: "get",
      path: "/deposits/{id}",
      tag: "ops",
      summary: "One deposit with its receipt upload and the member's earlier requests (reviewer)",
      response: opsDepositSchema,
      errors: [...staffErrors, "DEPOSIT_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json(await deposits.opsDetail(String(request.params.id)));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/deposits/{id}/review",
      tag: "ops",
      summary: "Approve a pending deposit (credits the member) or reject it with a reason (reviewer)",
      body: reviewDecisionSchema,
      response: opsDepositSchema,
      errors: [...staffErrors, "DEPOSIT_NOT_FOUND", "REQUEST_NOT_PENDING", "REASON_REQUIRED"],
    },
    async (request, response) => {
      const staff = requireStaff(request, "reviewer");
      response.json(
        await deposits.review(String(request.params.id), request.body, staff, staffContext(request)),
      );
    },
  );
}

function mountWithdrawalRoutes(on: Mount, withdrawals: WithdrawalsService): void {
  const { route, opsRoute, staffContext } = on;
  route(
    {
      method: "get",
      path: "/withdrawable",
      tag: "money",
      summary:
        "Per currency held: available cash, losses beyond posted margin at current quotes, loans, what may be withdrawn and the minimum",
      auth: true,
      response: withdrawableListSchema,
      errors: ["UNAUTHENTICATED", "PRICE_UNAVAILABLE"],
    },
    async (request, response) => {
      response.json({ items: await withdrawals.withdrawable(requireMember(request).id) });
    },
  );
  route(
    {
      method: "post",
      path: "/withdrawals",
      tag: "money",
      summary:
        "Ask to withdraw to one of the member's cards: the amount moves from available to held until reviewed",
      auth: true,
      body: withdrawRequestSchema,
      response: withdrawalSchema,
      errors: [
        ...fundErrors,
        "WITHDRAW_BARRED",
        "CURRENCY_INVALID",
        "FUND_PASSWORD_REQUIRED",
        "FUND_PASSWORD_NOT_SET",
        "FUND_PASSWORD_WRONG",
        "FUND_PASSWORD_THROTTLED",
        "CARD_NOT_FOUND",
        "INSUFFICIENT_WITHDRAWABLE",
        "LOAN_UNPAID",
        "PRICE_UNAVAILABLE",
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 201);
      const body = validate(withdrawRequestSchema, request.body);
      sendKeyed(response, await withdrawals.request(member.id, body, claim), 201);
    },
  );
  route(
    {
      method: "get",
      path: "/withdrawals",
      tag: "money",
      summary: "The member's withdrawals, newest first",
      auth: true,
      response: withdrawalListSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json({ items: await withdrawals.list(requireMember(request).id) });
    },
  );
  opsRoute(
    {
      method: "get",
      path: "/withdrawals",
      tag: "ops",
      summary: "The withdrawal queue (reviewer): pending and checked oldest first by default",
      query: opsWithdrawalQuerySchema,
      response: opsWithdrawalListSchema,
      errors: [...staffErrors],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      const { status } = validate(opsWithdrawalQuerySchema, request.query);
      response.json({ items: await withdrawals.opsList(status) });
    },
  );
  opsRoute(
    {
      method: "get",
      path: "/withdrawals/{id}",
      tag: "ops",
      summary: "One withdrawal with the full card to pay and the member's earlier requests (reviewer)",
      response: opsWithdrawalDetailSchema,
      errors: [...staffErrors, "WITHDRAWAL_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json(await withdrawals.opsDetail(String(request.params.id)));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/withdrawals/{id}/check",
      tag: "ops",
      summary:
        "Maker: prepare a pending withdrawal's payout (pending → checked); another staff member approves it",
      body: withdrawalCheckSchema,
      response: opsWithdrawalDetailSchema,
      errors: [...staffErrors, "WITHDRAWAL_NOT_FOUND", "REQUEST_NOT_PENDING"],
    },
    async (request, response) => {
      const staff = requireStaff(request, "reviewer");
      response.json(
        await withdrawals.check(String(request.params.id), request.body, staff, staffContext(request)),
      );
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/withdrawals/{id}/review",
      tag: "ops",
      summary:
        "Checker: approve a checked withdrawal (pays it out; not by its maker) or reject a pending or checked one with a reason (releases it)",
      body: reviewDecisionSchema,
      response: opsWithdrawalDetailSchema,
      errors: [
        ...staffErrors,
        "WITHDRAWAL_NOT_FOUND",
        "REQUEST_NOT_PENDING",
        "REASON_REQUIRED",
        "MAKER_CHECKER",
      ],
    },
    async (request, response) => {
      const staff = requireStaff(request, "reviewer");
      response.json(
        await withdrawals.review(String(request.params.id), request.body, staff, staffContext(request)),
      );
    },
  );
}

function mountFxRoutes(on: Mount, fx: FxService): void {
  const { route } = on;
  route(
    {
      method: "post",
      path: "/fx/quote",
      tag: "money",
      summary: "Quote an exchange at the feed's rate; the quote holds for fxQuoteSeconds",
      auth: true,
      body: fxQuoteRequestSchema,
      response: fxQuoteSchema,
      errors: [
        "UNAUTHENTICATED",
        "CURRENCY_INVALID",
        "CURRENCIES_SAME",
        "FX_PAIR_UNAVAILABLE",
        "AMOUNT_INVALID",
        "AMOUNT_BELOW_MINIMUM",
        "PRICE_UNAVAILABLE",
        "RATE_LIMITED",
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      response.status(201).json(await fx.quote(member.id, request.body));
    },
  );
  route(
    {
      method: "post",
      path: "/fx/convert",
      tag: "money",
      summary: "Convert at a quote: one journal through the house FX account, no fee",
      auth: true,
      body: fxConvertSchema,
      response: fxConversionSchema,
      errors: [
        "UNAUTHENTICATED",
        "ACCOUNT_FROZEN",
        "FX_QUOTE_NOT_FOUND",
        "FX_QUOTE_EXPIRED",
        "INSUFFICIENT_BALANCE",
        "IDEMPOTENCY_KEY_INVALID",
        "IDEMPOTENCY_KEY_REUSED",
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 200);
      // A retry gets its first answer, not the refusal its own effects would now cause.
      const replay = await fx.storedAnswer(member.id, claim);
      if (replay) return sendResult(response, replay);
      const { quoteId } = validate(fxConvertSchema, request.body);
      sendKeyed(response, await fx.convert(member.id, quoteId, claim), 200);
    },
  );
}
