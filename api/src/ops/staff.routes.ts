import {
  auditListSchema,
  auditQuerySchema,
  createStaffSchema,
  reasonSchema,
  staffListSchema,
  staffLoginRequestSchema,
  staffSchema,
  staffSessionResponseSchema,
} from "@kabuto/shared";
import type { Router } from "express";
import { z } from "zod";
import { hashToken } from "../auth/sessions.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { wantsBearer } from "../http/security.ts";
import { validate } from "../validate.ts";
import type { StaffService } from "./staff.service.ts";
import { requireStaff, staffCookieName, staffSessionTtlMs } from "./staff-sessions.ts";

/**
 * Where the staff cookie goes: the console's API, and the gateway's socket path, where it lets
 * a console's socket hold the staff topic (`staff:support`). Nowhere else: the member API never
 * sees it.
 */
const staffCookiePaths = ["/api/v1/ops", "/socket.io"] as const;

const setDisabledSchema = z.object({
  disabled: z.boolean({ error: "VALIDATION_FAILED" }),
  reason: reasonSchema,
});

/** Staff sign-in, staff accounts and the audit log viewer, all under `/ops`. */
export function mountStaffRoutes(
  ops: Router,
  docs: ApiDocs,
  deps: {
    staff: StaffService;
    now: () => number;
    cookieSecure: boolean;
    /** Announces ended sessions (by token hash), so gateways drop their sockets. */
    sessionsEnded?: (tokenHashes: string[]) => Promise<void>;
  },
): void {
  const { staff, now } = deps;
  const route = docs.on(ops, "/ops");

  route(
    {
      method: "post",
      path: "/auth/login",
      tag: "ops",
      summary:
        "Staff sign-in, separate from members': sets the staff cookie, or with `X-Session-Transport: bearer` returns the token",
      bearerTransport: true,
      body: staffLoginRequestSchema,
      response: staffSessionResponseSchema,
      errors: ["STAFF_LOGIN_FAILED", "STAFF_LOGIN_THROTTLED"],
    },
    async (request, response) => {
      const credentials = validate(staffLoginRequestSchema, request.body);
      const result = await staff.login(credentials, { nowMs: now(), ip: request.ip ?? "unknown" });
      // As for members (auth.routes.ts): the console gets the cookie only, a script asks for the token.
      if (wantsBearer(request)) {
        response.json(result);
        return;
      }
      for (const path of staffCookiePaths) {
        response.cookie(staffCookieName, result.token, {
          httpOnly: true,
          sameSite: "strict",
          secure: deps.cookieSecure,
          maxAge: staffSessionTtlMs,
          path,
        });
      }
      response.json({ staff: result.staff });
    },
  );

  route(
    { method: "post", path: "/auth/logout", tag: "ops", summary: "End this staff session" },
    async (request, response) => {
      if (request.staffToken) {
        await staff.logout(request.staffToken, now());
        await deps.sessionsEnded?.([hashToken(request.staffToken)]);
      }
      for (const path of staffCookiePaths) response.clearCookie(staffCookieName, { path });
      response.json({ ok: true });
    },
  );

  route(
    {
      method: "get",
      path: "/me",
      tag: "ops",
      summary: "The signed-in staff member",
      response: staffSchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN"],
    },
    async (request, response) => {
      const me = requireStaff(request);
      response.json(await staff.byId(me.id));
    },
  );

  route(
    {
      method: "get",
      path: "/staff",
      tag: "ops",
      summary: "Staff accounts (admin)",
      response: staffListSchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN"],
    },
    async (request, response) => {
      requireStaff(request, "admin");
      response.json({ items: await staff.list() });
    },
  );

  route(
    {
      method: "post",
      path: "/staff",
      tag: "ops",
      summary: "Add a staff member (admin)",
      body: createStaffSchema,
      response: staffSchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN", "STAFF_EXISTS", "ACCOUNT_INVALID", "PASSWORD_INVALID"],
    },
    async (request, response) => {
      const actor = requireStaff(request, "admin");
      response
        .status(201)
        .json(await staff.create(request.body, actor, { nowMs: now(), ip: request.ip ?? "" }));
    },
  );

  route(
    {
      method: "post",
      path: "/staff/{id}/disabled",
      tag: "ops",
      summary: "Disable or re-enable a staff member (admin); disabling ends their sessions",
      body: setDisabledSchema,
      response: staffSchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN", "STAFF_NOT_FOUND", "REASON_REQUIRED"],
    },
    async (request, response) => {
      const actor = requireStaff(request, "admin");
      const body = validate(setDisabledSchema, request.body);
      const id = String(request.params.id);
      response.json(
        await staff.setDisabled(id, body.disabled, actor, {
          nowMs: now(),
          ip: request.ip ?? "",
          reason: body.reason,
        }),
      );
    },
  );

  route(
    {
      method: "get",
      path: "/audit",
      tag: "ops",
      summary: "The audit log, newest first, by target or staff member; pages with `before` (an id)",
      query: auditQuerySchema,
      response: auditListSchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN"],
    },
    async (request, response) => {
      requireStaff(request, "supervisor");
      const query = validate(auditQuerySchema, request.query);
      response.json({ items: await staff.auditLog(query) });
    },
  );
}
