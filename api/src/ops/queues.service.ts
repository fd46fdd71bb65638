import type { OpsQueues } from "@kabuto/shared/api/ops";
import type { Db } from "../db/database.ts";
import { type QueueName, queueCounts } from "./queues.repo.ts";

/**
 * The overview's counts. The queue pages list at most a page each, which cannot tell 100 from
 * 1,000; this counts every queue exactly.
 */
export class QueuesService {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async overview(): Promise<OpsQueues> {
    const rows = await queueCounts(this.db);
    const queue = (name: QueueName) => {
      const row = rows.find((each) => each.queue === name);
      return { count: row?.count ?? 0, oldestAtMs: row?.oldestAtMs ?? null };
    };
    return {
      kyc: queue("kyc"),
      deposits: queue("deposits"),
      withdrawalsToCheck: queue("withdrawalsToCheck"),
      withdrawalsToApprove: queue("withdrawalsToApprove"),
      loans: queue("loans"),
      dayTrading: queue("dayTrading"),
    };
  }
}
