import { randomBytes } from "node:crypto";
import { staffCookieName } from "@kabuto/shared/api/auth";
import { roleAtLeast, type StaffRole } from "@kabuto/shared/api/ops";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Db } from "../db/database.ts";
import { AppError } from "../errors.ts";
import { hashToken } from "./member-sessions.ts";
import {
  insertStaffSession,
  revokeSessionsOfStaff,
  revokeStaffSessionByHash,
  staffOfSession,
} from "./staff-sessions.repo.ts";

export { staffCookieName };
/** A staff session lasts a working day: the console holds every member's data. */
export const staffSessionTtlMs = 12 * 3_600_000;

export interface StaffMember {
  id: string;
  login: string;
  name: string;
  role: StaffRole;
}

declare global {
  namespace Express {
    interface Request {
      staff?: StaffMember;
      staffToken?: string;
    }
  }
}

export async function createStaffSession(db: Db, staffId: string, nowMs: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await insertStaffSession(db, {
    tokenHash: hashToken(token),
    staffId,
    createdAtMs: nowMs,
    expiresAtMs: nowMs + staffSessionTtlMs,
  });
  return token;
}

export async function revokeStaffSession(db: Db, token: string, nowMs: number): Promise<void> {
  await revokeStaffSessionByHash(db, hashToken(token), nowMs);
}

/** Ends every session of a staff member (disabled, or their password changed). */
export async function revokeStaffSessions(
  db: Pick<Db, "update">,
  staffId: string,
  nowMs: number,
): Promise<void> {
  await revokeSessionsOfStaff(db, staffId, nowMs);
}

function staffToken(request: Request): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim() || undefined;
  const cookie = (request.cookies as Record<string, string> | undefined)?.[staffCookieName];
  return cookie || undefined;
}

/**
 * The staff member a session token belongs to, and a key for the session (its hash): what the
 * gateway needs to let a socket hold the staff's private topic. Read afresh each time, as every
 * staff request is.
 */
export function staffSessionLookup(
  db: Db,
  now: () => number,
): (token: string) => Promise<{ staffId: string; sessionKey: string } | undefined> {
  return async (token) => {
    const row = await staffOfSession(db, hashToken(token), now());
    return row ? { staffId: row.id, sessionKey: hashToken(token) } : undefined;
  };
}

/**
 * Attaches the signed-in staff member on `/ops` routes. Unlike member sessions nothing is
 * cached: a disabled staff member loses access on their next request.
 */
export function staffMiddleware(db: Db, now: () => number): RequestHandler {
  return async (request: Request, _response: Response, next: NextFunction) => {
    const token = staffToken(request);
    if (token) {
      const row = await staffOfSession(db, hashToken(token), now());
      if (row) {
        request.staff = row;
        request.staffToken = token;
      }
    }
    next();
  };
}

/** The signed-in staff member, if their role is at least `needed`; members get 403, nobody 401. */
export function requireStaff(request: Request, needed: StaffRole = "reviewer"): StaffMember {
  if (!request.staff) {
    throw new AppError(request.member ? "FORBIDDEN" : "STAFF_UNAUTHENTICATED");
  }
  if (!roleAtLeast(request.staff.role, needed)) throw new AppError("FORBIDDEN", { needed });
  return request.staff;
}
