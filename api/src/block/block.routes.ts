import {
  blockApplicationListSchema,
  blockApplicationQuerySchema,
  blockApplicationSchema,
  blockApplyRequestSchema,
  blockBidRequestSchema,
  blockCatalogSchema,
  blockInstrumentInputSchema,
  blockInstrumentSchema,
  blockOfferingInputSchema,
  blockOfferingSchema,
  opsBlockQuerySchema,
  opsBlockQueueSchema,
  reviewDecisionSchema,
} from "@kabuto/shared";
import type { Request, Router } from "express";
import { claimOf, sendKeyed } from "../http/idempotency.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import { requireStaff } from "../ops/staff-sessions.ts";
import { validate } from "../validate.ts";
import type { BlockService, StaffContext } from "./block.service.ts";

const keyErrors = ["IDEMPOTENCY_KEY_INVALID", "IDEMPOTENCY_KEY_REUSED"] as const;
const staffErrors = ["STAFF_UNAUTHENTICATED", "FORBIDDEN"] as const;
const applyErrors = [
  "UNAUTHENTICATED",
  "ACCOUNT_FROZEN",
  "TRADING_BARRED",
  "KYC_REQUIRED",
  "QUANTITY_INVALID",
  "PRICE_INVALID",
  "BLOCK_CLOSED",
  "BLOCK_MIN_SHARES",
  "BLOCK_MAX_SHARES",
  "BLOCK_DAILY_LIMIT",
  "INSUFFICIENT_BALANCE",
  ...keyErrors,
] as const;

/** Block trades for members (`router`) and the block desk for operations (`ops`). */
export function mountBlockRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { block: BlockService; now: () => number },
): void {
  const { block, now } = deps;
  const route = docs.on(router);
  const opsRoute = docs.on(ops, "/ops");
  const staffContext = (request: Request): StaffContext => ({ nowMs: now(), ip: request.ip ?? "" });

  route(
    {
      method: "get",
      path: "/block",
      tag: "block",
      summary:
        "Block offerings and the stocks open to negotiated bids (with each one's price band), the desk's hours, fees and the member's daily limit",
      auth: true,
      response: blockCatalogSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json(await block.catalogOf(requireMember(request).id));
    },
  );
  route(
    {
      method: "get",
      path: "/block/applications",
      tag: "block",
      summary: "The member's block-trade applications, newest first, of one kind or both",
      auth: true,
      query: blockApplicationQuerySchema,
      response: blockApplicationListSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      const { kind } = validate(blockApplicationQuerySchema, request.query);
      response.json({ items: await block.applications(requireMember(request).id, kind) });
    },
  );
  route(
    {
      method: "post",
      path: "/block/offerings/{id}/applications",
      tag: "block",
      summary: "Apply for shares of a block offering at its price; the cost and fee are held at once",
      auth: true,
      body: blockApplyRequestSchema,
      response: blockApplicationSchema,
      errors: [...applyErrors, "BLOCK_OFFERING_NOT_FOUND", "BLOCK_ALREADY_APPLIED"],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 201);
      const body = validate(blockApplyRequestSchema, request.body);
      sendKeyed(response, await block.apply(member.id, request.params.id, body, claim), 201);
    },
  );
  route(
    {
      method: "post",
      path: "/block/bids",
      tag: "block",
      summary:
        "Propose to buy a block, or sell one whole long position, at the member's own price within 7% (at least ¥5) of the last trade; held at once, reviewed by the desk",
      auth: true,
      body: blockBidRequestSchema,
      response: blockApplicationSchema,
      errors: [
        ...applyErrors,
        "BLOCK_NOT_OPEN",
        "BLOCK_PRICE_LIMIT",
        "SYMBOL_INVALID",
        "POSITION_NOT_FOUND",
        "POSITION_NOT_HOLDING",
        "POSITION_LOCKED",
        "BLOCK_ALREADY_APPLIED",
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 201);
      const body = validate(blockBidRequestSchema, request.body);
      sendKeyed(response, await block.bid(member.id, body, claim), 201);
    },
  );
  route(
    {
      method: "post",
      path: "/block/applications/{id}/withdraw",
      tag: "block",
      summary: "Withdraw a pending block-trade application; its hold is released",
      auth: true,
      response: blockApplicationSchema,
      errors: ["UNAUTHENTICATED", "BLOCK_APPLICATION_NOT_FOUND", "REQUEST_NOT_PENDING", ...keyErrors],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 200);
      sendKeyed(response, await block.withdraw(member.id, request.params.id, claim), 200);
    },
  );

  opsRoute(
    {
      method: "get",
      path: "/block",
      tag: "ops",
      summary:
        "The block desk (reviewer): applications in a state (pending by default), offerings and instruments",
      query: opsBlockQuerySchema,
      response: opsBlockQueueSchema,
      errors: [...staffErrors],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      const { state } = validate(opsBlockQuerySchema, request.query);
      response.json(await block.queue(state));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/block/applications/{id}/review",
      tag: "ops",
      summary: "Approve a pending negotiated bid (filled at its price) or reject it with a reason (reviewer)",
      body: reviewDecisionSchema,
      response: blockApplicationSchema,
      errors: [
        ...staffErrors,
        "BLOCK_APPLICATION_NOT_FOUND",
        "REQUEST_NOT_PENDING",
        "REASON_REQUIRED",
        "POSITION_NOT_HOLDING",
      ],
    },
    async (request, response) => {
      const staff = requireStaff(request, "reviewer");
      const decision = validate(reviewDecisionSchema, request.body);
      response.json(await block.review(request.params.id, decision, staff, staffContext(request)));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/block/offerings",
      tag: "ops",
      summary:
        "Publish a block offering: stock, fixed price, block size, per-member minimum and maximum, window, lock-up (supervisor)",
      body: blockOfferingInputSchema,
      response: blockOfferingSchema,
      errors: [
        ...staffErrors,
        "SYMBOL_NOT_FOUND",
        "SYMBOL_INVALID",
        "PRICE_INVALID",
        "QUANTITY_INVALID",
        "BLOCK_WINDOW_INVALID",
      ],
    },
    async (request, response) => {
      const staff = requireStaff(request, "supervisor");
      const input = validate(blockOfferingInputSchema, request.body);
      response.status(201).json(await block.createOffering(input, staff, staffContext(request)));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/block/offerings/{id}/allot",
      tag: "ops",
      summary:
        "Run a closed offering's draw (the IPO's equal lottery, seed published) and fill the winners (supervisor)",
      response: blockOfferingSchema,
      errors: [...staffErrors, "BLOCK_OFFERING_NOT_FOUND", "BLOCK_OFFERING_NOT_CLOSED"],
    },
    async (request, response) => {
      const staff = requireStaff(request, "supervisor");
      response.json(await block.allot(request.params.id, staff, staffContext(request)));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/block/instruments",
      tag: "ops",
      summary:
        "Open a stock to negotiated bids with its minimum and maximum shares, or change them (supervisor)",
      body: blockInstrumentInputSchema,
      response: blockInstrumentSchema,
      errors: [
        ...staffErrors,
        "SYMBOL_NOT_FOUND",
        "SYMBOL_INVALID",
        "QUANTITY_INVALID",
        "BLOCK_WINDOW_INVALID",
      ],
    },
    async (request, response) => {
      const staff = requireStaff(request, "supervisor");
      const input = validate(blockInstrumentInputSchema, request.body);
      response.json(await block.openInstrument(input, staff, staffContext(request)));
    },
  );
}
