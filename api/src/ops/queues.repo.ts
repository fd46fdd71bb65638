import type { OpsQueues } from "@kabuto/shared";
import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { rowsOf } from "../db/rows.ts";

/**
 * The overview's counts: every review queue counted exactly, with the age of its oldest request,
 * in one read. The queue pages list at most a page each, which cannot tell 100 from 1,000.
 */
export async function queueCounts(db: Pick<Db, "execute">): Promise<OpsQueues> {
  // Each count reads its queue's partial index of open requests, not the whole table.
  const rows = rowsOf(
    await db.execute(sql`
      select 'kyc' as queue, count(*)::int as count, min(created_at_ms) as oldest
        from kyc_applications where status = 'pending'
      union all
      select 'deposits', count(*)::int, min(created_at_ms) from deposits where status = 'pending'
      union all
      select 'withdrawalsToCheck', count(*)::int, min(created_at_ms) from withdrawals where status = 'pending'
      union all
      select 'withdrawalsToApprove', count(*)::int, min(created_at_ms) from withdrawals where status = 'checked'`),
  );
  const queue = (name: string) => {
    const row = rows.find((each) => each.queue === name);
    return {
      count: Number(row?.count ?? 0),
      oldestAtMs: row?.oldest == null ? null : Number(row.oldest),
    };
  };
  return {
    kyc: queue("kyc"),
    deposits: queue("deposits"),
    withdrawalsToCheck: queue("withdrawalsToCheck"),
    withdrawalsToApprove: queue("withdrawalsToApprove"),
  };
}
