import {
  opsSupportConversationSchema,
  opsSupportListSchema,
  supportConversationSchema,
  supportOpenSchema,
  supportOverviewSchema,
  supportReplySchema,
  supportWriteSchema,
} from "@kabuto/shared";
import type { Router } from "express";
import { claimOf, sendKeyed } from "../http/idempotency.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireMember, signedIn } from "../http/session-middleware.ts";
import { requireStaff } from "../ops/staff-sessions.ts";
import { type UploadStore, uploadedFile } from "../uploads/upload-store.ts";
import { validate } from "../validate.ts";
import type { SupportService } from "./support.service.ts";

const keyErrors = ["IDEMPOTENCY_KEY_INVALID", "IDEMPOTENCY_KEY_REUSED"] as const;
const staffErrors = ["STAFF_UNAUTHENTICATED", "FORBIDDEN"] as const;
const uploadErrors = ["UPLOAD_TYPE_INVALID", "UPLOAD_TOO_LARGE", "UPLOAD_FAILED"] as const;
const textErrors = ["INVALID_TEXT", "SUPPORT_MESSAGE_REQUIRED", "VALIDATION_FAILED"] as const;

/** Online support: the member's conversations (`router`) and the staff inbox (`ops`). */
export function mountSupportRoutes(
  router: Router,
  ops: Router,
  docs: ApiDocs,
  deps: { support: SupportService; uploads: UploadStore; now: () => number },
): void {
  const { support, now } = deps;
  const route = docs.on(router);
  const opsRoute = docs.on(ops, "/ops");

  route(
    {
      method: "get",
      path: "/support",
      tag: "support",
      summary:
        "Whether staff are answering now (and if not, when they next will), and the member's conversations",
      auth: true,
      response: supportOverviewSchema,
      errors: ["UNAUTHENTICATED"],
    },
    async (request, response) => {
      response.json(await support.overview(requireMember(request).id));
    },
  );
  route(
    {
      method: "post",
      path: "/support/conversations",
      tag: "support",
      summary:
        "Open a conversation: multipart/form-data with topic and body, and an optional image file " +
        "`screenshot` (JPEG, PNG or WebP, 8 MiB)",
      auth: true,
      body: supportOpenSchema,
      multipart: true,
      response: supportConversationSchema,
      errors: [
        "UNAUTHENTICATED",
        "SUPPORT_TOPIC_INVALID",
        ...textErrors,
        ...uploadErrors,
        "SUPPORT_THROTTLED",
        ...keyErrors,
      ],
    },
    signedIn,
    deps.uploads.fields(["screenshot"]),
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 201);
      const body = validate(supportOpenSchema, request.body);
      const screenshot = uploadedFile(request.files, "screenshot");
      sendKeyed(response, await support.open(member.id, body, screenshot, claim), 201);
    },
  );
  route(
    {
      method: "get",
      path: "/support/conversations/{id}",
      tag: "support",
      summary: "One of the member's conversations with every message and whether staff have read it",
      auth: true,
      response: supportConversationSchema,
      errors: ["UNAUTHENTICATED", "SUPPORT_CONVERSATION_NOT_FOUND"],
    },
    async (request, response) => {
      response.json(await support.conversation(requireMember(request).id, String(request.params.id)));
    },
  );
  route(
    {
      method: "post",
      path: "/support/conversations/{id}/messages",
      tag: "support",
      summary: "Write more: multipart/form-data with body and an optional image file `screenshot`",
      auth: true,
      body: supportWriteSchema,
      multipart: true,
      response: supportConversationSchema,
      errors: [
        "UNAUTHENTICATED",
        "SUPPORT_CONVERSATION_NOT_FOUND",
        ...textErrors,
        ...uploadErrors,
        "SUPPORT_THROTTLED",
        ...keyErrors,
      ],
    },
    signedIn,
    deps.uploads.fields(["screenshot"]),
    async (request, response) => {
      const member = requireMember(request);
      const claim = claimOf(request, 201);
      const body = validate(supportWriteSchema, request.body);
      const screenshot = uploadedFile(request.files, "screenshot");
      sendKeyed(
        response,
        await support.write(member.id, String(request.params.id), body, screenshot, claim),
        201,
      );
    },
  );
  route(
    {
      method: "post",
      path: "/support/conversations/{id}/read",
      tag: "support",
      summary: "The member has read every staff message so far (repeating it changes nothing)",
      auth: true,
      response: supportConversationSchema,
      errors: ["UNAUTHENTICATED", "SUPPORT_CONVERSATION_NOT_FOUND"],
    },
    async (request, response) => {
      response.json(await support.memberRead(requireMember(request).id, String(request.params.id)));
    },
  );

  opsRoute(
    {
      method: "get",
      path: "/support",
      tag: "ops",
      summary: "The support inbox (reviewer): unanswered first, longest waiting at the top, then the rest",
      response: opsSupportListSchema,
      errors: [...staffErrors],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json({ items: await support.inbox() });
    },
  );
  opsRoute(
    {
      method: "get",
      path: "/support/{id}",
      tag: "ops",
      summary: "One conversation with every message and whether the member has read the replies (reviewer)",
      response: opsSupportConversationSchema,
      errors: [...staffErrors, "SUPPORT_CONVERSATION_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json(await support.opsConversation(String(request.params.id)));
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/support/{id}/messages",
      tag: "ops",
      summary: "Reply to a member (reviewer); every reply is in the audit log",
      body: supportReplySchema,
      response: opsSupportConversationSchema,
      errors: [...staffErrors, "SUPPORT_CONVERSATION_NOT_FOUND", ...textErrors, ...keyErrors],
    },
    async (request, response) => {
      const staff = requireStaff(request, "reviewer");
      const claim = claimOf(request, 201);
      const body = validate(supportReplySchema, request.body);
      const result = await support.reply(String(request.params.id), body, staff, {
        nowMs: now(),
        ip: request.ip ?? "",
        claim,
      });
      sendKeyed(response, result, 201);
    },
  );
  opsRoute(
    {
      method: "post",
      path: "/support/{id}/read",
      tag: "ops",
      summary: "Staff have read every message of the member's so far (reviewer)",
      response: opsSupportConversationSchema,
      errors: [...staffErrors, "SUPPORT_CONVERSATION_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json(await support.staffRead(String(request.params.id)));
    },
  );
}
