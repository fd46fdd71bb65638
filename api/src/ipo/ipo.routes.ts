import {
  declarationRequestSchema,
  offeringDetailSchema,
  offeringInputSchema,
  offeringListSchema,
  offeringQuerySchema,
  offerPriceSchema,
  opsOfferingSchema,
  subscriptionListSchema,
  subscriptionSchema,
} from "@kabuto/shared";
import type { Request, Router } from "express";
import { claimOf, sendKeyed } from "../http/idempotency.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember } from "../http/session-middleware.ts";
import { requireStaff } from "../ops/staff-sessions.ts";
import { validate } from "../validate.ts";
import type { IpoService, StaffContext } from "./ipo.service.ts";

const keyErrors = ["IDEMPOTENCY_KEY_INVALID", "IDEMPOTENCY_KEY_REUSED"] as const;
const staffErrors = ["STAFF_UNAUTHENTICATED", "FORBIDDEN"] as const;
const declarationErrors = [
  "UNAUTHENTICATED",
  "ACCOUNT_FROZEN",
  "KYC_REQUIRED",
  "IPO_NOT_YET_OPEN",
  "IPO_CHANNEL_CLOSED",
  "UNITS_NOT_WHOLE",
  "QUANTITY_INVALID",
  "PRICE_INVALID",
  "PRICE_OUTSIDE_BAND",
  ...keyErrors,
] as const;

