import {
  loginRequestSchema,
  type Me,
  meSchema,
  registerRequestSchema,
  sessionCookieName,
  sessionResponseSchema,
  smsCodeRequestSchema,
  smsCodeResponseSchema,
  smsLoginRequestSchema,
} from "@kabuto/shared";
import type { Request, Response, Router } from "express";
import type { ApiDocs } from "../http/openapi.ts";
import { wantsBearer } from "../http/security.ts";
import { requireMember } from "../http/session-middleware.ts";
import { validate } from "../validate.ts";
import { type AuthService, type RequestContext, toMe } from "./auth.service.ts";
import { sessionTtlMs } from "./sessions.ts";

/** The cookie that ties an SMS code to the browser that asked for it (see AuthService.requestSmsCode). */
export const smsChallengeCookieName = "kabuto_sms_challenge";
const smsChallengeCookiePath = "/api/v1/auth";

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
  const route = docs.on(router);
  const context = (request: Request): RequestContext => ({
    nowMs: now(),
    ip: request.ip ?? "unknown",
    userAgent: request.get("user-agent"),
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
   * A browser gets the session as an httpOnly cookie and an answer without the token; a caller
   * that asked for bearer transport gets the token and no cookie.
   */
  const answerSession = (
    request: Request,
    response: Response,
    status: number,
    result: { member: Me; token: string },
  ) => {
    if (wantsBearer(request)) {
      response.status(status).json(result);
      return;
    }
    setCookie(response, result.token);
    response.status(status).json({ member: result.member });
  };

  route(
    {
      method: "post",
      path: "/auth/register",
      tag: "auth",
      summary: "Register a member with a mobile number, a password and an invitation code",
      bearerTransport: true,
      body: registerRequestSchema,
      response: sessionResponseSchema,
      errors: [
        "ACCOUNT_REQUIRED",
        "ACCOUNT_INVALID",
        "PASSWORD_INVALID",
        "PASSWORDS_DIFFER",
        "INVITE_CODE_REQUIRED",
        "INVITER_NOT_FOUND",
        "TERMS_NOT_ACCEPTED",
        "ACCOUNT_EXISTS",
        "REGISTRATION_THROTTLED",
      ],
    },
    async (request, response) => {
      const result = await auth.register(validate(registerRequestSchema, request.body), context(request));
      answerSession(request, response, 201, result);
    },
  );

  route(
    {
      method: "post",
      path: "/auth/login",
      tag: "auth",
      summary:
        "Sign in; sets the session cookie, or with `X-Session-Transport: bearer` sets none and returns the token",
      bearerTransport: true,
      body: loginRequestSchema,
      response: sessionResponseSchema,
      errors: [
        "ACCOUNT_REQUIRED",
        "PASSWORD_REQUIRED",
        "LOGIN_FAILED",
        "LOGIN_THROTTLED",
        "ACCOUNT_FROZEN",
        "ACCOUNT_DISABLED",
      ],
    },
    async (request, response) => {
      const result = await auth.login(validate(loginRequestSchema, request.body), context(request));
      answerSession(request, response, 200, result);
    },
  );

  route(
    {
      method: "post",
      path: "/auth/sms-code",
      tag: "auth",
      summary:
        "Text a one-time sign-in code to a member's number; the same answer whether or not the number is a member. " +
        "Sets a short-lived cookie that the code is good for, in this browser only",
      body: smsCodeRequestSchema,
      response: smsCodeResponseSchema,
      errors: ["ACCOUNT_REQUIRED", "ACCOUNT_INVALID", "SMS_THROTTLED"],
    },
    async (request, response) => {
      const { account } = validate(smsCodeRequestSchema, request.body);
      const sent = await auth.requestSmsCode(account, context(request));
      response.cookie(smsChallengeCookieName, sent.challenge, {
        httpOnly: true,
        sameSite: "strict",
        secure: deps.cookieSecure,
        maxAge: sent.expiresInMs,
        path: smsChallengeCookiePath,
      });
      response.json({ ok: true, expiresInMs: sent.expiresInMs });
    },
  );

  route(
    {
      method: "post",
      path: "/auth/sms-login",
      tag: "auth",
      summary:
        "Sign in with the code from the SMS, in the browser that asked for it; sets the session cookie, " +
        "or with `X-Session-Transport: bearer` sets none and returns the token",
      bearerTransport: true,
      body: smsLoginRequestSchema,
      response: sessionResponseSchema,
      errors: [
        "ACCOUNT_REQUIRED",
        "ACCOUNT_INVALID",
        "SMS_CODE_REQUIRED",
        "SMS_CODE_INVALID",
        "SMS_CODE_WRONG",
        "SMS_THROTTLED",
        "ACCOUNT_FROZEN",
        "ACCOUNT_DISABLED",
      ],
    },
    async (request, response) => {
      const body = validate(smsLoginRequestSchema, request.body);
      const challenge: unknown = request.cookies?.[smsChallengeCookieName];
      const result = await auth.smsLogin(
        body,
        typeof challenge === "string" ? challenge : undefined,
        context(request),
      );
      response.clearCookie(smsChallengeCookieName, { path: smsChallengeCookiePath });
      answerSession(request, response, 200, result);
    },
  );

  route(
    { method: "post", path: "/auth/logout", tag: "auth", summary: "End this session" },
    async (request, response) => {
      await auth.logout(request.sessionToken, now());
      // Answered once every process has been told, so the token is refused wherever it goes next.
      if (request.sessionToken) await deps.sessionsEnded({ tokens: [request.sessionToken] });
      response.clearCookie(sessionCookieName, { path: "/" });
      response.json({ ok: true });
    },
  );

  route(
    {
      method: "get",
      path: "/me",
      tag: "auth",
      summary: "The signed-in member",
      auth: true,
      response: meSchema,
      errors: ["UNAUTHENTICATED"],
    },
    (request, response) => {
      response.json(toMe(requireMember(request)));
    },
  );
}
