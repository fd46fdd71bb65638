import { sql } from "drizzle-orm";
import type { Tx } from "../ledger/ledger.repo.ts";

export interface AuditRecord {
  staffId: string | null;
  /** What was done, `<noun>.<verb>`: `kyc.approve`, `member.flags`, `withdrawal.check`. */
  action: string;
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
