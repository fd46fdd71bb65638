import { sessionCookieName } from "@kabuto/shared";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { hashToken, resolveSession, type SessionMember } from "../auth/sessions.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";

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

/** Sessions remembered at most: about two kilobytes each. */
const sessionCacheMax = 20_000;

export interface SessionCache {
  /** Drops a session this process remembers, by the token's hash (what the sessions table keeps). */
  forget(tokenHash: string): void;
}

/** Attaches the signed-in member, if any; routes that need one call `requireMember`. */
/**
 * `cacheMs` is how long this process trusts a session it has looked up (SESSION_CACHE_MS).
 * Every request of an active member would otherwise cost a database round trip; a sign-out
 * through this process forgets the session at once, one through another process (or a flag
 * set by operations) takes effect within `cacheMs`. Orders and withdrawals do not wait for
 * that: they read the member's flags from the database in their own transaction.
 */
export function sessionMiddleware(db: Db, now: () => number, cacheMs: number): RequestHandler & SessionCache {
  const cache = new Map<string, { member: SessionMember | undefined; untilMs: number }>();
  const middleware = async (request: Request, _response: Response, next: NextFunction) => {
    const token = sessionToken(request);
    if (token) {
      const nowMs = now();
      const key = hashToken(token);
      let entry = cache.get(key);
      if (!entry || entry.untilMs <= nowMs) {
        entry = { member: await resolveSession(db, token, nowMs), untilMs: nowMs + cacheMs };
        if (cache.size >= sessionCacheMax) cache.clear();
        cache.set(key, entry);
      }
      if (entry.member) {
        request.member = entry.member;
        request.sessionToken = token;
      }
    }
    next();
  };
  return Object.assign(middleware, { forget: (tokenHash: string) => void cache.delete(tokenHash) });
}

/**
 * Route middleware that refuses strangers before anything else runs (a multipart body is not
 * read for them). Account flags are the services' to check, after an idempotent replay.
 */
export function signedIn(request: Request, _response: Response, next: NextFunction): void {
  requireMember(request);
  next();
}

export function requireMember(request: Request): SessionMember {
  if (!request.member) throw new AppError("UNAUTHENTICATED");
  return request.member;
}
