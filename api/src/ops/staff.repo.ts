import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { firstRow } from "../db/raw-rows.ts";
import { staff } from "../db/schema.ts";

export type StaffRow = typeof staff.$inferSelect;
type Reader = Pick<Db, "select">;

export async function staffByLogin(db: Reader, login: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.login, login)).limit(1);
  return row;
}

export async function staffById(db: Reader, staffId: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId)).limit(1);
  return row;
}

/** Every staff account, oldest first. */
export async function allStaff(db: Reader): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.createdAtMs));
}

/** Adds a staff account; undefined if the login is taken. */
export async function insertStaff(
  db: Pick<Db, "insert">,
  values: Pick<StaffRow, "login" | "name" | "role" | "passwordHash" | "createdAtMs">,
): Promise<StaffRow | undefined> {
  const [row] = await db
    .insert(staff)
    .values(values)
    .onConflictDoNothing({ target: staff.login })
    .returning();
  return row;
}

/** Locks a staff account for a change in this transaction. */
export async function lockStaff(db: Reader, staffId: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.id, staffId)).for("update");
  return row;
}

/** Sets the disabled flag of an account the transaction has locked. */
export async function setStaffDisabled(
  db: Pick<Db, "update">,
  staffId: string,
  disabled: boolean,
): Promise<StaffRow> {
  return firstRow(await db.update(staff).set({ disabled }).where(eq(staff.id, staffId)).returning());
}
