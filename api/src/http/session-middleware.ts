import { sessionCookieName } from "@kabuto/shared/api/auth";
import type { ControlMessage } from "@kabuto/shared/protocol/control";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { coalesced } from "../db/coalesce.ts";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { hashToken, resolveSessions, type SessionMember } from "../kernel/member-sessions.ts";

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

/**
 * Requests that change nothing. Every other request reads its session from the sessions table,
 * never the cache: see `sessionMiddleware`.
 */
const readOnlyMethods = new Set(["GET", "HEAD", "OPTIONS"]);

export interface SessionCache {
  /** Drops a session this process remembers, by the token's hash (what the sessions table keeps). */
  forget(tokenHash: string): void;
  /** Drops every session of these members this process remembers. */
  forgetMembers(memberIds: readonly string[]): void;
  /** Drops every session this process remembers: after the bus was away, any of them may have ended. */
  clear(): void;
}

/**
 * Attaches the signed-in member, if any; routes that need one call `requireMember`.
 *
 * `cacheMs` is how long this process trusts a session it has looked up (SESSION_CACHE_MS):
 * every request of an active member would otherwise cost a database round trip. A session that
 * ends (sign-out, a disabled member, a password change) or whose member's flags change is
 * announced on the bus's control channel, and every API process forgets it (`hearControl`), so
 * the cache holds only sessions that were live when last announced. Two gaps remain, and each
 * has its own guard:
 * - a control message may arrive after the next request on another process, or be lost while
 *   Redis reconnects: so every request that changes something (orders, withdrawals, exchanges,
 *   any POST, PUT, PATCH or DELETE) reads its session from the table, which the sign-out
 *   committed before it answered, at the cost of one primary-key read per write;
 * - while `heard()` is false (the process does not yet, or no longer, hear the control channel)
 *   nothing is cached or trusted, and the process clears the cache when the bus comes back.
 * So a read on another process sees a sign-out as soon as the bus delivers it, a write at once.
 */
export function sessionMiddleware(
  db: Db,
  now: () => number,
  options: { cacheMs: number; heard: () => boolean },
): RequestHandler & SessionCache {
  const cache = new Map<string, { member: SessionMember | undefined; untilMs: number }>();
  // Counts what was forgotten: a lookup that began before a session was announced ended may
  // finish after it, and must not put the session back.
  let forgotten = 0;
  // The requests that arrive together read their sessions in one statement: every order reads its
  // session fresh, and under load that read was a round trip each.
  const resolve = coalesced((lookups: readonly { token: string; nowMs: number }[]) =>
    resolveSessions(db, lookups),
  );
  const middleware = async (request: Request, _response: Response, next: NextFunction) => {
    const token = sessionToken(request);
    if (token) {
      const nowMs = now();
      const key = hashToken(token);
      const trusted = options.heard() && readOnlyMethods.has(request.method);
      let entry = trusted ? cache.get(key) : undefined;
      if (!entry || entry.untilMs <= nowMs) {
        const forgottenBefore = forgotten;
        entry = { member: await resolve({ token, nowMs }), untilMs: nowMs + options.cacheMs };
        if (options.heard() && forgotten === forgottenBefore) {
          if (cache.size >= sessionCacheMax) cache.clear();
          cache.set(key, entry);
        } else cache.delete(key);
      }
      if (entry.member) {
        request.member = entry.member;
        request.sessionToken = token;
      }
    }
    next();
  };
  return Object.assign(middleware, {
    forget(tokenHash: string) {
      forgotten += 1;
      cache.delete(tokenHash);
    },
    forgetMembers(memberIds: readonly string[]) {
      forgotten += 1;
      const ids = new Set(memberIds);
      for (const [key, entry] of cache) if (entry.member && ids.has(entry.member.id)) cache.delete(key);
    },
    clear() {
      forgotten += 1;
      cache.clear();
    },
  });
}

/** Applies what another process announced on the bus's control channel to this process's cache. */
export function hearControl(cache: SessionCache, message: ControlMessage): void {
  switch (message.type) {
    case "sessions-ended":
      for (const key of message.sessionKeys ?? []) cache.forget(key);
      cache.forgetMembers(message.memberIds ?? []);
      return;
    case "sessions-changed":
      for (const key of message.sessionKeys) cache.forget(key);
      return;
  }
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