/** New shares for members (`router`) and their offerings, price and draw for operations (`ops`). */
export function mountIpoRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { ipo: IpoService; now: () => number },
): void {
  const { ipo, now } = deps;
  const route = docs.on(router);
  const opsRoute = docs.on(ops, "/ops");
  const staffContext = (request: Request): StaffContext => ({ nowMs: now(), ip: request.ip ?? "" });

  route(
    {
      method: "get",
      path: "/ipo/offerings",
      tag: "ipo",
      summary: "New shares by tab (pending, in progress, ended): band or offer price, dates, live odds",
      auth: true,
      query: offeringQuerySchema,
      response: offeringListSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      requireMember(request);
      const { tab } = validate(offeringQuerySchema, request.query);
      response.json({ items: await ipo.list(tab) });
    },
  );
  route(
    {
      method: "get",
      path: "/ipo/offerings/{id}",
      tag: "ipo",
      summary:
        "One new share with the member's subscription and, after the draw, its seed, entries and result",
      auth: true,
      response: offeringDetailSchema,
      errors: ["UNAUTHENTICATED", "OFFERING_NOT_FOUND"],
    },
    async (request, response) => {
      response.json(await ipo.detail(requireMember(request).id, request.params.id));
    },
  );
  route(
    {
      method: "get",
      path: "/ipo/subscriptions",
      tag: "ipo",
      summary: "The member's subscriptions, newest first, with their states and what is due",
      auth: true,
      response: subscriptionListSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json({ items: await ipo.records(requireMember(request).id) });
    },
  );
  route(
    {
      method: "post",
      path: "/ipo/offerings/{id}/subscriptions",
      tag: "ipo",
      summary: "Declare a price in the band (or null for the offer price) and whole units; one per new share",
      auth: true,
      body: declarationRequestSchema,
      response: subscriptionSchema,
      errors: [...declarationErrors, "OFFERING_NOT_FOUND", "IPO_ALREADY_SUBSCRIBED"],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 201);
      const body = validate(declarationRequestSchema, request.body);
      sendKeyed(response, await ipo.subscribe(member.id, request.params.id, body, claim), 201);
    },
  );
  route(
    {
      method: "put",
      path: "/ipo/subscriptions/{id}",
      tag: "ipo",
      summary: "Change a declaration's price or units while book-building is open",
      auth: true,
      body: declarationRequestSchema,
      response: subscriptionSchema,
      errors: [...declarationErrors, "SUBSCRIPTION_NOT_FOUND", "SUBSCRIPTION_STATE_INVALID"],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 200);
      const body = validate(declarationRequestSchema, request.body);
      sendKeyed(response, await ipo.change(member.id, request.params.id, body, claim), 200);
    },
  );
  route(
    {
      method: "post",
      path: "/ipo/subscriptions/{id}/cancel",
      tag: "ipo",
      summary: "Withdraw a declaration while book-building is open",
      auth: true,
      response: subscriptionSchema,
      errors: [
        "UNAUTHENTICATED",
        "SUBSCRIPTION_NOT_FOUND",
        "SUBSCRIPTION_STATE_INVALID",
        "IPO_CHANNEL_CLOSED",
        ...keyErrors,
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 200);
      sendKeyed(response, await ipo.cancel(member.id, request.params.id, claim), 200);
    },
  );
  route(
    {
      method: "post",
      path: "/ipo/subscriptions/{id}/pay",
      tag: "ipo",
      summary: "Pay for units won from available cash, held until listing day, before the payment deadline",
      auth: true,
      response: subscriptionSchema,
      errors: [
        "UNAUTHENTICATED",
        "ACCOUNT_FROZEN",
        "SUBSCRIPTION_NOT_FOUND",
        "SUBSCRIPTION_STATE_INVALID",
        "INSUFFICIENT_BALANCE",
        ...keyErrors,
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 200);
      sendKeyed(response, await ipo.pay(member.id, request.params.id, claim), 200);
    },
  );

  opsRoute(
    {
      method: "get",
      path: "/ipo/offerings",
      tag: "ops",
      summary: "Every new share offering with its phase and demand (reviewer)",
      response: offeringListSchema,
      errors: [...staffErrors],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json({ items: await ipo.opsList() });
    },
  );
  opsRoute(
    {
      method: "get",
      path: "/ipo/offerings/{id}",
      tag: "ops",
      summary: "One offering with demand by declared price and subscriptions by state (reviewer)",
      response: opsOfferingSchema,
      errors: [...staffErrors, "OFFERING_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json(await ipo.opsDetail(request.params.id));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/ipo/offerings",
      tag: "ops",
      summary: "Create a new share offering; its draw's seed is committed to at once (supervisor)",
      body: offeringInputSchema,
      response: opsOfferingSchema,
      errors: [
        ...staffErrors,
        "VALIDATION_FAILED",
        "PRICE_INVALID",
        "OFFERING_BAND_INVALID",
        "OFFERING_SCHEDULE_INVALID",
        "OFFERING_CODE_EXISTS",
      ],
    },
    async (request, response) => {
      const staff = requireStaff(request, "supervisor");
      const input = validate(offeringInputSchema, request.body);
      response.status(201).json(await ipo.create(input, staff, staffContext(request)));
    },
  );
  opsRoute(
    {
      method: "put",
      path: "/ipo/offerings/{id}",
      tag: "ops",
      summary: "Edit an offering before its book-building opens (supervisor)",
      body: offeringInputSchema,
      response: opsOfferingSchema,
      errors: [
        ...staffErrors,
        "VALIDATION_FAILED",
        "PRICE_INVALID",
        "OFFERING_NOT_FOUND",
        "OFFERING_NOT_EDITABLE",
        "OFFERING_BAND_INVALID",
        "OFFERING_SCHEDULE_INVALID",
        "OFFERING_CODE_EXISTS",
      ],
    },
    async (request, response) => {
      const staff = requireStaff(request, "supervisor");
      const input = validate(offeringInputSchema, request.body);
      response.json(await ipo.update(request.params.id, input, staff, staffContext(request)));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/ipo/offerings/{id}/price",
      tag: "ops",
      summary:
        "Set the offer price inside the band after the book closes; lower declarations are excluded (supervisor)",
      body: offerPriceSchema,
      response: opsOfferingSchema,
      errors: [
        ...staffErrors,
        "OFFERING_NOT_FOUND",
        "OFFERING_STAGE_INVALID",
        "PRICE_INVALID",
        "PRICE_OUTSIDE_BAND",
      ],
    },
    async (request, response) => {
      const staff = requireStaff(request, "supervisor");
      const { price } = validate(offerPriceSchema, request.body);
      response.json(await ipo.setPrice(request.params.id, price, staff, staffContext(request)));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/ipo/offerings/{id}/draw",
      tag: "ops",
      summary:
        "Run the draw of a priced offering and publish its seed, entries, result and waitlist (supervisor)",
      response: opsOfferingSchema,
      errors: [...staffErrors, "OFFERING_NOT_FOUND", "OFFERING_STAGE_INVALID"],
    },
    async (request, response) => {
      const staff = requireStaff(request, "supervisor");
      response.json(await ipo.draw(request.params.id, staff, staffContext(request)));
    },
  );
}
