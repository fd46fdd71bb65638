import { staffDeviceCookieName } from "@kabuto/shared/api/auth";
import { opsApi } from "@kabuto/shared/endpoints/ops";
import type { Request, Router } from "express";
import { AppError } from "../errors.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { deviceTokenOf, wantsBearer } from "../http/security.ts";
import { deviceTokenTtlMs } from "../kernel/devices.ts";
import { hashToken } from "../kernel/member-sessions.ts";
import { staffCookieName, staffSessionTtlMs } from "../kernel/staff-sessions.ts";
import type { StaffService } from "./staff.service.ts";

/**
 * Where the staff cookie goes: the console's API, and the gateway's socket path, where it lets
 * a console's socket hold the staff topic (`staff:support`). Nowhere else: the member API never
 * sees it.
 */
const staffCookiePaths = ["/api/v1/ops", "/socket.io"] as const;
/** The console's device cookie goes only to staff sign-in, the one place that reads it. */
const staffDeviceCookiePath = "/api/v1/ops/auth";

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
  const serve = docs.serve({ router: ops, ops });
  const context = (request: Request) => ({ nowMs: now(), ip: request.ip ?? "" });

  serve(opsApi.login, async ({ body, request, response }) => {
    const result = await staff.login(body, {
      nowMs: now(),
      ip: request.ip ?? "unknown",
      deviceToken: deviceTokenOf(request, staffDeviceCookieName),
    });
    // As for members (auth.routes.ts): the console gets cookies only, a script asks for the tokens.
    if (wantsBearer(request)) return result;
    for (const path of staffCookiePaths) {
      response.cookie(staffCookieName, result.token, {
        httpOnly: true,
        sameSite: "strict",
        secure: deps.cookieSecure,
        maxAge: staffSessionTtlMs,
        path,
      });
    }
    response.cookie(staffDeviceCookieName, result.deviceToken, {
      httpOnly: true,
      sameSite: "strict",
      secure: deps.cookieSecure,
      maxAge: deviceTokenTtlMs,
      path: staffDeviceCookiePath,
    });
    return { staff: result.staff };
  });

  serve(opsApi.logout, async ({ request, response }) => {
    if (request.staffToken) {
      await staff.logout(request.staffToken, now());
      await deps.sessionsEnded?.([hashToken(request.staffToken)]);
    }
    for (const path of staffCookiePaths) response.clearCookie(staffCookieName, { path });
    return { ok: true as const };
  });

  serve(opsApi.session, async ({ request }) => {
    // The staff middleware read the session, if there is one; a member's cookie is not one.
    const signedIn = request.staff ? await staff.byId(request.staff.id) : undefined;
    return { staff: signedIn ?? null };
  });
  serve(opsApi.me, async ({ staff: me }) => {
    const found = await staff.byId(me.id);
    // A session outlives no staff row (rows are disabled, never deleted); this is for the types.
    if (!found) throw new AppError("STAFF_UNAUTHENTICATED");
    return found;
  });
  serve(opsApi.staffList, async () => ({ items: await staff.list() }));
  serve(opsApi.createStaff, ({ body, staff: actor, request }) => staff.create(body, actor, context(request)));
  serve(opsApi.setStaffDisabled, ({ params, body, staff: actor, request }) =>
    staff.setDisabled(params.id, body.disabled, actor, { ...context(request), reason: body.reason }),
  );
  serve(opsApi.audit, async ({ query }) => ({ items: await staff.auditLog(query) }));
}
