import {
  memberFlagsUpdateSchema,
  memberListSchema,
  memberProfileSchema,
  memberSearchQuerySchema,
  memberSummarySchema,
} from "@kabuto/shared";
import type { Router } from "express";
import { AppError } from "../errors.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { validate } from "../validate.ts";
import type { MembersService } from "./members.service.ts";
import { requireStaff } from "./staff-sessions.ts";

export interface SessionControl {
  /** Ends sessions: every API process forgets them and every gateway drops their sockets. */
  end(tokenHashes: string[]): Promise<void>;
  /** Sessions that live on with changed flags: every API process re-reads them on their next request. */
  forget(tokenHashes: string[]): Promise<void>;
}

/** Member search, profiles and account flags in the console. */
export function mountOpsMemberRoutes(
  ops: Router,
  docs: ApiDocs,
  deps: { members: MembersService; now: () => number; sessions: SessionControl },
): void {
  const { members, now, sessions } = deps;
  const route = docs.on(ops, "/ops");

  route(
    {
      method: "get",
      path: "/members",
      tag: "ops",
      summary:
        "Search members by account prefix, member id, part of the real name or invitation code; newest first (reviewer)",
      query: memberSearchQuerySchema,
      response: memberListSchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN", "VALIDATION_FAILED"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      response.json(await members.search(validate(memberSearchQuerySchema, request.query)));
    },
  );

  route(
    {
      method: "get",
      path: "/members/{id}",
      tag: "ops",
      summary:
        "A member's profile: flags, balances per currency and purpose, recent journals, counts (reviewer)",
      response: memberProfileSchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN", "MEMBER_NOT_FOUND"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      const profile = await members.profile(String(request.params.id), now());
      if (!profile) throw new AppError("MEMBER_NOT_FOUND");
      response.json(profile);
    },
  );

  route(
    {
      method: "post",
      path: "/members/{id}/flags",
      tag: "ops",
      summary:
        "Set or clear frozen, disabled, tradingBarred, withdrawBarred with a reason (supervisor); disabling ends the member's sessions",
      body: memberFlagsUpdateSchema,
      response: memberSummarySchema,
      errors: [
        "STAFF_UNAUTHENTICATED",
        "FORBIDDEN",
        "MEMBER_NOT_FOUND",
        "REASON_REQUIRED",
        "VALIDATION_FAILED",
      ],
    },
    async (request, response) => {
      const actor = requireStaff(request, "supervisor");
      const update = validate(memberFlagsUpdateSchema, request.body);
      const result = await members.setFlags(String(request.params.id), update, actor, {
        nowMs: now(),
        ip: request.ip ?? "",
      });
      await sessions.end(result.ended);
      await sessions.forget(result.changed);
      response.json(result.member);
    },
  );
}
