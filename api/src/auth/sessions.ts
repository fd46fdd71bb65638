import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { members, sessions } from "../db/schema.ts";

export const sessionCookieName = "kabuto_session";
/** Sessions last a month of inactivity-free use; signing out or a password change ends them sooner. */
export const sessionTtlMs = 30 * 24 * 3_600_000;

export interface SessionMember {
  id: string;
  account: string;
  inviteCode: string;
  verification: "unverified" | "pending" | "verified" | "rejected";
  frozen: boolean;
  disabled: boolean;
  tradingBarred: boolean;
  withdrawBarred: boolean;
  createdAtMs: number;
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new opaque token (256 random bits); only its hash is stored. */
export async function createSession(
  db: Db,
  memberId: string,
  context: { nowMs: number; ip?: string | undefined; userAgent?: string | undefined },
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    memberId,
    createdAtMs: context.nowMs,
    expiresAtMs: context.nowMs + sessionTtlMs,
    ip: context.ip ?? null,
    userAgent: context.userAgent?.slice(0, 256) ?? null,
  });
  return token;
}

export async function resolveSession(
  db: Db,
  token: string,
  nowMs: number,
): Promise<SessionMember | undefined> {
  const rows = await db
    .select({
      id: members.id,
      account: members.account,
      inviteCode: members.inviteCode,
      verification: members.verification,
      frozen: members.frozen,
      disabled: members.disabled,
      tradingBarred: members.tradingBarred,
      withdrawBarred: members.withdrawBarred,
      createdAtMs: members.createdAtMs,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAtMs),
        gt(sessions.expiresAtMs, nowMs),
      ),
    )
    .limit(1);
  const member = rows[0];
  if (!member || member.disabled) return undefined;
  return member;
}

export async function revokeSession(db: Db, token: string, nowMs: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAtMs: nowMs })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAtMs)));
}

/**
 * Ends a member's sessions, all of them or all but `keepTokenHash` (the one that asked for a
 * password change), and returns the hashes that ended so caches and sockets can let go.
 */
export async function revokeMemberSessions(
  db: Pick<Db, "update">,
  memberId: string,
  nowMs: number,
  keepTokenHash?: string,
): Promise<string[]> {
  const ended = await db
    .update(sessions)
    .set({ revokedAtMs: nowMs })
    .where(
      and(
        eq(sessions.memberId, memberId),
        isNull(sessions.revokedAtMs),
        ...(keepTokenHash ? [ne(sessions.tokenHash, keepTokenHash)] : []),
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  return ended.map((row) => row.tokenHash);
}

/** The session token a socket's handshake carries: `auth.token`, a bearer header, or the session cookie. */
export function tokenFromHandshake(handshake: {
  cookie: string | undefined;
  authorization: string | undefined;
  token: string | undefined;
}): string | undefined {
  if (handshake.token) return handshake.token;
  if (handshake.authorization?.startsWith("Bearer "))
    return handshake.authorization.slice(7).trim() || undefined;
  for (const part of handshake.cookie?.split(";") ?? []) {
    const [name, ...value] = part.trim().split("=");
    if (name === sessionCookieName) return decodeURIComponent(value.join("="));
  }
  return undefined;
}
