import type { NextFunction, Request, RequestHandler, Response } from "express";
import { resolveSession, type SessionMember, sessionCookieName } from "../auth/sessions.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "./errors.ts";

declare global {
  namespace Express {
    interface Request {
      member?: SessionMember;
      sessionToken?: string;
    }
  }
}

/** The token from the cookie, or from `Authorization: Bearer` for native wrappers and load tests. */
export function sessionToken(request: Request): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || undefined;
  const cookie = (request.cookies as Record<string, string> | undefined)?.[sessionCookieName];
  return cookie || undefined;
}

/** Attaches the signed-in member, if any; routes that need one call `requireMember`. */
export function sessionMiddleware(db: Db, now: () => number): RequestHandler {
  return async (request: Request, _response: Response, next: NextFunction) => {
    const token = sessionToken(request);
    if (token) {
      const member = await resolveSession(db, token, now());
      if (member) {
        request.member = member;
        request.sessionToken = token;
      }
    }
    next();
  };
}

export function requireMember(request: Request): SessionMember {
  if (!request.member) throw new AppError("UNAUTHENTICATED");
  return request.member;
}
