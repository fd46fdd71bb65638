import {
  accountSchema,
  addMarginSchema,
  fundRecordListSchema,
  ledgerQuerySchema,
  orderListSchema,
  orderQuerySchema,
  orderSchema,
  placeOrderSchema,
  positionListSchema,
  positionQuerySchema,
  positionSchema,
  tradingTermsSchema,
} from "@kabuto/shared";
import type { Router } from "express";
import { AppError } from "../errors.ts";
import { claimOf, idempotencyOf, sendKeyed, sendResult } from "../http/idempotency.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import { validate } from "../validate.ts";
import type { TradingService } from "./trading.service.ts";

const tradingErrors = [
  "UNAUTHENTICATED",
  "IDEMPOTENCY_KEY_REUSED",
  "IDEMPOTENCY_KEY_INVALID",
  "INSUFFICIENT_BALANCE",
  "OUTSIDE_TRADING_HOURS",
  "MARKET_ORDER_OUTSIDE_REGULAR",
  "PRICE_UNAVAILABLE",
  "BOOK_TOO_THIN",
] as const;

export function mountTradingRoutes(
  router: Router,
  docs: ApiDocs,
  deps: {
    trading: TradingService;
    /** KYC_REQUIRED_FOR_TRADING: only verified members open positions. */
    kycRequired?: boolean;
  },
): void {
  const { trading } = deps;
  const route = docs.on(router);

  route(
    {
      method: "post",
      path: "/orders",
      tag: "trading",
      summary:
        "Place an order: market orders fill against the book now; limit orders rest until the market reaches them",
      auth: true,
      body: placeOrderSchema,
      response: orderSchema,
      errors: [
        ...tradingErrors,
        "PRODUCT_NOT_FOUND",
        "QUANTITY_INVALID",
        "LEVERAGE_INVALID",
        "PRICE_REQUIRED",
        "PRICE_INVALID",
        "PRICE_OFF_TICK",
        "PRICE_LIMIT_EXCEEDED",
        "SESSION_INVALID",
        "ACCOUNT_FROZEN",
        "TRADING_BARRED",
        "KYC_REQUIRED",
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      if (member.frozen || member.tradingBarred) {
        // A retry of an order that went through before the flag was set gets its first answer.
        const replay = await trading.storedAnswer(member.id, idempotencyOf(request));
        if (replay) return sendResult(response, replay);
        throw new AppError(member.frozen ? "ACCOUNT_FROZEN" : "TRADING_BARRED");
      }
      if (deps.kycRequired && member.verification !== "verified") throw new AppError("KYC_REQUIRED");
      const claim = claimOf(request, 201);
      const order = validate(placeOrderSchema, request.body);
      sendKeyed(response, await trading.placeOrder(member.id, order, claim), 201);
    },
  );

  route(
    {
      method: "get",
      path: "/orders",
      tag: "trading",
      summary: "The member's orders, newest first",
      auth: true,
      query: orderQuerySchema,
      response: orderListSchema,
    },
    async (request, response) => {
      const member = requireMember(request);
      const { status } = validate(orderQuerySchema, request.query);
      response.json({ items: await trading.orders(member.id, status) });
    },
  );

  route(
    {
      method: "post",
      path: "/orders/{id}/cancel",
      tag: "trading",
      summary: "Cancel a pending order and release its held money",
      auth: true,
      response: orderSchema,
      errors: ["UNAUTHENTICATED", "ORDER_NOT_FOUND", "ORDER_NOT_PENDING", "IDEMPOTENCY_KEY_REUSED"],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 200);
      sendKeyed(response, await trading.cancelOrder(member.id, String(request.params.id), claim), 200);
    },
  );

  route(
    {
      method: "get",
      path: "/positions",
      tag: "trading",
      summary: "The member's positions, newest first",
      auth: true,
      query: positionQuerySchema,
      response: positionListSchema,
    },
    async (request, response) => {
      const member = requireMember(request);
      const { status } = validate(positionQuerySchema, request.query);
      response.json({ items: await trading.positions(member.id, status) });
    },
  );

  route(
    {
      method: "get",
      path: "/positions/{id}",
      tag: "trading",
      summary: "One position",
      auth: true,
      response: positionSchema,
      errors: ["UNAUTHENTICATED", "POSITION_NOT_FOUND"],
    },
    async (request, response) => {
      const member = requireMember(request);
      response.json(await trading.position(member.id, String(request.params.id)));
    },
  );

  route(
    {
      method: "post",
      path: "/positions/{id}/close",
      tag: "trading",
      summary: "Close a holding position at market",
      auth: true,
      response: positionSchema,
      errors: [
        ...tradingErrors,
        "POSITION_NOT_FOUND",
        "POSITION_NOT_HOLDING",
        "POSITION_LOCKED",
        "POSITION_MIRRORED",
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 200);
      sendKeyed(response, await trading.closePosition(member.id, String(request.params.id), claim), 200);
    },
  );

  route(
    {
      method: "post",
      path: "/positions/{id}/margin",
      tag: "trading",
      summary: "Add margin to a holding position from available cash",
      auth: true,
      body: addMarginSchema,
      response: positionSchema,
      errors: [
        "UNAUTHENTICATED",
        "AMOUNT_INVALID",
        "INSUFFICIENT_BALANCE",
        "POSITION_NOT_FOUND",
        "POSITION_NOT_HOLDING",
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 200);
      const amount = BigInt(validate(addMarginSchema, request.body).amount);
      sendKeyed(response, await trading.addMargin(member.id, String(request.params.id), amount, claim), 200);
    },
  );

  route(
    {
      method: "get",
      path: "/trading/terms",
      tag: "trading",
      summary: "Leverages offered and the fee, tax and maintenance terms per market",
      response: tradingTermsSchema,
    },
    (_request, response) => {
      response.json({ JP: trading.termsOf("JP"), US: trading.termsOf("US") });
    },
  );

  route(
    {
      method: "get",
      path: "/account",
      tag: "money",
      summary: "Per-currency balances: available, held (frozen), margin, deficit and realised profit",
      auth: true,
      response: accountSchema,
    },
    async (request, response) => {
      response.json(await trading.account(requireMember(request).id));
    },
  );

  route(
    {
      method: "get",
      path: "/ledger",
      tag: "money",
      summary: "Fund records: the member's journals, newest first",
      auth: true,
      query: ledgerQuerySchema,
      response: fundRecordListSchema,
    },
    async (request, response) => {
      const member = requireMember(request);
      response.json(await trading.fundRecords(member.id, validate(ledgerQuerySchema, request.query)));
    },
  );
}
