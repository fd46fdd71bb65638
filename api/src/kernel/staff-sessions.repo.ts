import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { staff, staffSessions } from "../db/schema.ts";

/** The queries of staff sessions: every console request checks one (staff-sessions.ts). */

type Reader = Pick<Db, "select">;

export async function insertStaffSession(
  db: Pick<Db, "insert">,
  session: { tokenHash: string; staffId: string; createdAtMs: number; expiresAtMs: number },
): Promise<void> {
  await db.insert(staffSessions).values(session);
}

/** Ends one live session. */
export async function revokeStaffSessionByHash(
  db: Pick<Db, "update">,
  tokenHash: string,
  nowMs: number,
): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAtMs: nowMs })
    .where(and(eq(staffSessions.tokenHash, tokenHash), isNull(staffSessions.revokedAtMs)));
}

/** Ends every live session of a staff member. */
export async function revokeSessionsOfStaff(
  db: Pick<Db, "update">,
  staffId: string,
  nowMs: number,
): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAtMs: nowMs })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAtMs)));
}

/** The enabled staff member a live, unexpired session belongs to. */
export async function staffOfSession(
  db: Reader,
  tokenHash: string,
  nowMs: number,
): Promise<Pick<typeof staff.$inferSelect, "id" | "login" | "name" | "role"> | undefined> {
  const [row] = await db
    .select({ id: staff.id, login: staff.login, name: staff.name, role: staff.role })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        isNull(staffSessions.revokedAtMs),
        gt(staffSessions.expiresAtMs, nowMs),
        eq(staff.disabled, false),
      ),
    )
    .limit(1);
  return row;
}
