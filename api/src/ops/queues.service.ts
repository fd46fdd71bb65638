import type { OpsQueues } from "@kabuto/shared";
import type { Db } from "../db/database.ts";
import { queueCounts } from "./queues.repo.ts";

/** How many requests wait in each review queue, and since when. */
export function opsQueues(db: Db): Promise<OpsQueues> {
  return queueCounts(db);
}
