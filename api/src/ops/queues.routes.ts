import { type OpsQueues, opsQueuesSchema } from "@kabuto/shared";
import { sql } from "drizzle-orm";
import type { Router } from "express";
import type { Db } from "../db/database.ts";
import { rowsOf } from "../db/rows.ts";
import type { ApiDocs } from "../http/openapi.ts";
import { requireStaff } from "./staff-sessions.ts";

/**
 * The overview's counts: every review queue counted exactly, with the age of its oldest request,
 * in one read. The queue pages list at most a page each, which cannot tell 100 from 1,000.
 */
export function mountOpsQueueRoutes(ops: Router, docs: ApiDocs, deps: { db: Db }): void {
  const route = docs.on(ops, "/ops");
  route(
    {
      method: "get",
      path: "/queues",
      tag: "ops",
      summary: "How many identity checks, deposits and withdrawals wait for a decision, and since when",
      response: opsQueuesSchema,
      errors: ["STAFF_UNAUTHENTICATED", "FORBIDDEN"],
    },
    async (request, response) => {
      requireStaff(request, "reviewer");
      // Each count reads its queue's partial index of open requests, not the whole table.
      const rows = rowsOf(
        await deps.db.execute(sql`
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
      const body: OpsQueues = {
        kyc: queue("kyc"),
        deposits: queue("deposits"),
        withdrawalsToCheck: queue("withdrawalsToCheck"),
        withdrawalsToApprove: queue("withdrawalsToApprove"),
      };
      response.json(body);
    },
  );
}
