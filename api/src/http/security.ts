import {
  bearerTransport,
  deviceTokenHeader,
  sessionCookieName,
  sessionTransportHeader,
} from "@kabuto/shared/api/auth";
import { allowedOriginSet, isAllowedOrigin } from "@kabuto/shared/origin";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";
import { AppError } from "../errors.ts";
import { staffCookieName } from "../kernel/staff-sessions.ts";

/** Methods that change nothing; every other one is checked for its origin and its body's type. */
const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Browser features no screen of ours uses, turned off for every page and answer, so a script
 * that got in anyway cannot ask for them. Uploads take photos through a file input, which
 * needs no camera permission.
 */
export const permissionsPolicy = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
].join(", ");

/** A year: the HSTS lifetime browsers' preload lists ask for. */
const hstsMaxAgeSeconds = 365 * 24 * 60 * 60;

/**
 * Headers on every API answer. The API answers JSON and images only, so its CSP lets an answer
 * opened as a page load nothing and be framed by no one. HSTS only where the API is served over
 * TLS (production): sent over plain HTTP on a developer's machine it would pin localhost to
 * HTTPS. `no-store` because nearly every answer carries a member's or staff's data, and the few
 * public ones (quotes, news) change by the second: no shared or back-button cache keeps them.
 */
export function apiHeaders(options: { hsts: boolean }): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { "default-src": ["'none'"], "frame-ancestors": ["'none'"] },
      },
      strictTransportSecurity: options.hsts ? { maxAge: hstsMaxAgeSeconds, includeSubDomains: true } : false,
      referrerPolicy: { policy: "no-referrer" },
      crossOriginResourcePolicy: { policy: "same-origin" },
    }),
    (_request, response, next) => {
      response.setHeader("Permissions-Policy", permissionsPolicy);
      response.setHeader("Cache-Control", "no-store");
      next();
    },
  ];
}

function hasSessionCookie(request: Request): boolean {
  const cookies: unknown = request.cookies;
  if (typeof cookies !== "object" || cookies === null) return false;
  return sessionCookieName in cookies || staffCookieName in cookies;
}

/**
 * Refuses a state-changing request another site's page made with our cookies (CSRF):
 * SameSite=Lax lets a top-level form POST and some fetches through, so the request must say
 * where it comes from. Allowed are: requests whose `Origin` is the origin they were sent to, the
 * scheme they came by (`request.protocol`: the connection's own, or X-Forwarded-Proto from a proxy
 * TRUST_PROXY names) with the Host header (which the client role's proxy passes through
 * unchanged), scheme, host and port all equal; origins listed in ALLOWED_ORIGINS (a TLS front end
 * that rewrites Host); and requests without Origin whose `Sec-Fetch-Site` is absent or
 * `same-origin`/`none` (native wrappers, load tests, curl: no browser sends a cross-site POST
 * without Origin). A caller that signs in with `Authorization: Bearer` and sends no session
 * cookie is exempt: another site's page cannot make a browser attach that header.
 */
export function csrfGuard(options: { allowedOrigins: readonly string[] }): RequestHandler {
  const allowed = allowedOriginSet(options.allowedOrigins);
  return (request: Request, _response: Response, next: NextFunction) => {
    if (safeMethods.has(request.method)) return next();
    const bearer = request.headers.authorization?.startsWith("Bearer ") ?? false;
    if (bearer && !hasSessionCookie(request)) return next();
    const origin = request.headers.origin;
    if (origin !== undefined) {
      const scheme = request.protocol === "https" ? "https" : "http";
      if (isAllowedOrigin(origin, { scheme, host: request.headers.host }, allowed)) return next();
      return next(new AppError("CSRF_REFUSED"));
    }
    const site = request.headers["sec-fetch-site"];
    if (site === undefined || site === "same-origin" || site === "none") return next();
    next(new AppError("CSRF_REFUSED"));
  };
}

/**
 * The media type a request declares, without parameters (`; charset=utf-8`, `; boundary=…`).
 * Read from the header rather than `request.is`, which calls a request with an empty body
 * untyped, and a bodiless action (a cancel) still says it speaks JSON.
 */
function mediaType(request: Request): string | undefined {
  return request.get("content-type")?.split(";")[0]?.trim().toLowerCase();
}

/** What a route's body is: JSON (every form and action), or multipart where it takes files. */
export type BodyKind = "json" | "multipart";

/**
 * Refuses a state-changing request whose body is not of the route's kind, bodiless ones
 * included: our client sends `application/json` on every call, while a cross-site HTML form can
 * only send `text/plain`, urlencoded or multipart, so this also shuts the door the Origin check
 * guards, should a browser leave Origin out.
 */
export function requireBodyKind(kind: BodyKind): RequestHandler {
  const type = kind === "json" ? "application/json" : "multipart/form-data";
  return (request, _response, next) => {
    if (safeMethods.has(request.method) || mediaType(request) === type) return next();
    next(new AppError("UNSUPPORTED_MEDIA_TYPE", { expected: type }));
  };
}

/** Whether a sign-in asked for its token in the answer instead of a cookie (`X-Session-Transport: bearer`). */
export function wantsBearer(request: Request): boolean {
  return request.get(sessionTransportHeader)?.trim().toLowerCase() === bearerTransport;
}

/**
 * The device token a sign-in carries (kernel/devices.ts): the `X-Device-Token` header of a
 * native caller, else the browser's device cookie. Only its shape is looked at here; the
 * service checks its signature against the account the sign-in names.
 */
export function deviceTokenOf(request: Request, cookieName: string): string | undefined {
  const header = request.get(deviceTokenHeader)?.trim();
  if (header) return header;
  const cookie: unknown = request.cookies?.[cookieName];
  return typeof cookie === "string" ? cookie : undefined;
}
