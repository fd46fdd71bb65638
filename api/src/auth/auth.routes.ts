import { deviceCookieName, sessionCookieName } from "@kabuto/shared/api/auth";
import { authApi } from "@kabuto/shared/endpoints/auth";
import type { Request, Response, Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import { deviceTokenOf, wantsBearer } from "../http/security.ts";
import { deviceTokenTtlMs } from "../kernel/devices.ts";
import { sessionTtlMs } from "../kernel/member-sessions.ts";
import { type AuthService, type RequestContext, type SignedIn, toMe } from "./auth.service.ts";

/** The cookie that ties an SMS code to the browser that asked for it (see AuthService.requestSmsCode). */
export const smsChallengeCookieName = "kabuto_sms_challenge";
const smsChallengeCookiePath = "/api/v1/auth";
/**
 * The device cookie goes to the API only: sign-in, registration and SMS codes read it, and so
 * does the trading PIN's check of every money-moving request (a device's own guessing budget).
 */
const deviceCookiePath = "/api/v1";

export function mountAuthRoutes(
  router: Router,
  docs: ApiDocs,
  deps: {
    auth: AuthService;
    now: () => number;
    cookieSecure: boolean;
    /** Told the tokens of sessions that ended, so caches and sockets let go of them. */
    sessionsEnded: (ended: { tokens: string[] }) => Promise<void>;
  },
): void {
  const { auth, now } = deps;
  const serve = docs.serve({ router });
  const context = (request: Request): RequestContext => ({
    nowMs: now(),
    ip: request.ip ?? "unknown",
    userAgent: request.get("user-agent"),
    deviceToken: deviceTokenOf(request, deviceCookieName),
  });
  const setCookie = (response: Response, token: string) =>
    response.cookie(sessionCookieName, token, {
      httpOnly: true,
      sameSite: "lax",
      secure: deps.cookieSecure,
      maxAge: sessionTtlMs,
      path: "/",
    });

  /**
   * A browser gets the session and its device token as httpOnly cookies and an answer without
   * either; a caller that asked for bearer transport gets both tokens and no cookie.
   */
  const answerSession = (request: Request, response: Response, result: SignedIn) => {
    if (wantsBearer(request)) return result;
    setCookie(response, result.token);
    response.cookie(deviceCookieName, result.deviceToken, {
      httpOnly: true,
      sameSite: "strict",
      secure: deps.cookieSecure,
      maxAge: deviceTokenTtlMs,
      path: deviceCookiePath,
    });
    return { member: result.member };
  };

  serve(authApi.register, async ({ body, request, response }) =>
    answerSession(request, response, await auth.register(body, context(request))),
  );

  serve(authApi.login, async ({ body, request, response }) =>
    answerSession(request, response, await auth.login(body, context(request))),
  );

  serve(authApi.smsCode, async ({ body, request, response }) => {
    const sent = await auth.requestSmsCode(body.account, context(request));
    response.cookie(smsChallengeCookieName, sent.challenge, {
      httpOnly: true,
      sameSite: "strict",
      secure: deps.cookieSecure,
      maxAge: sent.expiresInMs,
      path: smsChallengeCookiePath,
    });
    return { ok: true as const, expiresInMs: sent.expiresInMs };
  });

  serve(authApi.smsLogin, async ({ body, request, response }) => {
    const challenge: unknown = request.cookies?.[smsChallengeCookieName];
    const result = await auth.smsLogin(
      body,
      typeof challenge === "string" ? challenge : undefined,
      context(request),
    );
    response.clearCookie(smsChallengeCookieName, { path: smsChallengeCookiePath });
    return answerSession(request, response, result);
  });

  serve(authApi.logout, async ({ request, response }) => {
    await auth.logout(request.sessionToken, now());
    // Answered once every process has been told, so the token is refused wherever it goes next.
    if (request.sessionToken) await deps.sessionsEnded({ tokens: [request.sessionToken] });
    response.clearCookie(sessionCookieName, { path: "/" });
    return { ok: true as const };
  });

  serve(authApi.me, async ({ member }) => toMe(member));
}
