import type {
  DayTradeApplication,
  DayTradeApplicationStatus,
  OpsDayTradeApplication,
} from "@kabuto/shared/api/day-trading";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { dayTradeApplications, members } from "../db/schema.ts";

/** Every query of day-trading applications, with typed rows. */
type Conn = Pick<Db, "select" | "insert" | "update">;
type ApplicationRow = typeof dayTradeApplications.$inferSelect;

/** Applications a console page lists at most. */
const pageMax = 200;

export function toApplication(row: ApplicationRow): DayTradeApplication {
  return {
    id: String(row.id),
    status: row.status,
    createdAtMs: row.createdAtMs,
    decidedAtMs: row.decidedAtMs,
    reason: row.reason,
  };
}

/** The member's newest application, whatever its state. */
export async function latestApplication(
  db: Pick<Db, "select">,
  memberId: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(dayTradeApplications)
    .where(eq(dayTradeApplications.memberId, memberId))
    .orderBy(desc(dayTradeApplications.id))
    .limit(1);
  return row;
}

/** The member's pending or approved application, if any. */
export async function liveApplication(db: Conn, memberId: string): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(dayTradeApplications)
    .where(
      and(
        eq(dayTradeApplications.memberId, memberId),
        inArray(dayTradeApplications.status, ["pending", "approved"]),
      ),
    )
    .limit(1);
  return row;
}

export async function insertApplication(db: Conn, memberId: string, nowMs: number): Promise<ApplicationRow> {
  const [row] = await db
    .insert(dayTradeApplications)
    .values({ memberId, status: "pending", agreedAtMs: nowMs, createdAtMs: nowMs })
    .returning();
  if (!row) throw new Error("the new application was not returned");
  return row;
}

export async function lockApplication(db: Conn, id: number): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(dayTradeApplications)
    .where(eq(dayTradeApplications.id, id))
    .for("update");
  return row;
}

export async function decideApplication(
  db: Conn,
  id: number,
  decision: { status: "approved" | "rejected"; reason: string | null; staffId: string | null; nowMs: number },
): Promise<ApplicationRow> {
  const [row] = await db
    .update(dayTradeApplications)
    .set({
      status: decision.status,
      reason: decision.reason,
      decidedBy: decision.staffId,
      decidedAtMs: decision.nowMs,
    })
    .where(eq(dayTradeApplications.id, id))
    .returning();
  if (!row) throw new Error(`application ${id} vanished under its lock`);
  return row;
}

/** The queue: pending oldest first; decided ones newest first. */
export async function applicationsByStatus(
  db: Pick<Db, "select">,
  status: DayTradeApplicationStatus,
): Promise<OpsDayTradeApplication[]> {
  const rows = await db
    .select({ application: dayTradeApplications, account: members.account, realName: members.realName })
    .from(dayTradeApplications)
    .innerJoin(members, eq(members.id, dayTradeApplications.memberId))
    .where(eq(dayTradeApplications.status, status))
    .orderBy(status === "pending" ? asc(dayTradeApplications.id) : desc(dayTradeApplications.id))
    .limit(pageMax);
  return rows.map(toOps);
}

export async function opsApplication(
  db: Pick<Db, "select">,
  id: number,
): Promise<OpsDayTradeApplication | undefined> {
  const [row] = await db
    .select({ application: dayTradeApplications, account: members.account, realName: members.realName })
    .from(dayTradeApplications)
    .innerJoin(members, eq(members.id, dayTradeApplications.memberId))
    .where(eq(dayTradeApplications.id, id));
  return row && toOps(row);
}

function toOps(row: { application: ApplicationRow; account: string; realName: string | null }) {
  return {
    ...toApplication(row.application),
    memberId: row.application.memberId,
    memberAccount: row.account,
    memberRealName: row.realName,
  };
}
