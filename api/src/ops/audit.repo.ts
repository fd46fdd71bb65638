import type { AuditEntry } from "@kabuto/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { rowsOf } from "../db/rows.ts";

/** Audit rows a page shows: a screenful or two. */
const auditPageSize = 100;

/** The audit log, newest first, by target or staff member; pages with `before` (an id). */
export async function auditPage(
  db: Pick<Db, "execute">,
  query: { target?: string | undefined; staffId?: string | undefined; before?: number | undefined },
): Promise<AuditEntry[]> {
  const rows = rowsOf(
    await db.execute(sql`
    select a.*, s.login as staff_login from audit_log a left join staff s on s.id = a.staff_id
    where true
      ${query.target ? sql`and a.target = ${query.target}` : sql``}
      ${query.staffId ? sql`and a.staff_id = ${query.staffId}` : sql``}
      ${query.before ? sql`and a.id < ${query.before}` : sql``}
    order by a.id desc limit ${auditPageSize}`),
  );
  return rows.map((row) => ({
    id: String(row.id),
    staffId: (row.staff_id as string | null) ?? null,
    staffLogin: (row.staff_login as string | null) ?? null,
    action: String(row.action),
    target: String(row.target),
    before: row.before ?? null,
    after: row.after ?? null,
    reason: (row.reason as string | null) ?? null,
    atMs: Number(row.at_ms),
  }));
}
