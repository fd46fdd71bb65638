import {
  bankCardInputSchema,
  bankCardListSchema,
  bankCardSchema,
  changeLoginPasswordSchema,
  kycQueueQuerySchema,
  kycReviewDetailSchema,
  kycReviewItemSchema,
  kycReviewListSchema,
  kycStatusSchema,
  kycSubmitSchema,
  reviewDecisionSchema,
  securityStatusSchema,
  setFundPasswordSchema,
  staffBankCardListSchema,
  staffBankCardQuerySchema,
} from "@kabuto/shared";
import type { Request, Router } from "express";
import { hashToken } from "../auth/sessions.ts";
import { claimOf, sendKeyed } from "../http/idempotency.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember, signedIn } from "../http/session-middleware.ts";
import { requireStaff } from "../ops/staff-sessions.ts";
import { type UploadStore, uploadedFile } from "../uploads/upload-store.ts";
import { validate } from "../validate.ts";
import type { BankCardsService } from "./bank-cards.service.ts";
import type { KycService } from "./kyc.service.ts";
import type { PasswordContext, PasswordsService } from "./passwords.service.ts";

const memberErrors = ["UNAUTHENTICATED", "IDEMPOTENCY_KEY_REUSED", "IDEMPOTENCY_KEY_INVALID"] as const;
const staffErrors = ["STAFF_UNAUTHENTICATED", "FORBIDDEN"] as const;

/**
 * Real-name verification, bank cards and passwords for members, and the KYC review queue
 * under `/ops`.
 */
