import { createHash, randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { members, sessions } from "../db/schema.ts";

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
  /**
   * Whether the member has a trading PIN: a money-moving request reads its session fresh (never
   * from the cache), so the PIN's check costs a member without one no read of its own.
   */
  tradingPinSet: boolean;
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
  const [member] = await resolveSessions(db, [{ token, nowMs }]);
  return member;
}

/**
 * Many requests' sessions in one statement (`coalesced` gathers the requests that arrive
 * together): each token's member, as `resolveSession` answers it at the request's own instant.
 */
export async function resolveSessions(
  db: Db,
  lookups: readonly { token: string; nowMs: number }[],
): Promise<(SessionMember | undefined)[]> {
  const hashes = lookups.map((lookup) => hashToken(lookup.token));
  const rows = await db
    .select({
      tokenHash: sessions.tokenHash,
      expiresAtMs: sessions.expiresAtMs,
      id: members.id,
      account: members.account,
      inviteCode: members.inviteCode,
      verification: members.verification,
      frozen: members.frozen,
      disabled: members.disabled,
      tradingBarred: members.tradingBarred,
      withdrawBarred: members.withdrawBarred,
      createdAtMs: members.createdAtMs,
      tradingPinSet: sql<boolean>`${members.tradingPinHash} is not null`,
    })
    .from(sessions)
    .innerJoin(members, eq(members.id, sessions.memberId))
    .where(and(inArray(sessions.tokenHash, [...new Set(hashes)]), isNull(sessions.revokedAtMs)));
  const byHash = new Map(rows.map((row) => [row.tokenHash, row]));
  return lookups.map((lookup, index) => {
    const row = byHash.get(hashes[index] as string);
    if (!row || row.expiresAtMs <= lookup.nowMs || row.disabled) return undefined;
    const { tokenHash: _hash, expiresAtMs: _expires, ...member } = row;
    return member;
  });
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

/**
 * The member a session token belongs to, and a key for the session (its hash) that an ended
 * session is later announced by: what the gateway needs to let a socket hold its private topic.
 */
export function memberSessionLookup(
  db: Db,
  now: () => number,
): (token: string) => Promise<{ memberId: string; sessionKey: string } | undefined> {
  return async (token) => {
    const member = await resolveSession(db, token, now());
    return member ? { memberId: member.id, sessionKey: hashToken(token) } : undefined;
  };
}
