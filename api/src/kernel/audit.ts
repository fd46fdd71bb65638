import type { AuditActionCode } from "@kabuto/shared/api/audit";
import type { AuditEntry } from "@kabuto/shared/api/ops";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { auditLog, staff } from "../db/schema.ts";
import type { Tx } from "../ledger/ledger.repo.ts";

/** Audit rows a page shows: a screenful or two. */
const auditPageSize = 100;

export interface AuditQuery {
  target?: string | undefined;
  staffId?: string | undefined;
  /** The id of the oldest row already shown: the page goes on after it, in the same order. */
  before?: number | undefined;
}

export interface AuditRecord {
  staffId: string | null;
  /** What was done, `<noun>.<verb>`, from the shared closed list: `kyc.approve`, `member.flags`. */
  action: AuditActionCode;
  /** What it was done to, `<noun>:<id>`: `member:<uuid>`, `deposit:12`. */
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
  atMs: number;
}

/**
 * Writes one audit row inside the caller's transaction, so an action and its record commit
 * together or not at all. The table refuses UPDATE, DELETE and TRUNCATE (migration 0008).
 */
export async function recordAudit(tx: Tx, record: AuditRecord): Promise<void> {
  const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value, bigintAsString));
  await tx.execute(sql`
    insert into audit_log (staff_id, action, target, before, after, reason, ip, at_ms)
    values (${record.staffId}, ${record.action}, ${record.target}, ${json(record.before)}::jsonb,
            ${json(record.after)}::jsonb, ${record.reason ?? null}, ${record.ip ?? null}, ${record.atMs})`);
}

function bigintAsString(_key: string, value: unknown): unknown {
  return typeof value === "bigint" ? value.toString() : value;
}

/**
 * The audit log, newest first by when the action happened (ids breaking ties, so pages neither
 * repeat nor skip a row), by target or staff member, with the login of whoever acted. An id is
 * not a time: the seeds record actions dated before rows already written.
 */
export async function auditPage(db: Db, query: AuditQuery): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      staffId: auditLog.staffId,
      staffLogin: staff.login,
      action: auditLog.action,
      target: auditLog.target,
      before: auditLog.before,
      after: auditLog.after,
      reason: auditLog.reason,
      atMs: auditLog.atMs,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(
      and(
        query.target ? eq(auditLog.target, query.target) : undefined,
        query.staffId ? eq(auditLog.staffId, query.staffId) : undefined,
        query.before
          ? sql`(${auditLog.atMs}, ${auditLog.id}) < (select at_ms, id from audit_log where id = ${query.before})`
          : undefined,
      ),
    )
    .orderBy(desc(auditLog.atMs), desc(auditLog.id))
    .limit(auditPageSize);
  return rows.map((row) => ({
    ...row,
    id: String(row.id),
    before: row.before ?? null,
    after: row.after ?? null,
  }));
}