export function mountIdentityRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: {
    kyc: KycService;
    cards: BankCardsService;
    passwords: PasswordsService;
    /** Parses the multipart form of an application. */
    uploads: UploadStore;
    now: () => number;
    /** Forgets ended sessions and drops their sockets (createApp's `endSessions`). */
    endSessions: (tokenHashes: string[]) => Promise<void>;
  },
): void {
  const { kyc, cards, passwords, now } = deps;
  const route = docs.on(router);
  const opsRoute = docs.on(ops, "/ops");

  route(
    {
      method: "get",
      path: "/kyc",
      tag: "identity",
      summary: "The member's verification status and newest application (document number masked)",
      auth: true,
      response: kycStatusSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json(await kyc.status(requireMember(request).id));
    },
  );

  route(
    {
      method: "post",
      path: "/kyc",
      tag: "identity",
      summary:
        "Apply for real-name verification: multipart/form-data with documentType, name and idNumber, " +
        "and image files `front` and `back` (JPEG, PNG or WebP, 8 MiB each)",
      auth: true,
      body: kycSubmitSchema,
      multipart: true,
      response: kycStatusSchema,
      errors: [
        ...memberErrors,
        "ACCOUNT_FROZEN",
        "DOCUMENT_TYPE_INVALID",
        "NAME_REQUIRED",
        "ID_NUMBER_REQUIRED",
        "ID_NUMBER_INVALID",
        "UPLOAD_REQUIRED",
        "UPLOAD_TYPE_INVALID",
        "UPLOAD_TOO_LARGE",
        "UPLOAD_FAILED",
        "KYC_PENDING",
        "KYC_ALREADY_VERIFIED",
      ],
    },
    signedIn,
    deps.uploads.fields(["front", "back"]),
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 201);
      const fields = validate(kycSubmitSchema, request.body);
      const files = {
        front: uploadedFile(request.files, "front"),
        back: uploadedFile(request.files, "back"),
      };
      sendKeyed(response, await kyc.submit(member.id, fields, files, now(), claim), 201);
    },
  );

  opsRoute(
    {
      method: "get",
      path: "/kyc",
      tag: "ops",
      summary: "Verification applications by status: pending ones oldest first, decided ones newest first",
      query: kycQueueQuerySchema,
      response: kycReviewListSchema,
      errors: [...staffErrors],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      const { status } = validate(kycQueueQuerySchema, request.query);
      response.json({ items: await kyc.queue(status) });
    },
  );

  opsRoute(
    {
      method: "get",
      path: "/kyc/{id}",
      tag: "ops",
      summary:
        "One application with the full document number, its images' upload ids and the member's history",
      response: kycReviewDetailSchema,
      errors: [...staffErrors, "KYC_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json(await kyc.detail(String(request.params.id)));
    },
  );

  opsRoute(
    {
      method: "post",
      path: "/kyc/{id}/review",
      tag: "ops",
      summary: "Approve (the name becomes the member's real name) or reject with a reason the member reads",
      body: reviewDecisionSchema,
      response: kycReviewItemSchema,
      errors: [...staffErrors, "KYC_NOT_FOUND", "REASON_REQUIRED", "REQUEST_NOT_PENDING"],
    },
    async (request, response) => {
      const actor = requireStaff(request, "reviewer");
      response.json(
        await kyc.review(String(request.params.id), validate(reviewDecisionSchema, request.body), actor, {
          nowMs: now(),
          ip: request.ip ?? "",
        }),
      );
    },
  );

  route(
    {
      method: "get",
      path: "/bank-cards",
      tag: "identity",
      summary: "The member's bank cards, numbers masked",
      auth: true,
      response: bankCardListSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json({ items: await cards.list(requireMember(request).id) });
    },
  );

  route(
    {
      method: "post",
      path: "/bank-cards",
      tag: "identity",
      summary: "Add a bank card in the member's verified name; the answer masks the number too",
      auth: true,
      body: bankCardInputSchema,
      response: bankCardSchema,
      errors: [
        ...memberErrors,
        "ACCOUNT_FROZEN",
        "CARD_FIELD_REQUIRED",
        "CARD_NUMBER_INVALID",
        "KYC_REQUIRED",
        "CARD_HOLDER_MISMATCH",
        "CARD_EXISTS",
        "CARDS_LIMIT",
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 201);
      const card = validate(bankCardInputSchema, request.body);
      sendKeyed(response, await cards.add(member.id, card, now(), claim), 201);
    },
  );

  route(
    {
      method: "delete",
      path: "/bank-cards/{id}",
      tag: "identity",
      summary: "Remove one of the member's cards; not while an open withdrawal pays out to it",
      auth: true,
      errors: [...memberErrors, "ACCOUNT_FROZEN", "CARD_NOT_FOUND", "FUND_OPERATION_IN_PROGRESS"],
    },
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 200);
      sendKeyed(response, await cards.remove(member.id, String(request.params.id), now(), claim), 200);
    },
  );

  opsRoute(
    {
      method: "get",
      path: "/bank-cards",
      tag: "ops",
      summary: "A member's bank cards with full numbers, removed ones included (for paying out)",
      query: staffBankCardQuerySchema,
      response: staffBankCardListSchema,
      errors: [...staffErrors],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      const { memberId } = validate(staffBankCardQuerySchema, request.query);
      response.json({ items: await cards.listForStaff(memberId) });
    },
  );

  const passwordContext = (request: Request): PasswordContext => ({
    nowMs: now(),
    ip: request.ip ?? "unknown",
    keepTokenHash: request.sessionToken ? hashToken(request.sessionToken) : undefined,
  });

  route(
    {
      method: "get",
      path: "/me/security",
      tag: "identity",
      summary: "What the security screens show: fund password set, verification, real name, account flags",
      auth: true,
      response: securityStatusSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json(await passwords.security(requireMember(request).id));
    },
  );

  route(
    {
      method: "post",
      path: "/me/password",
      tag: "identity",
      summary: "Change the login password (the old one is required); ends the member's other sessions",
      auth: true,
      body: changeLoginPasswordSchema,
      errors: [
        "UNAUTHENTICATED",
        "PASSWORD_REQUIRED",
        "PASSWORD_INVALID",
        "PASSWORDS_DIFFER",
        "OLD_PASSWORD_WRONG",
        "LOGIN_THROTTLED",
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      await deps.endSessions(
        await passwords.changeLoginPassword(
          member.id,
          validate(changeLoginPasswordSchema, request.body),
          passwordContext(request),
        ),
      );
      response.json({ ok: true });
    },
  );

  route(
    {
      method: "post",
      path: "/me/fund-password",
      tag: "identity",
      summary:
        "Set the fund password (loginPassword proves who asks) or change it (oldFundPassword does); " +
        "a change ends the member's other sessions",
      auth: true,
      body: setFundPasswordSchema,
      errors: [
        "UNAUTHENTICATED",
        "PASSWORD_REQUIRED",
        "OLD_PASSWORD_WRONG",
        "LOGIN_THROTTLED",
        "FUND_PASSWORD_REQUIRED",
        "FUND_PASSWORD_INVALID",
        "PASSWORDS_DIFFER",
        "FUND_PASSWORD_WRONG",
        "FUND_PASSWORD_THROTTLED",
      ],
    },
    async (request, response) => {
      const member = requireMember(request);
      const body = validate(setFundPasswordSchema, request.body);
      await deps.endSessions(await passwords.setFundPassword(member.id, body, passwordContext(request)));
      response.json({ ok: true });
    },
  );
}
