import {
  newsInputSchema,
  newsQuerySchema,
  opsNewsItemSchema,
  opsNewsListSchema,
  reasonSchema,
} from "@kabuto/shared";
import type { Router } from "express";
import { z } from "zod";
import type { ApiDocs } from "../http/openapi.ts";
import { numericId } from "../ids.ts";
import type { NewsService } from "../news/news.service.ts";
import { validate } from "../validate.ts";
import { requireStaff } from "./staff-sessions.ts";

const withdrawSchema = z.object({ reason: reasonSchema });
const staffErrors = ["STAFF_UNAUTHENTICATED", "FORBIDDEN"] as const;

/** Writing the home screen's news and announcements (supervisor and up). */
export function mountOpsNewsRoutes(ops: Router, docs: ApiDocs, deps: { news: NewsService }): void {
  const { news } = deps;
  const route = docs.on(ops, "/ops");

  route(
    {
      method: "get",
      path: "/news",
      tag: "ops",
      summary: "Every news item, scheduled and withdrawn ones too, newest first (supervisor)",
      query: newsQuerySchema,
      response: opsNewsListSchema,
      errors: [...staffErrors, "VALIDATION_FAILED"],
    },
    async (request, response) => {
      requireStaff(request, "supervisor");
      response.json(await news.listAll(validate(newsQuerySchema, request.query)));
    },
  );

  route(
    {
      method: "post",
      path: "/news",
      tag: "ops",
      summary: "Publish an item in all three languages, now or at `publishedAtMs` (supervisor)",
      body: newsInputSchema,
      response: opsNewsItemSchema,
      errors: [...staffErrors, "VALIDATION_FAILED"],
    },
    async (request, response) => {
      const actor = requireStaff(request, "supervisor");
      const body = validate(newsInputSchema, request.body);
      response.status(201).json(await news.create(body, actor, { ip: request.ip ?? "" }));
    },
  );

  route(
    {
      method: "put",
      path: "/news/{id}",
      tag: "ops",
      summary: "Replace an item's kind, title and body, and its publication time if given (supervisor)",
      body: newsInputSchema,
      response: opsNewsItemSchema,
      errors: [...staffErrors, "VALIDATION_FAILED", "NEWS_NOT_FOUND"],
    },
    async (request, response) => {
      const actor = requireStaff(request, "supervisor");
      const id = String(request.params.id);
      // A malformed id is not found before its body is looked at, as for every other path.
      numericId(id, "NEWS_NOT_FOUND");
      const body = validate(newsInputSchema, request.body);
      response.json(await news.update(id, body, actor, { ip: request.ip ?? "" }));
    },
  );

  route(
    {
      method: "post",
      path: "/news/{id}/withdraw",
      tag: "ops",
      summary: "Take an item off members' screens, with a reason (supervisor); again changes nothing",
      body: withdrawSchema,
      response: opsNewsItemSchema,
      errors: [...staffErrors, "REASON_REQUIRED", "NEWS_NOT_FOUND"],
    },
    async (request, response) => {
      const actor = requireStaff(request, "supervisor");
      const { reason } = validate(withdrawSchema, request.body);
      response.json(await news.withdraw(String(request.params.id), actor, { ip: request.ip ?? "", reason }));
    },
  );
}
