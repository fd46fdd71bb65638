import { sql } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { mapRows } from "../db/raw-rows.ts";

export type QueueName =
  | "kyc"
  | "deposits"
  | "withdrawalsToCheck"
  | "withdrawalsToApprove"
  | "loans"
  | "dayTrading";

export interface QueueRow {
  queue: QueueName;
  count: number;
  oldestAtMs: number | null;
}

const queueNames: readonly QueueName[] = [
  "kyc",
  "deposits",
  "withdrawalsToCheck",
  "withdrawalsToApprove",
  "loans",
  "dayTrading",
];

function queueName(text: string): QueueName {
  const name = queueNames.find((each) => each === text);
  if (name === undefined) throw new Error(`unknown queue ${text}`);
  return name;
}

/**
 * Every review queue counted exactly, with the age of its oldest request, in one read. Each
 * count reads its queue's partial index of open requests, not the whole table.
 */
export async function queueCounts(db: Db): Promise<QueueRow[]> {
  const result = await db.execute(sql`
    select 'kyc' as queue, count(*)::int as count, min(created_at_ms) as oldest
      from kyc_applications where status = 'pending'
    union all
    select 'deposits', count(*)::int, min(created_at_ms) from deposits where status = 'pending'
    union all
    select 'withdrawalsToCheck', count(*)::int, min(created_at_ms) from withdrawals where status = 'pending'
    union all
    select 'withdrawalsToApprove', count(*)::int, min(created_at_ms) from withdrawals where status = 'checked'
    union all
    select 'loans', count(*)::int, min(created_at_ms) from loans where status = 'pending'
    union all
    select 'dayTrading', count(*)::int, min(created_at_ms) from day_trade_applications where status = 'pending'`);
  return mapRows(result, (row) => ({
    queue: queueName(row.text("queue")),
    count: row.int("count"),
    oldestAtMs: row.intOrNull("oldest"),
  }));
}
